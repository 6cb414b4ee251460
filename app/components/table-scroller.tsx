import { cx } from '#app/utils/misc.ts'

/**
 * A table wider than a phone, in a region that scrolls sideways. The region
 * is named and focusable, so keyboard users can scroll it with the arrow
 * keys (WCAG 2.1.1; axe's scrollable-region-focusable), and its name is its
 * own: a second landmark named like the section would be a duplicate (axe
 * landmark-unique).
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
		<div className={cx('overflow-x-auto', className)} tabIndex={0} role="region" aria-label={label}>
			{children}
		</div>
	)
}
