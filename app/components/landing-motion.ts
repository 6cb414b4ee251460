import { useEffect, useState, type RefObject } from 'react'

/** Spec section 9: the highlight moves on every 5 seconds. */
export const HIGHLIGHT_INTERVAL_MS = 5_000
/** Spec section 9: below 768 px the layout is narrow: no parallax, no fade. */
export const NARROW_MAX_WIDTH_PX = 768
/** Spec section 9: scroll 0 to 500 moves up to -150 px and scales to 0.9; the fade runs over 0 to 300. */
export const PARALLAX = { scrollEnd: 500, maxShiftPx: -150, minScale: 0.9, fadeEnd: 300 } as const

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
const WIDE = `(min-width: ${NARROW_MAX_WIDTH_PX}px)`

function clamp01(n: number) {
	return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0
}

/** The hero's shift (px), scale and opacity at a scroll position. */
export function parallaxAt(scrollY: number) {
	const travel = clamp01(scrollY / PARALLAX.scrollEnd)
	return {
		shiftPx: PARALLAX.maxShiftPx * travel + 0, // + 0: never -0
		scale: 1 - (1 - PARALLAX.minScale) * travel,
		opacity: 1 - clamp01(scrollY / PARALLAX.fadeEnd),
	}
}

/** The next highlighted item, wrapping round. */
export function nextHighlight(index: number, count: number) {
	return count > 0 ? (index + 1) % count : 0
}

function motionAllowed() {
	return !window.matchMedia(REDUCED_MOTION).matches
}

/**
 * The index of the highlighted item: 0 on the server and without JS, then
 * moving on every 5 seconds. It holds still while `paused` (hover or focus)
 * and when the visitor prefers reduced motion.
 */
export function useHighlight(count: number, paused: boolean) {
	const [index, setIndex] = useState(0)
	useEffect(() => {
		if (paused || count < 2 || !motionAllowed()) return
		const timer = setInterval(() => setIndex((i) => nextHighlight(i, count)), HIGHLIGHT_INTERVAL_MS)
		return () => clearInterval(timer)
	}, [count, paused])
	return index
}

/**
 * Scroll-linked parallax and fade on `ref` (an enhancement: the server's
 * HTML has no transform). Off below 768 px and with reduced motion; it
 * switches on and off as those media queries change.
 */
export function useParallax(ref: RefObject<HTMLElement | null>) {
	useEffect(() => {
		const el = ref.current
		if (!el) return
		const wide = window.matchMedia(WIDE)
		const reduced = window.matchMedia(REDUCED_MOTION)
		let frame = 0
		let active = false

		const paint = () => {
			frame = 0
			const { shiftPx, scale, opacity } = parallaxAt(window.scrollY)
			el.style.transform = `translate3d(0, ${shiftPx.toFixed(1)}px, 0) scale(${scale.toFixed(4)})`
			el.style.opacity = opacity.toFixed(3)
		}
		const onScroll = () => {
			if (!frame) frame = requestAnimationFrame(paint)
		}
		const reset = () => {
			if (frame) cancelAnimationFrame(frame)
			frame = 0
			el.style.transform = ''
			el.style.opacity = ''
		}
		const update = () => {
			const shouldRun = wide.matches && !reduced.matches
			if (shouldRun === active) return
			active = shouldRun
			if (active) {
				window.addEventListener('scroll', onScroll, { passive: true })
				paint()
			} else {
				window.removeEventListener('scroll', onScroll)
				reset()
			}
		}

		update()
		wide.addEventListener('change', update)
		reduced.addEventListener('change', update)
		return () => {
			wide.removeEventListener('change', update)
			reduced.removeEventListener('change', update)
			window.removeEventListener('scroll', onScroll)
			reset()
		}
	}, [ref])
}
