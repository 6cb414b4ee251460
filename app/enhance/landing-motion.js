// The landing page's motion arithmetic (spec section 9), shared by the
// public pages' script (./public-pages.js) and the unit tests.

/** Spec section 9: the highlight moves on every 5 seconds. */
export const HIGHLIGHT_INTERVAL_MS = 5000
/** Spec section 9: below 768 px the layout is narrow: no parallax, no fade. */
export const NARROW_MAX_WIDTH_PX = 768
/** Spec section 9: scroll 0 to 500 moves up to -150 px and scales to 0.9; the fade runs over 0 to 300. */
export const PARALLAX = Object.freeze({ scrollEnd: 500, maxShiftPx: -150, minScale: 0.9, fadeEnd: 300 })

/** @param {number} n */
function clamp01(n) {
	return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0
}

/**
 * The hero's shift (px), scale and opacity at a scroll position.
 * @param {number} scrollY
 */
export function parallaxAt(scrollY) {
	const travel = clamp01(scrollY / PARALLAX.scrollEnd)
	return {
		shiftPx: PARALLAX.maxShiftPx * travel + 0, // + 0: never -0
		scale: 1 - (1 - PARALLAX.minScale) * travel,
		opacity: 1 - clamp01(scrollY / PARALLAX.fadeEnd),
	}
}

/**
 * The CSS transform for a parallax state, as the hero's inline style.
 * @param {{ shiftPx: number, scale: number }} state
 */
export function parallaxTransform({ shiftPx, scale }) {
	return `translate3d(0, ${shiftPx.toFixed(1)}px, 0) scale(${scale.toFixed(4)})`
}

/**
 * The next highlighted item, wrapping round.
 * @param {number} index
 * @param {number} count
 */
export function nextHighlight(index, count) {
	return count > 0 ? (index + 1) % count : 0
}

/**
 * The carousel item a scroll-snap track shows: its scroll position in
 * whole track widths, within the items.
 * @param {number} scrollLeft
 * @param {number} width
 * @param {number} count
 */
export function carouselIndex(scrollLeft, width, count) {
	if (!(width > 0) || !(count > 0)) return 0
	return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / width)))
}
