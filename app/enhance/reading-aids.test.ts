import { expect, test } from 'vitest'
import { READING_LINE, scrolledToBottom, scrollProgress, sectionInView } from './reading-aids.js'

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

test('the section being read is the last one whose top passed 15% of the viewport', () => {
	expect(READING_LINE).toBe(0.15)
	// Viewport 800 px high: the line is at 120 px.
	expect(sectionInView([300, 900, 1500], 800, false)).toBe(-1)
	expect(sectionInView([120, 700, 1300], 800, false)).toBe(0)
	expect(sectionInView([-900, 100, 700], 800, false)).toBe(1)
	expect(sectionInView([-2000, -1200, 50], 800, false)).toBe(2)
	expect(sectionInView([], 800, false)).toBe(-1)
})

test('at the bottom of the page the last section is the one being read', () => {
	expect(sectionInView([-2000, -300, 500], 800, true)).toBe(2)
	expect(sectionInView([], 800, true)).toBe(-1)
	expect(scrolledToBottom(4200, 800, 5000)).toBe(true)
	expect(scrolledToBottom(4198, 800, 5000)).toBe(true)
	expect(scrolledToBottom(4100, 800, 5000)).toBe(false)
	// A page shorter than the screen, unscrolled, is not "scrolled to the bottom".
	expect(scrolledToBottom(0, 800, 700)).toBe(false)
})
