import pino from 'pino'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { isoTimeField } from './logger.js'

describe('isoTimeField', () => {
	afterEach(() => vi.useRealTimers())

	test("writes pino's isoTime text for the current millisecond", () => {
		vi.useFakeTimers()
		vi.setSystemTime(new Date('2026-12-04T18:00:00.123Z'))
		expect(isoTimeField()).toBe(pino.stdTimeFunctions.isoTime())
		expect(isoTimeField()).toBe(',"time":"2026-12-04T18:00:00.123Z"')
	})

	test('moves on when the millisecond does', () => {
		vi.useFakeTimers()
		vi.setSystemTime(new Date('2026-12-04T18:00:00.123Z'))
		const first = isoTimeField()
		vi.setSystemTime(new Date('2026-12-04T18:00:00.124Z'))
		expect(isoTimeField()).not.toBe(first)
		expect(isoTimeField()).toBe(',"time":"2026-12-04T18:00:00.124Z"')
	})
})
