import { cx } from '#app/utils/misc.ts'

/**
 * A table wider than a phone, in a region that scrolls sideways. The region
 * is named and focusable, so keyboard users can scroll it with the arrow
 * keys (WCAG 2.1.1; axe's scrollable-region-focusable), and its name is its
 * own: a second landmark named like the section would be a duplicate (axe
 * landmark-unique).
 *
 * When the table is wider than the region, a cue says so, without
 * JavaScript (table-scroller.css, part of app/app.css): a soft shade on the
 * edge where more columns are (scroll shadows: backgrounds that scroll with
 * the content cover the shades at the ends), and a line above the table, "Scroll
 * sideways for more columns", shown only while the region can scroll. The
 * region carries `data-scroll-cue` and the line `data-scroll-cue-hint`:
 * tests/e2e/screens.spec.ts fails a page where something scrolls sideways
 * without them, or where the cue is not visible.
 *
 * `className` goes on the outer box (margins, `hidden sm:block`...), which
 * holds the line and the region.
 */
export function TableScroller({
	label,
	className,
	children,
}: {
	label: string
	className?: string
	children: React.ReactNode
}) {
	return (
		<div className={cx('table-scroller', className)}>
			<p className="table-scroller-hint" data-scroll-cue-hint="" aria-hidden="true">
				<svg viewBox="0 0 24 16" width="18" height="12" fill="none" stroke="currentColor" strokeWidth="2">
					<path d="M1 8h22M6 3 1 8l5 5M18 3l5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
				</svg>
				Scroll sideways for more columns
			</p>
			{/* relative: absolutely placed content (sr-only text, checkboxes) stays inside the scroller. */}
			<div
				className="table-scroller-region relative"
				data-scroll-cue="shadows"
				tabIndex={0}
				role="region"
				aria-label={label}
			>
				{children}
			</div>
		</div>
	)
}
