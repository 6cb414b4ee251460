// Countdown arithmetic, shared by the server render (app/components/countdown.tsx
// re-exports it), the public pages' script (./public-pages.js) and the unit
// tests. Plain ES2019 JavaScript without dependencies: it ships as is.

/** @typedef {{ days: number, hours: number, minutes: number, seconds: number }} DurationParts */

/**
 * One second less, never below zero.
 * @param {number} seconds
 */
export function tick(seconds) {
	return Math.max(0, seconds - 1)
}

/**
 * Whole seconds split into days, hours, minutes and seconds with carry
 * (90 seconds is 1 minute 30 seconds); negative or invalid input is zero.
 * @param {number} totalSeconds
 * @returns {DurationParts}
 */
export function splitDuration(totalSeconds) {
	const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0
	return {
		days: Math.floor(s / 86400),
		hours: Math.floor((s % 86400) / 3600),
		minutes: Math.floor((s % 3600) / 60),
		seconds: s % 60,
	}
}

/**
 * Days, hours, minutes and seconds back to whole seconds.
 * @param {DurationParts} parts
 */
export function durationToSeconds({ days, hours, minutes, seconds }) {
	return days * 86400 + hours * 3600 + minutes * 60 + seconds
}

/** @param {number} n */
const two = (n) => (n < 10 ? '0' : '') + n

/**
 * "17d 14h 32m 45s", with two-digit hours, minutes and seconds.
 * @param {number} totalSeconds
 */
export function formatDuration(totalSeconds) {
	const { days, hours, minutes, seconds } = splitDuration(totalSeconds)
	return `${days}d ${two(hours)}h ${two(minutes)}m ${two(seconds)}s`
}
