import { useEffect, useState } from 'react'

/**
 * A countdown that renders its current value on the server and ticks once a
 * second in the browser, stopping at zero.
 */
export function useCountdown(startSeconds: number) {
	const [remaining, setRemaining] = useState(Math.max(0, Math.floor(startSeconds)))
	useEffect(() => {
		if (remaining <= 0) return
		const timer = setInterval(() => setRemaining(tick), 1000)
		return () => clearInterval(timer)
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [remaining <= 0])
	return remaining
}

/** One second less, never below zero. */
export function tick(seconds: number) {
	return Math.max(0, seconds - 1)
}

/** mm:ss, with minutes allowed past 59 (e.g. 90:00). */
export function formatMinutesSeconds(totalSeconds: number) {
	// NaN or Infinity (say, from an invalid date) shows 00:00, not NaN:NaN.
	const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0
	const minutes = Math.floor(s / 60)
	const seconds = s % 60
	return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number }

/**
 * Whole seconds split into days, hours, minutes and seconds with carry
 * (90 seconds is 1 minute 30 seconds); negative or invalid input is zero.
 */
export function splitDuration(totalSeconds: number): DurationParts {
	const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0
	return {
		days: Math.floor(s / 86_400),
		hours: Math.floor((s % 86_400) / 3_600),
		minutes: Math.floor((s % 3_600) / 60),
		seconds: s % 60,
	}
}

/** Days, hours, minutes and seconds back to whole seconds. */
export function durationToSeconds({ days, hours, minutes, seconds }: DurationParts) {
	return days * 86_400 + hours * 3_600 + minutes * 60 + seconds
}

/** "17d 14h 32m 45s", with two-digit hours, minutes and seconds. */
export function formatDuration(totalSeconds: number) {
	const { days, hours, minutes, seconds } = splitDuration(totalSeconds)
	const two = (n: number) => String(n).padStart(2, '0')
	return `${days}d ${two(hours)}h ${two(minutes)}m ${two(seconds)}s`
}
