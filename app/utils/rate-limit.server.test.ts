import { spawn } from 'node:child_process'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { resetEnv } from './env.server.ts'
import {
	clearRateLimits,
	consumeRateLimit,
	consumeSlidingRateLimit,
	consumeSlidingRateLimits,
	countRecentEvent,
	limitedAttempt,
	pruneRateLimits,
	RATE_LIMITS,
	rateLimitMessage,
	requestRateLimitMessage,
	resetRateLimit,
	SLIDING_RATE_LIMITS,
	slidingRateLimitKeyCount,
	type SlidingRateLimitRule,
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

describe('limitedAttempt', () => {
	test("counts the scope's IP rule and its account rule: the first refusal, else null", () => {
		clearRateLimits()
		const { limit } = RATE_LIMITS['unlock:account']
		for (let i = 0; i < limit; i++) expect(limitedAttempt('unlock', `10.0.0.${i}`, '41')).toBeNull()
		expect(limitedAttempt('unlock', '10.0.1.1', '41')).toMatchObject({ ok: false, status: 429 })
		expect(limitedAttempt('unlock', '10.0.1.1', '42')).toBeNull()
		for (let i = 0; i < RATE_LIMITS['unlock:ip'].limit; i++) limitedAttempt('unlock', '10.0.2.1', `acct-${i}`)
		expect(limitedAttempt('unlock', '10.0.2.1', 'fresh')).toMatchObject({ ok: false, status: 429 })
		clearRateLimits()
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

describe('sliding windows (admin API tokens)', () => {
	const TOKEN: SlidingRateLimitRule = 'admin-api:token'
	const ADMIN: SlidingRateLimitRule = 'admin-api:admin'
	const WINDOW = 60_000
	/** The start of a fixed window (they start at multiples of the window). */
	const W0 = Math.ceil(T0 / WINDOW) * WINDOW

	function spend(rule: SlidingRateLimitRule, key: string, times: number, now: number) {
		return Array.from({ length: times }, () => consumeSlidingRateLimit(rule, key, now))
	}
	const allOk = (results: Array<{ ok: boolean }>) => results.every((r) => r.ok)

	/** A refusal at `now`, still refused a second before its Retry-After, allowed at it; the seconds. */
	function expectRetryAfterIsRight(rule: SlidingRateLimitRule, key: string, now: number) {
		const refused = consumeSlidingRateLimit(rule, key, now)
		if (refused.ok) throw new Error('expected a refusal')
		const seconds = refused.retryAfterSeconds
		expect(seconds).toBeGreaterThanOrEqual(1)
		if (seconds > 1) expect(consumeSlidingRateLimit(rule, key, now + (seconds - 1) * 1000).ok).toBe(false)
		// The exact moment is within the last second: 1 ms before it, still refused.
		expect(consumeSlidingRateLimit(rule, key, now + seconds * 1000).ok).toBe(true)
		return seconds
	}

	test('the documented numbers: 300 a minute per token, 600 per admin', () => {
		expect(SLIDING_RATE_LIMITS).toEqual({
			'admin-api:token': { limit: 300, windowMs: 60_000 },
			'admin-api:admin': { limit: 600, windowMs: 60_000 },
		})
	})

	test('allows exactly the limit, then refuses with a Retry-After that is right', () => {
		const now = W0 + 10_000
		expect(allOk(spend(TOKEN, 'a', 300, now))).toBe(true)
		const refused = consumeSlidingRateLimit(TOKEN, 'a', now)
		// 50 s to the next window, where the 300 weigh 300 * (1 - e/60 s): one fits once e >= 200 ms.
		expect(refused).toEqual({ ok: false, rule: TOKEN, limit: 300, retryAfterSeconds: 51, first: true })
		expect(consumeSlidingRateLimit(TOKEN, 'a', now + 50_000 + 199).ok).toBe(false)
		expect(consumeSlidingRateLimit(TOKEN, 'a', now + 50_000 + 200).ok).toBe(true)
	})

	test('Retry-After is right wherever the requests fall', () => {
		// [requests spent, at this offset into the window]
		const cases: Array<[number, number, number]> = [
			[300, 0, 0],
			[300, 59_999, 59_999],
			[100, 0, 59_000],
			[250, 30_000, 45_000],
		]
		cases.forEach(([count, spentAt, checkAt], i) => {
			const key = `r${i}`
			// Spread over two windows: `count` before the window W0 + WINDOW, the rest in it.
			expect(allOk(spend(TOKEN, key, count, W0 + spentAt))).toBe(true)
			const now = W0 + WINDOW + checkAt
			const weighted = Math.floor(count * (1 - checkAt / WINDOW))
			expect(allOk(spend(TOKEN, key, 299 - weighted, now))).toBe(true)
			// Filled up to the limit (or one short with a fraction left): refused now.
			const fill = spend(TOKEN, key, 2, now)
			if (fill[0]!.ok) expect(fill[1]!.ok).toBe(false)
			expectRetryAfterIsRight(TOKEN, key, now)
		})
	})

	test('half a window later, the previous window still counts by half', () => {
		expect(allOk(spend(TOKEN, 'half', 300, W0))).toBe(true)
		const halfway = W0 + WINDOW + WINDOW / 2
		// 300 * 0.5 = 150 still weigh: 150 more fit.
		expect(allOk(spend(TOKEN, 'half', 150, halfway))).toBe(true)
		const refused = consumeSlidingRateLimit(TOKEN, 'half', halfway)
		// The weight falls by one request every 200 ms.
		expect(refused).toMatchObject({ ok: false, retryAfterSeconds: 1 })
		expect(consumeSlidingRateLimit(TOKEN, 'half', halfway + 199).ok).toBe(false)
		expect(consumeSlidingRateLimit(TOKEN, 'half', halfway + 200).ok).toBe(true)
		expect(consumeSlidingRateLimit(TOKEN, 'half', halfway + 200).ok).toBe(false)
	})

	test('no burst of twice the limit across a window boundary', () => {
		expect(allOk(spend(TOKEN, 'edge', 300, W0 + WINDOW - 1))).toBe(true)
		const next = spend(TOKEN, 'edge', 300, W0 + WINDOW + 1)
		expect(next.filter((r) => r.ok)).toHaveLength(0)
	})

	test('two windows later, everything is allowed again', () => {
		expect(allOk(spend(TOKEN, 'again', 300, W0 + 5_000))).toBe(true)
		expect(consumeSlidingRateLimit(TOKEN, 'again', W0 + 5_000).ok).toBe(false)
		expect(allOk(spend(TOKEN, 'again', 300, W0 + 2 * WINDOW))).toBe(true)
		expect(consumeSlidingRateLimit(TOKEN, 'again', W0 + 2 * WINDOW).ok).toBe(false)
	})

	test('refused requests do not count: waiting the Retry-After is enough, however often one asked', () => {
		const now = W0 + 10_000
		spend(TOKEN, 'eager', 300, now)
		const { retryAfterSeconds } = consumeSlidingRateLimit(TOKEN, 'eager', now) as { retryAfterSeconds: number }
		for (let t = now; t < now + retryAfterSeconds * 1000 - 1000; t += 100) {
			expect(consumeSlidingRateLimit(TOKEN, 'eager', t).ok).toBe(false)
		}
		expect(consumeSlidingRateLimit(TOKEN, 'eager', now + retryAfterSeconds * 1000).ok).toBe(true)
	})

	test('only the first refusal of a key in a window is to be reported', () => {
		spend(TOKEN, 'loud', 300, W0)
		expect(consumeSlidingRateLimit(TOKEN, 'loud', W0)).toMatchObject({ ok: false, first: true })
		expect(consumeSlidingRateLimit(TOKEN, 'loud', W0 + 1)).toMatchObject({ ok: false, first: false })
		expect(consumeSlidingRateLimit(TOKEN, 'loud', W0 + 59_999)).toMatchObject({ ok: false, first: false })
		// The next window: still over (the previous one weighs), reported once again.
		expect(consumeSlidingRateLimit(TOKEN, 'loud', W0 + WINDOW)).toMatchObject({ ok: false, first: true })
		expect(consumeSlidingRateLimit(TOKEN, 'loud', W0 + WINDOW + 1)).toMatchObject({ ok: false, first: false })
	})

	test('keys and rules are counted apart', () => {
		spend(TOKEN, 'k1', 300, W0)
		expect(consumeSlidingRateLimit(TOKEN, 'k1', W0).ok).toBe(false)
		expect(consumeSlidingRateLimit(TOKEN, 'k2', W0).ok).toBe(true)
		expect(consumeSlidingRateLimit(ADMIN, 'k1', W0).ok).toBe(true)
		// The fixed windows are not touched.
		expect(consumeRateLimit('login:ip', 'k1', W0).ok).toBe(true)
	})

	test('several rules: all or nothing, the refusing rule named', () => {
		const token = (t: string, admin: string) => [
			{ rule: TOKEN, key: t },
			{ rule: ADMIN, key: admin },
		]
		const many = (t: string, admin: string, times: number) =>
			Array.from({ length: times }, () => consumeSlidingRateLimits(token(t, admin), W0))
		expect(allOk(many('A', '1', 300))).toBe(true)
		expect(consumeSlidingRateLimits(token('A', '1'), W0)).toMatchObject({ ok: false, rule: TOKEN, limit: 300 })
		// Another token of the same admin: the admin's other 300.
		expect(allOk(many('B', '1', 300))).toBe(true)
		expect(consumeSlidingRateLimits(token('C', '1'), W0)).toMatchObject({ ok: false, rule: ADMIN, limit: 600 })
		// The refused request of token C was counted nowhere: C has its full 300 with another admin.
		expect(allOk(many('C', '2', 300))).toBe(true)
		expect(consumeSlidingRateLimits(token('C', '2'), W0)).toMatchObject({ ok: false, rule: TOKEN })
	})

	test('RATE_LIMIT_MULTIPLIER scales both rules', () => {
		process.env.RATE_LIMIT_MULTIPLIER = '0.1'
		resetEnv()
		expect(allOk(spend(TOKEN, 'm', 30, W0))).toBe(true)
		expect(consumeSlidingRateLimit(TOKEN, 'm', W0)).toMatchObject({ ok: false, limit: 30 })
		expect(allOk(spend(ADMIN, 'm', 60, W0))).toBe(true)
		expect(consumeSlidingRateLimit(ADMIN, 'm', W0)).toMatchObject({ ok: false, limit: 60 })
		process.env.RATE_LIMIT_MULTIPLIER = '2'
		resetEnv()
		expect(allOk(spend(TOKEN, 'm2', 600, W0))).toBe(true)
		expect(consumeSlidingRateLimit(TOKEN, 'm2', W0).ok).toBe(false)
		process.env.RATE_LIMIT_MULTIPLIER = '0.0001'
		resetEnv()
		expect(consumeSlidingRateLimit(TOKEN, 'tiny', W0).ok).toBe(true)
		expect(expectRetryAfterIsRight(TOKEN, 'tiny', W0)).toBe(120)
	})

	test('expired rows are pruned; live ones keep their counts', () => {
		expect(slidingRateLimitKeyCount()).toBe(0)
		for (let i = 0; i < 50; i++) consumeSlidingRateLimit(TOKEN, `old${i}`, W0)
		consumeTimes('login:ip', 'gone', 3, W0)
		expect(slidingRateLimitKeyCount()).toBe(50)
		spend(ADMIN, 'live', 600, W0 + WINDOW)
		// A window later the old rows still count (as the previous window): nothing goes.
		expect(pruneRateLimits(W0 + WINDOW)).toBe(1)
		expect(slidingRateLimitKeyCount()).toBe(51)
		// Two windows later none of the old ones counts any more.
		expect(pruneRateLimits(W0 + 2 * WINDOW)).toBe(50)
		expect(slidingRateLimitKeyCount()).toBe(1)
		// The live one was kept, with its count (600 of 600, weighing all 600 at the start of its next window).
		expect(consumeSlidingRateLimit(ADMIN, 'live', W0 + 2 * WINDOW).ok).toBe(false)
	})

	test('clearRateLimits forgets the sliding counts too', () => {
		spend(TOKEN, 'c', 300, W0)
		clearRateLimits()
		expect(slidingRateLimitKeyCount()).toBe(0)
		expect(consumeSlidingRateLimit(TOKEN, 'c', W0).ok).toBe(true)
	})

	test('uses the real clock when now is not given', () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			vi.setSystemTime(W0)
			spend(TOKEN, 'clock', 300, W0)
			expect(consumeSlidingRateLimit(TOKEN, 'clock').ok).toBe(false)
			vi.setSystemTime(W0 + 2 * WINDOW)
			expect(consumeSlidingRateLimit(TOKEN, 'clock').ok).toBe(true)
		} finally {
			vi.useRealTimers()
		}
	})

	test.each([
		[1, 'Too many requests. Please try again in 1 second.'],
		[2, 'Too many requests. Please try again in 2 seconds.'],
		[61, 'Too many requests. Please try again in 61 seconds.'],
	])('the message for %i s: %s', (seconds, message) => {
		expect(requestRateLimitMessage(seconds)).toBe(message)
	})
})

describe('several server processes', () => {
	/** Runs the worker in `n` processes on this test's database file, released together. */
	async function spendInProcesses(n: number, attempts: number, at: number) {
		const children = Array.from({ length: n }, () =>
			spawn(process.execPath, ['--import', 'tsx', 'tests/unit/rate-limit-worker.ts', String(attempts), String(at)], {
				env: { ...process.env },
				stdio: ['pipe', 'pipe', 'inherit'],
			}),
		)
		// Listen for the exits at spawn: a child may be done before the others answer.
		const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)))
		const lines = children.map((child) => {
			const seen: string[] = []
			let buffer = ''
			let wake = () => {}
			child.stdout.on('data', (chunk: Buffer) => {
				buffer += chunk.toString()
				let index
				while ((index = buffer.indexOf('\n')) >= 0) {
					seen.push(buffer.slice(0, index))
					buffer = buffer.slice(index + 1)
					wake()
				}
			})
			return async (count: number) => {
				while (seen.length < count) await new Promise<void>((resolve) => (wake = resolve))
				return seen[count - 1]!
			}
		})
		expect(await Promise.all(lines.map((line) => line(1)))).toEqual(children.map(() => 'ready'))
		for (const child of children) child.stdin.write('go\n')
		const answers = await Promise.all(lines.map((line) => line(2)))
		await Promise.all(exited)
		return answers.map((line) => JSON.parse(line) as { fixed: number; sliding: number; events: number })
	}

	test('every process counts against one number (fixed and sliding windows)', async () => {
		const answers = await spendInProcesses(2, 200, T0)
		// 2 x 200 attempts: 10 sign-in attempts and 300 admin API requests allowed in all, not per process.
		expect(answers.reduce((sum, a) => sum + a.fixed, 0)).toBe(RATE_LIMITS['login:ip'].limit)
		expect(answers.reduce((sum, a) => sum + a.sliding, 0)).toBe(SLIDING_RATE_LIMITS['admin-api:token'].limit)
		// Events (failed admin sign-ins) add up too: the last process to finish saw all 400.
		expect(Math.max(...answers.map((a) => a.events))).toBe(400)
		expect(countRecentEvent('shared-event', 60_000, T0 + 59_999)).toBe(401)
		expect(countRecentEvent('shared-event', 60_000, T0 + 60_000)).toBe(2)
		// And this process sees the same count.
		expect(consumeRateLimit('login:ip', 'shared', T0).ok).toBe(false)
		expect(consumeSlidingRateLimit('admin-api:token', 'shared', T0).ok).toBe(false)
	}, 30_000)
})
