import { type SVGProps } from 'react'
import spriteHref from 'virtual:icon-sprite'
import { cx } from '#app/utils/misc.ts'
import { type IconName } from './icon-names.ts'

export { spriteHref, type IconName }

const SIZES = {
	/** The size of the text around it. */
	font: '1em',
	sm: '1rem',
	md: '1.25rem',
	lg: '1.5rem',
} as const

/**
 * An icon of the sprite (other/icon-sprite.ts): `<svg><use href="…#name">`,
 * a same-origin, hashed, cached file; no JavaScript. Decorative by default
 * (`aria-hidden`): the text beside it says what it means. An icon that
 * stands for something on its own (a control with no text) takes `label`,
 * its accessible name. Width and height are attributes too, so an icon keeps
 * its size even before the stylesheet arrives.
 */
export function Icon({
	name,
	size = 'font',
	label,
	className,
	...props
}: Omit<SVGProps<SVGSVGElement>, 'children'> & { name: IconName; size?: keyof typeof SIZES; label?: string }) {
	return (
		<svg
			width={SIZES[size]}
			height={SIZES[size]}
			{...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
			focusable="false"
			className={cx('inline-block shrink-0', className)}
			{...props}
		>
			<use href={`${spriteHref}#${name}`} />
		</svg>
	)
}

/** After the text of a link that opens in a new tab: the symbol, and the same said to screen readers. */
export function NewTabMark() {
	return (
		<>
			<Icon name="external-link" className="ml-1 align-[-0.125em]" />
			<span className="sr-only"> (opens in a new tab)</span>
		</>
	)
}
