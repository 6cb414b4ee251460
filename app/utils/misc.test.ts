import { describe, expect, test } from 'vitest'
import { MAX_RETURN_TO, returnTo, safeRedirect } from './misc.ts'

describe('safeRedirect', () => {
	test.each([
		'//evil.com',
		'/\\evil.com',
		'\\\\evil.com',
		'https://evil.com',
		'javascript:alert(1)',
		'evil.com',
		'/\tevil',
		'',
	])('refuses %j', (target) => {
		expect(safeRedirect(target, '/dashboard')).toBe('/dashboard')
	})

	test('keeps same-site paths with their query', () => {
		expect(safeRedirect('/dashboard/plans?x=1#top')).toBe('/dashboard/plans?x=1#top')
		expect(safeRedirect('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com')
		expect(safeRedirect('/%09/evil.com')).toBe('/%09/evil.com')
	})

	test('non-strings fall back', () => {
		expect(safeRedirect(undefined)).toBe('/dashboard')
		expect(safeRedirect(['/a'])).toBe('/dashboard')
	})
})

describe('returnTo', () => {
	test('the path and query, or the path alone when the query is too long to carry', () => {
		expect(returnTo(new URL('http://x/dashboard/referrals?page=2'))).toBe('/dashboard/referrals?page=2')
		const long = new URL(`http://x/terms/accept?search=${'%25'.repeat(5_000)}`)
		expect(returnTo(long)).toBe('/terms/accept')
		const edge = new URL(`http://x/a?q=${'b'.repeat(MAX_RETURN_TO - 5)}`)
		expect(returnTo(edge)).toBe(`/a?q=${'b'.repeat(MAX_RETURN_TO - 5)}`)
	})
})
