import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'
import { fail, type Failure } from './result.ts'

/**
 * In-memory fixed-window rate limits, per IP and per account. State is lost
 * on restart, which is acceptable for one node
 * (docs/decisions/005-in-memory-rate-limits.md). RATE_LIMIT_MULTIPLIER raises every limit.
 */
export const RATE_LIMITS = {
	'login:ip': { limit: 10, windowMs: 60_000 },
	'login:account': { limit: 10, windowMs: 15 * 60_000 },
	'signup:ip': { limit: 10, windowMs: 60_000 },
	/** Attempts to register one email address. */
	'signup:account': { limit: 5, windowMs: 15 * 60_000 },
	'forgot:ip': { limit: 10, windowMs: 60_000 },
	/** Mails per account per hour; the answer stays the same when reached. */
	'forgot:account': { limit: 5, windowMs: 60 * 60_000 },
	'reset:ip': { limit: 10, windowMs: 60_000 },
	/** Attempts with one reset link. */
	'reset:account': { limit: 5, windowMs: 15 * 60_000 },
	'unlock:ip': { limit: 10, windowMs: 60_000 },
	'unlock:account': { limit: 10, windowMs: 15 * 60_000 },
	/** Plan activation code attempts. */
	'plan-code:ip': { limit: 10, windowMs: 60_000 },
	'plan-code:account': { limit: 10, windowMs: 15 * 60_000 },
	/** Staff sign-in (level 2 of docs/security.md A9): stricter per account than members. */
	'admin-login:ip': { limit: 10, windowMs: 60_000 },
	'admin-login:account': { limit: 5, windowMs: 15 * 60_000 },
} as const

export type RateLimitRule = keyof typeof RATE_LIMITS

type Bucket = { count: number; resetAt: number }
const buckets = new Map<string, Bucket>()
const MAX_BUCKETS = 100_000

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number }

function prune(now: number) {
	for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key)
}

/** Counts one attempt against `rule` for `key`; says whether it is allowed. */
export function consumeRateLimit(rule: RateLimitRule, key: string, now = Date.now()): RateLimitResult {
	const { limit, windowMs } = RATE_LIMITS[rule]
	const max = Math.max(1, Math.floor(limit * getEnv().rateLimitMultiplier))
	const id = `${rule}|${key}`
	let bucket = buckets.get(id)
	if (!bucket || bucket.resetAt <= now) {
		if (buckets.size >= MAX_BUCKETS) prune(now)
		bucket = { count: 0, resetAt: now + windowMs }
		buckets.set(id, bucket)
	}
	bucket.count++
	if (bucket.count > max) {
		const retryAfterSeconds = Math.max(1, Math.ceil((bucket.resetAt - now) / 1000))
		if (bucket.count === max + 1) log('rate_limit.hit', { rule, retryAfterSeconds }, 'warn')
		return { ok: false, retryAfterSeconds }
	}
	return { ok: true }
}

/** Forgets an account's attempts (after a successful sign-in, say). */
export function resetRateLimit(rule: RateLimitRule, key: string) {
	buckets.delete(`${rule}|${key}`)
}

export function clearRateLimits() {
	buckets.clear()
}

export function rateLimitMessage(retryAfterSeconds: number) {
	const minutes = Math.ceil(retryAfterSeconds / 60)
	return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** Counts one attempt; a 429 failure (with Retry-After) when over the limit, else null. */
export function limited(rule: RateLimitRule, key: string): Failure | null {
	const result = consumeRateLimit(rule, key)
	if (result.ok) return null
	return fail(429, rateLimitMessage(result.retryAfterSeconds), {
		retryAfterSeconds: result.retryAfterSeconds,
	})
}
