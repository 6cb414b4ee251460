import { useEffect, useState } from 'react'
import { tick } from '#app/enhance/countdown.js'

// The countdown arithmetic is plain JS shared with the public pages' script
// (app/enhance/public-pages.js), which runs it without React.
export { durationToSeconds, formatDuration, splitDuration, tick, type DurationParts } from '#app/enhance/countdown.js'

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

/** mm:ss, with minutes allowed past 59 (e.g. 90:00). */
export function formatMinutesSeconds(totalSeconds: number) {
	// NaN or Infinity (say, from an invalid date) shows 00:00, not NaN:NaN.
	const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0
	const minutes = Math.floor(s / 60)
	const seconds = s % 60
	return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}
