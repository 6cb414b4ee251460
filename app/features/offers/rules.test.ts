import { describe, expect, test } from 'vitest'
import { claimRefusal, OFFER_CLAIM_REFUSALS, spotsLabel, spotsLeft, totalBelowClaims } from './rules.ts'

const now = new Date('2026-12-06T12:00:00Z')
const open = {
	status: 'published' as const,
	publishAt: null,
	expiresAt: new Date('2026-12-31T00:00:00Z'),
	totalSpots: 10,
}

describe('0% fee offer spots', () => {
	test('spots left are the total minus the claims, never below 0', () => {
		expect(spotsLeft(50, 0)).toBe(50)
		expect(spotsLeft(50, 42)).toBe(8)
		expect(spotsLeft(3, 5)).toBe(0)
	})

	test("the spec's status texts from the ratio left: at most 20%, at most 40%, else available", () => {
		expect(spotsLabel(10, 50)).toBe('Almost Full!')
		expect(spotsLabel(11, 50)).toBe('Filling Fast')
		expect(spotsLabel(20, 50)).toBe('Filling Fast')
		expect(spotsLabel(21, 50)).toBe('Available')
		expect(spotsLabel(0, 50)).toBe('Almost Full!')
		expect(spotsLabel(0, 0)).toBe('Almost Full!')
	})

	test('an open offer with a spot takes a claim; full, expired or unpublished ones do not', () => {
		expect(claimRefusal(open, 9, now)).toBeNull()
		expect(claimRefusal(open, 10, now)).toBe(OFFER_CLAIM_REFUSALS.full)
		expect(claimRefusal({ ...open, expiresAt: now }, 0, now)).toBe(OFFER_CLAIM_REFUSALS.expired)
		expect(claimRefusal({ ...open, status: 'expired' }, 0, now)).toBe(OFFER_CLAIM_REFUSALS.expired)
		expect(claimRefusal({ ...open, status: 'draft' }, 0, now)).toBe(OFFER_CLAIM_REFUSALS.closed)
		expect(claimRefusal({ ...open, status: 'scheduled' }, 0, now)).toBe(OFFER_CLAIM_REFUSALS.closed)
		expect(claimRefusal({ ...open, expiresAt: null }, 0, now)).toBeNull()
	})

	test('a total below the claims already made is refused; equal is allowed', () => {
		expect(totalBelowClaims(4, 5)).toBe(true)
		expect(totalBelowClaims(5, 5)).toBe(false)
	})
})
