import { describe, expect, test } from 'vitest'
import type { ContentStatus } from '#app/domain/enums.ts'
import {
	dateOrderProblem,
	dayEnd,
	dayStart,
	displayStatus,
	expiryDay,
	isMemberVisible,
	publishDay,
	publishTransition,
	scheduledTransition,
	unpublishTransition,
} from './lifecycle.ts'
import { CONTENT_MESSAGES, isDay } from './schemas.ts'

const at = (iso: string) => new Date(iso)
const now = at('2026-12-06T12:00:00Z')
const row = (status: ContentStatus, publishAt: string | null = null, expiresAt: string | null = null) => ({
	status,
	publishAt: publishAt ? at(publishAt) : null,
	expiresAt: expiresAt ? at(expiresAt) : null,
})

describe('publish', () => {
	test('a draft without dates is published now', () => {
		expect(publishTransition(row('draft'), now)).toEqual({ ok: true, status: 'published', publishedAt: now })
	})
	test('a publish date ahead makes it scheduled; one passed publishes now', () => {
		expect(publishTransition(row('draft', '2026-12-07T00:00:00Z'), now)).toEqual({ ok: true, status: 'scheduled' })
		expect(publishTransition(row('draft', '2026-12-06T00:00:00Z'), now)).toMatchObject({ status: 'published' })
	})
	test('an expiry already past is refused at the expiry field', () => {
		expect(publishTransition(row('draft', null, '2026-12-06T12:00:00Z'), now)).toEqual({
			ok: false,
			status: 409,
			message: CONTENT_MESSAGES.expiryPassed,
			field: 'expiresAt',
		})
	})
	test('an expired row with its expiry moved on publishes again; published or scheduled is a 409', () => {
		expect(publishTransition(row('expired', null, '2026-12-20T00:00:00Z'), now)).toMatchObject({
			ok: true,
			status: 'published',
		})
		expect(publishTransition(row('published'), now)).toMatchObject({ ok: false, status: 409 })
		expect(publishTransition(row('scheduled', '2026-12-09T00:00:00Z'), now)).toMatchObject({ ok: false, status: 409 })
	})
})

describe('unpublish', () => {
	test('back to draft from scheduled, published or expired; a draft is a 409', () => {
		for (const status of ['scheduled', 'published', 'expired'] as const)
			expect(unpublishTransition(row(status))).toEqual({ ok: true, status: 'draft' })
		expect(unpublishTransition(row('draft'))).toEqual({
			ok: false,
			status: 409,
			message: CONTENT_MESSAGES.alreadyDraft,
		})
	})
})

describe('the scheduler', () => {
	test('publishes a scheduled row on its day, expires one past its expiry, leaves the rest', () => {
		expect(scheduledTransition(row('scheduled', '2026-12-06T00:00:00Z'), now)).toEqual({
			status: 'published',
			publishedAt: now,
		})
		expect(scheduledTransition(row('scheduled', '2026-12-07T00:00:00Z'), now)).toBeNull()
		expect(scheduledTransition(row('published', null, '2026-12-06T12:00:00Z'), now)).toEqual({ status: 'expired' })
		// Scheduled, but its expiry passed before its day came (a late job): expired, never shown.
		expect(scheduledTransition(row('scheduled', '2026-12-05T00:00:00Z', '2026-12-06T00:00:00Z'), now)).toEqual({
			status: 'expired',
		})
		expect(scheduledTransition(row('published', null, '2026-12-07T00:00:00Z'), now)).toBeNull()
		expect(scheduledTransition(row('draft', '2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z'), now)).toBeNull()
		expect(scheduledTransition(row('expired', null, '2026-12-02T00:00:00Z'), now)).toBeNull()
	})
})

describe('what members see and what staff see', () => {
	test('members see published rows until the instant they expire, whatever the job did', () => {
		expect(isMemberVisible(row('published'), now)).toBe(true)
		expect(isMemberVisible(row('published', null, '2026-12-06T12:00:00.001Z'), now)).toBe(true)
		expect(isMemberVisible(row('published', null, '2026-12-06T12:00:00Z'), now)).toBe(false)
		for (const status of ['draft', 'scheduled', 'expired'] as const)
			expect(isMemberVisible(row(status), now)).toBe(false)
	})
	test('the shown status reads the clock before the job catches up', () => {
		expect(displayStatus(row('published', null, '2026-12-06T00:00:00Z'), now)).toBe('expired')
		expect(displayStatus(row('scheduled', '2026-12-06T00:00:00Z'), now)).toBe('published')
		expect(displayStatus(row('scheduled', '2026-12-08T00:00:00Z'), now)).toBe('scheduled')
		expect(displayStatus(row('draft', null, '2026-12-01T00:00:00Z'), now)).toBe('draft')
	})
})

describe('dates', () => {
	test('the expiry cannot be before the publish date; either may be missing', () => {
		expect(dateOrderProblem(null, null)).toBeNull()
		expect(dateOrderProblem(at('2026-12-10T00:00:00Z'), null)).toBeNull()
		expect(dateOrderProblem(dayStart('2026-12-10'), dayEnd('2026-12-10'))).toBeNull()
		expect(dateOrderProblem(dayStart('2026-12-10'), dayEnd('2026-12-09'))).toBe(CONTENT_MESSAGES.expiryBeforePublish)
	})
	test('days are UTC: a publish day starts at 00:00, an expiry day ends at 24:00, and read back as the same days', () => {
		expect(dayStart('2026-12-31').toISOString()).toBe('2026-12-31T00:00:00.000Z')
		expect(dayEnd('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z')
		expect(publishDay(dayStart('2026-12-31'))).toBe('2026-12-31')
		expect(expiryDay(dayEnd('2026-12-31'))).toBe('2026-12-31')
		expect(publishDay(null)).toBeNull()
		expect(expiryDay(null)).toBeNull()
	})
	test('only real calendar days are days', () => {
		expect(isDay('2026-02-28')).toBe(true)
		expect(isDay('2028-02-29')).toBe(true)
		expect(isDay('2999-12-31')).toBe(true)
		for (const bad of [
			'2026-02-30',
			'2026-13-01',
			'26-12-01',
			'2026-12-1',
			'2026-12-01T00:00',
			'',
			'0000-01-01',
			'1999-12-31',
			'+10000-01-01',
		])
			expect(isDay(bad), bad).toBe(false)
	})
})
