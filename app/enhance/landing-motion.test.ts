import { describe, expect, test } from 'vitest'
import {
	carouselIndex,
	HIGHLIGHT_INTERVAL_MS,
	NARROW_MAX_WIDTH_PX,
	nextHighlight,
	parallaxAt,
	parallaxTransform,
	PARALLAX,
} from './landing-motion.js'

describe('spec section 9 constants', () => {
	test('highlight every 5 s, narrow below 768 px, parallax 0-500 to -150 and 0.9, fade 0-300', () => {
		expect(HIGHLIGHT_INTERVAL_MS).toBe(5_000)
		expect(NARROW_MAX_WIDTH_PX).toBe(768)
		expect(PARALLAX).toEqual({ scrollEnd: 500, maxShiftPx: -150, minScale: 0.9, fadeEnd: 300 })
	})
})

describe('parallaxAt', () => {
	test('at the top nothing moves', () => {
		expect(parallaxAt(0)).toEqual({ shiftPx: 0, scale: 1, opacity: 1 })
	})

	test('moves, scales and fades linearly', () => {
		const half = parallaxAt(250)
		expect(half.shiftPx).toBeCloseTo(-75)
		expect(half.scale).toBeCloseTo(0.95)
		expect(half.opacity).toBeCloseTo(1 - 250 / 300)
		expect(parallaxAt(150).opacity).toBeCloseTo(0.5)
	})

	test('the fade ends at 300, the movement at 500', () => {
		expect(parallaxAt(300).opacity).toBe(0)
		expect(parallaxAt(300).shiftPx).toBeCloseTo(-90)
		expect(parallaxAt(500)).toEqual({ shiftPx: -150, scale: 0.9, opacity: 0 })
	})

	test('clamps past the end, above the top (overscroll) and for bad input', () => {
		expect(parallaxAt(5_000)).toEqual({ shiftPx: -150, scale: 0.9, opacity: 0 })
		expect(parallaxAt(-40)).toEqual({ shiftPx: 0, scale: 1, opacity: 1 })
		expect(parallaxAt(Number.NaN)).toEqual({ shiftPx: 0, scale: 1, opacity: 1 })
	})
})

describe('nextHighlight', () => {
	test('cycles over 3 values', () => {
		expect([0, 1, 2].map((i) => nextHighlight(i, 3))).toEqual([1, 2, 0])
		expect(nextHighlight(0, 0)).toBe(0)
	})
})

describe('parallaxTransform', () => {
	test('the inline transform at the top, mid-way and past the end', () => {
		expect(parallaxTransform(parallaxAt(0))).toBe('translate3d(0, 0.0px, 0) scale(1.0000)')
		expect(parallaxTransform(parallaxAt(150))).toBe('translate3d(0, -45.0px, 0) scale(0.9700)')
		expect(parallaxTransform(parallaxAt(900))).toBe('translate3d(0, -150.0px, 0) scale(0.9000)')
	})
})

describe('carouselIndex', () => {
	test('the item a scroll position shows, rounded to the nearest and kept within the items', () => {
		expect(carouselIndex(0, 600, 3)).toBe(0)
		expect(carouselIndex(290, 600, 3)).toBe(0)
		expect(carouselIndex(310, 600, 3)).toBe(1)
		expect(carouselIndex(1200, 600, 3)).toBe(2)
		expect(carouselIndex(5000, 600, 3)).toBe(2)
		expect(carouselIndex(-30, 600, 3)).toBe(0)
	})

	test('a track with no width (hidden) or no items shows the first', () => {
		expect(carouselIndex(300, 0, 3)).toBe(0)
		expect(carouselIndex(300, 600, 0)).toBe(0)
	})
})
