import { expect, test } from 'vitest'
import { scrollProgress } from './reading-aids.tsx'

test('scroll progress runs from 0 at the top to 1 at the bottom', () => {
	expect(scrollProgress(0, 5000, 800)).toBe(0)
	expect(scrollProgress(2100, 5000, 800)).toBeCloseTo(0.5)
	expect(scrollProgress(4200, 5000, 800)).toBe(1)
})

test('clamps overscroll, and a page shorter than the screen counts as read', () => {
	expect(scrollProgress(-50, 5000, 800)).toBe(0)
	expect(scrollProgress(4300, 5000, 800)).toBe(1)
	expect(scrollProgress(0, 700, 800)).toBe(1)
	expect(scrollProgress(0, 800, 800)).toBe(1)
})
