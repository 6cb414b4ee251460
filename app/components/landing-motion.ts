import { useEffect, useState, type RefObject } from 'react'
import { HIGHLIGHT_INTERVAL_MS, NARROW_MAX_WIDTH_PX, nextHighlight, parallaxAt, parallaxTransform } from '#app/enhance/landing-motion.js'

// The arithmetic is plain JS, shared with the unit tests.
export { HIGHLIGHT_INTERVAL_MS, NARROW_MAX_WIDTH_PX, nextHighlight, PARALLAX, parallaxAt } from '#app/enhance/landing-motion.js'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
const WIDE = `(min-width: ${NARROW_MAX_WIDTH_PX}px)`

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
			el.style.transform = parallaxTransform({ shiftPx, scale })
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
