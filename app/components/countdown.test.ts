import { describe, expect, test } from 'vitest'
import { LANDING_COUNTDOWN_START_SECONDS } from '#app/content/landing.ts'
import { durationToSeconds, formatDuration, formatMinutesSeconds, splitDuration, tick } from './countdown.tsx'

describe('formatMinutesSeconds', () => {
	test.each([
		[900, '15:00'],
		[59, '00:59'],
		[60, '01:00'],
		[61, '01:01'],
		[1, '00:01'],
		[599, '09:59'],
		[3599, '59:59'],
		[5400, '90:00'],
		[6000, '100:00'],
	])('%i -> %s', (seconds, text) => {
		expect(formatMinutesSeconds(seconds)).toBe(text)
	})

	test.each([0, -1, -59, -900, -0, Number.NEGATIVE_INFINITY])('%d -> 00:00', (seconds) => {
		expect(formatMinutesSeconds(seconds)).toBe('00:00')
	})

	test('NaN and Infinity (an invalid date, say) show 00:00', () => {
		expect(formatMinutesSeconds(Number.NaN)).toBe('00:00')
		expect(formatMinutesSeconds(Number.POSITIVE_INFINITY)).toBe('00:00')
	})

	test('fractions are floored', () => {
		expect(formatMinutesSeconds(59.999)).toBe('00:59')
		expect(formatMinutesSeconds(0.5)).toBe('00:00')
		expect(formatMinutesSeconds(-0.5)).toBe('00:00')
	})
})

describe('splitDuration', () => {
	test('the contest start value 17d 14h 32m 45s round-trips', () => {
		const total = durationToSeconds({ days: 17, hours: 14, minutes: 32, seconds: 45 })
		expect(total).toBe(1_521_165)
		expect(splitDuration(total)).toEqual({ days: 17, hours: 14, minutes: 32, seconds: 45 })
	})

	test('one second less carries through every unit', () => {
		expect(splitDuration(86_400 - 1)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 })
		expect(splitDuration(86_400)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 })
		expect(splitDuration(3_600)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 })
		expect(splitDuration(3_599)).toEqual({ days: 0, hours: 0, minutes: 59, seconds: 59 })
		expect(splitDuration(60)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 })
		expect(splitDuration(59)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 })
	})

	test('stops at zero: negative, NaN and infinite input is zero', () => {
		const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 }
		expect(splitDuration(0)).toEqual(zero)
		expect(splitDuration(-5)).toEqual(zero)
		expect(splitDuration(Number.NaN)).toEqual(zero)
		expect(splitDuration(Number.POSITIVE_INFINITY)).toEqual(zero)
	})

	test('formatDuration pads hours, minutes and seconds', () => {
		expect(formatDuration(1_521_165)).toBe('17d 14h 32m 45s')
		expect(formatDuration(302_730)).toBe('3d 12h 05m 30s')
		expect(formatDuration(0)).toBe('0d 00h 00m 00s')
	})
})

describe('the landing countdown (spec section 9: 3d 12h 45m 30s)', () => {
	test('starts at 3 days 12 hours 45 minutes 30 seconds', () => {
		expect(LANDING_COUNTDOWN_START_SECONDS).toBe(3 * 86_400 + 12 * 3_600 + 45 * 60 + 30)
		expect(splitDuration(LANDING_COUNTDOWN_START_SECONDS)).toEqual({ days: 3, hours: 12, minutes: 45, seconds: 30 })
		expect(formatDuration(LANDING_COUNTDOWN_START_SECONDS)).toBe('3d 12h 45m 30s')
	})

	test('each tick takes one second, carrying through minutes, hours and days', () => {
		let s = LANDING_COUNTDOWN_START_SECONDS
		s = tick(s)
		expect(formatDuration(s)).toBe('3d 12h 45m 29s')
		for (let i = 0; i < 29; i++) s = tick(s)
		expect(formatDuration(s)).toBe('3d 12h 45m 00s')
		s = tick(s)
		expect(formatDuration(s)).toBe('3d 12h 44m 59s')
		s = durationToSeconds({ days: 3, hours: 0, minutes: 0, seconds: 0 })
		expect(formatDuration(tick(s))).toBe('2d 23h 59m 59s')
	})

	test('ticking from the start reaches zero after exactly that many seconds and stays there', () => {
		let s = LANDING_COUNTDOWN_START_SECONDS
		let ticks = 0
		while (s > 0) {
			s = tick(s)
			ticks++
		}
		expect(ticks).toBe(LANDING_COUNTDOWN_START_SECONDS)
		expect(formatDuration(s)).toBe('0d 00h 00m 00s')
		expect(tick(s)).toBe(0)
		expect(tick(tick(s))).toBe(0)
	})
})
