import { describe, expect, test } from 'vitest'
import { formatMinutesSeconds } from './countdown.tsx'

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
