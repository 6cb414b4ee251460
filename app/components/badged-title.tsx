import { type ReactNode } from 'react'

/**
 * A card's title with a solid badge after it when there is one (a plan's
 * "Popular", a broker's "Recommended"): each caller gives its own classes.
 */
export function BadgedTitle({
	as: Row = 'div',
	className = 'flex items-center justify-between gap-2',
	title,
	badge,
	badgeClassName,
}: {
	/** `span` inside phrasing content (a label). */
	as?: 'div' | 'span'
	className?: string
	/** The heading (or text) element. */
	title: ReactNode
	/** Nothing shown when null, undefined, false or empty. */
	badge: ReactNode
	badgeClassName: string
}) {
	return (
		<Row className={className}>
			{title}
			{badge ? <span className={badgeClassName}>{badge}</span> : null}
		</Row>
	)
}
