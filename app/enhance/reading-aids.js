// Arithmetic of the terms page's reading aids, shared by the public pages'
// script (./public-pages.js) and the unit tests.

/**
 * The fraction of the page scrolled, 0 to 1 (a page shorter than the
 * screen counts as read).
 * @param {number} scrollY
 * @param {number} scrollHeight
 * @param {number} viewportHeight
 */
export function scrollProgress(scrollY, scrollHeight, viewportHeight) {
	const range = scrollHeight - viewportHeight
	if (!(range > 0)) return 1
	return Math.min(1, Math.max(0, scrollY / range))
}

/** The line (from the viewport's top, as a fraction of its height) a section's top must pass to count as being read. */
export const READING_LINE = 0.15

/**
 * The index of the section being read: the last one whose top (from the
 * viewport's top, in px) has passed the reading line, the last section
 * once the page is scrolled to the bottom, or -1 above the first one.
 * @param {number[]} tops
 * @param {number} viewportHeight
 * @param {boolean} atBottom
 */
export function sectionInView(tops, viewportHeight, atBottom) {
	if (atBottom && tops.length > 0) return tops.length - 1
	const line = viewportHeight * READING_LINE
	let current = -1
	for (let i = 0; i < tops.length; i++) if (tops[i] <= line) current = i
	return current
}

/**
 * True when the page is scrolled to its bottom (within 2 px) and not at its top.
 * @param {number} scrollY
 * @param {number} viewportHeight
 * @param {number} scrollHeight
 */
export function scrolledToBottom(scrollY, viewportHeight, scrollHeight) {
	return scrollY > 0 && viewportHeight + scrollY >= scrollHeight - 2
}
