import { describe, expect, test } from 'vitest'
import {
	formatChange,
	formatCount,
	formatDate,
	formatDateTime,
	formatMonth,
	formatPercent,
	formatUsd,
	formatUsdCents,
} from './admin-format.ts'

describe('admin formats', () => {
	test('revenue in USD without decimals', () => {
		expect(formatUsd(2000.5)).toBe('$2,001')
		expect(formatUsd(0)).toBe('$0')
		expect(formatUsd(1_234_567.49)).toBe('$1,234,567')
		expect(formatUsdCents(1250.5)).toBe('$1,250.50')
	})

	test('changes carry their sign', () => {
		expect(formatChange(25)).toBe('+25%')
		expect(formatChange(12.5)).toBe('+12.5%')
		expect(formatChange(-33.3)).toBe('-33.3%')
		expect(formatChange(0)).toBe('0%')
		expect(formatChange(1234.5)).toBe('+1,234.5%')
	})

	test('counts, percentages, dates', () => {
		expect(formatCount(100000)).toBe('100,000')
		expect(formatPercent(40)).toBe('40%')
		expect(formatPercent(33.3)).toBe('33.3%')
		expect(formatDate('2026-11-21T23:30:00Z')).toBe('Nov 21, 2026')
		expect(formatDateTime(new Date('2026-11-21T08:05:00Z'))).toBe('Nov 21, 2026, 8:05 AM UTC')
		expect(formatMonth('2026-11')).toBe('November 2026')
		expect(formatMonth('2026-01')).toBe('January 2026')
	})
})
