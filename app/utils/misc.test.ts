import { describe, expect, test } from 'vitest'
import { safeRedirect } from './misc.ts'

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
