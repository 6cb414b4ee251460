import { afterEach, describe, expect, test, vi } from 'vitest'
import { resetEnv } from './env.server.ts'
import {
	clearRateLimits,
	consumeRateLimit,
	RATE_LIMITS,
	rateLimitMessage,
	resetRateLimit,
} from './rate-limit.server.ts'

afterEach(() => {
	delete process.env.RATE_LIMIT_MULTIPLIER
	resetEnv()
})

const T0 = 1_900_000_000_000

function consumeTimes(rule: Parameters<typeof consumeRateLimit>[0], key: string, times: number, now = T0) {
	return Array.from({ length: times }, () => consumeRateLimit(rule, key, now))
}

describe('consumeRateLimit', () => {
	test('allows exactly the limit, then refuses with the time left', () => {
		const { limit } = RATE_LIMITS['login:ip']
		expect(limit).toBe(10)
		const results = consumeTimes('login:ip', '1.2.3.4', limit)
		expect(results.every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('login:ip', '1.2.3.4', T0 + 1500)).toEqual({ ok: false, retryAfterSeconds: 59 })
		expect(consumeRateLimit('login:ip', '1.2.3.4', T0 + 59_001)).toEqual({ ok: false, retryAfterSeconds: 1 })
	})

	test('the window resets (pass now)', () => {
		const { limit, windowMs } = RATE_LIMITS['login:account']
		expect(windowMs).toBe(15 * 60_000)
		consumeTimes('login:account', 'a@b.io', limit)
		expect(consumeRateLimit('login:account', 'a@b.io', T0 + windowMs - 1).ok).toBe(false)
		expect(consumeRateLimit('login:account', 'a@b.io', T0 + windowMs).ok).toBe(true)
		// A fresh window: limit - 1 more are allowed.
		const more = consumeTimes('login:account', 'a@b.io', limit - 1, T0 + windowMs + 10)
		expect(more.every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('login:account', 'a@b.io', T0 + windowMs + 20).ok).toBe(false)
	})

	test('keys and rules are counted apart', () => {
		consumeTimes('login:ip', 'k', 10)
		expect(consumeRateLimit('login:ip', 'k', T0).ok).toBe(false)
		expect(consumeRateLimit('login:ip', 'other', T0).ok).toBe(true)
		expect(consumeRateLimit('signup:ip', 'k', T0).ok).toBe(true)
		expect(consumeRateLimit('unlock:ip', 'k', T0).ok).toBe(true)
	})

	test('forgot:account allows 5 mails an hour', () => {
		expect(RATE_LIMITS['forgot:account']).toEqual({ limit: 5, windowMs: 60 * 60_000 })
		expect(consumeTimes('forgot:account', 'a@b.io', 5).every((r) => r.ok)).toBe(true)
		const refused = consumeRateLimit('forgot:account', 'a@b.io', T0)
		expect(refused).toEqual({ ok: false, retryAfterSeconds: 3600 })
	})

	test('per-account rules for sign-up and reset: 5 in 15 minutes', () => {
		expect(RATE_LIMITS['signup:account']).toEqual({ limit: 5, windowMs: 15 * 60_000 })
		expect(RATE_LIMITS['reset:account']).toEqual({ limit: 5, windowMs: 15 * 60_000 })
		expect(consumeTimes('signup:account', 'a@b.io', 5).every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('signup:account', 'a@b.io', T0)).toEqual({ ok: false, retryAfterSeconds: 900 })
	})

	test('every rule has a positive limit and window', () => {
		for (const [rule, { limit, windowMs }] of Object.entries(RATE_LIMITS)) {
			expect(limit, rule).toBeGreaterThan(0)
			expect(windowMs, rule).toBeGreaterThan(0)
		}
	})

	test('uses the real clock when now is not given', () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			vi.setSystemTime(T0)
			consumeTimes('reset:ip', 'ip', 10, Date.now())
			expect(consumeRateLimit('reset:ip', 'ip').ok).toBe(false)
			vi.setSystemTime(T0 + 60_000)
			expect(consumeRateLimit('reset:ip', 'ip').ok).toBe(true)
		} finally {
			vi.useRealTimers()
		}
	})
})

describe('resetRateLimit and clearRateLimits', () => {
	test('resetRateLimit forgets one key', () => {
		consumeTimes('unlock:account', '7', 10)
		consumeTimes('unlock:account', '8', 10)
		resetRateLimit('unlock:account', '7')
		expect(consumeRateLimit('unlock:account', '7', T0).ok).toBe(true)
		expect(consumeRateLimit('unlock:account', '8', T0).ok).toBe(false)
	})

	test('clearRateLimits forgets everything', () => {
		consumeTimes('signup:ip', 'a', 11)
		consumeTimes('forgot:ip', 'b', 11)
		clearRateLimits()
		expect(consumeRateLimit('signup:ip', 'a', T0).ok).toBe(true)
		expect(consumeRateLimit('forgot:ip', 'b', T0).ok).toBe(true)
	})
})

describe('RATE_LIMIT_MULTIPLIER', () => {
	test('raises every limit', () => {
		process.env.RATE_LIMIT_MULTIPLIER = '3'
		resetEnv()
		const results = consumeTimes('login:ip', 'm', 30)
		expect(results.every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('login:ip', 'm', T0).ok).toBe(false)
		expect(consumeTimes('forgot:account', 'm', 15).every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('forgot:account', 'm', T0).ok).toBe(false)
	})

	test('a large multiplier effectively removes the limits (benchmarks)', () => {
		process.env.RATE_LIMIT_MULTIPLIER = '10000'
		resetEnv()
		expect(consumeTimes('login:ip', 'bench', 5000).every((r) => r.ok)).toBe(true)
	})

	test('a fraction lowers limits but never below 1', () => {
		process.env.RATE_LIMIT_MULTIPLIER = '0.5'
		resetEnv()
		expect(consumeTimes('login:ip', 'half', 5).every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('login:ip', 'half', T0).ok).toBe(false)
		process.env.RATE_LIMIT_MULTIPLIER = '0.0001'
		resetEnv()
		expect(consumeRateLimit('login:ip', 'tiny', T0).ok).toBe(true)
		expect(consumeRateLimit('login:ip', 'tiny', T0).ok).toBe(false)
	})

	test('the default is 1', () => {
		delete process.env.RATE_LIMIT_MULTIPLIER
		resetEnv()
		expect(consumeTimes('login:ip', 'd', 10).every((r) => r.ok)).toBe(true)
		expect(consumeRateLimit('login:ip', 'd', T0).ok).toBe(false)
	})
})

describe('rateLimitMessage', () => {
	test.each([
		[1, 'Too many attempts. Please try again in 1 minute.'],
		[60, 'Too many attempts. Please try again in 1 minute.'],
		[61, 'Too many attempts. Please try again in 2 minutes.'],
		[900, 'Too many attempts. Please try again in 15 minutes.'],
		[3600, 'Too many attempts. Please try again in 60 minutes.'],
	])('%i s -> %s', (seconds, message) => {
		expect(rateLimitMessage(seconds)).toBe(message)
	})
})
