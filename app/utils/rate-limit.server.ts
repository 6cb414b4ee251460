import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'
import { fail, type Failure } from './result.ts'

/**
 * In-memory fixed-window rate limits, per IP and per account, and (below)
 * sliding windows per admin API token and per admin. State is lost
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
	/**
	 * The current password asked again by the account settings (change of
	 * password or email, closing the account): the sign-in's limits, per IP
	 * and per member (keyed by the user id).
	 */
	'password-check:ip': { limit: 10, windowMs: 60_000 },
	'password-check:account': { limit: 10, windowMs: 15 * 60_000 },
	/** Tracked broker links (/go/:brokerSlug) per member: keyed by the user id, no IP kept. */
	'broker-click:account': { limit: 30, windowMs: 60_000 },
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

/** Forgets every count, of the fixed windows and the sliding ones. */
export function clearRateLimits() {
	buckets.clear()
	slidingCounters.clear()
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

// ---------------------------------------------------------------------------
// Sliding windows (per admin API token and per admin)

/**
 * Sliding-window limits, for a steady stream of requests rather than
 * attempts: a fixed window lets a client send its whole budget at the end of
 * one window and again at the start of the next (twice the limit in a
 * moment); a sliding window does not. Per minute; RATE_LIMIT_MULTIPLIER
 * multiplies them as it does the fixed ones
 * (docs/decisions/005-in-memory-rate-limits.md).
 */
export const SLIDING_RATE_LIMITS = {
	/** Every /api/admin request with one admin bearer token (keyed by the token's SHA-256). */
	'admin-api:token': { limit: 300, windowMs: 60_000 },
	/** Every /api/admin request of one admin, all their tokens together (keyed by the admin id). */
	'admin-api:admin': { limit: 600, windowMs: 60_000 },
} as const

export type SlidingRateLimitRule = keyof typeof SLIDING_RATE_LIMITS

/**
 * A sliding window counter: the requests of the current fixed window (windows
 * start at multiples of windowMs) and of the one before. The estimate at a
 * moment is the previous count weighted by how much of the previous window
 * still lies in the last windowMs, plus the current count. O(1) memory per key.
 */
type SlidingCounter = {
	windowStart: number
	previous: number
	current: number
	/** windowStart of the window whose first refusal was reported, so it is reported once. */
	reportedWindow: number
}
const slidingCounters = new Map<string, SlidingCounter>()
export const MAX_SLIDING_COUNTERS = 100_000

export type SlidingCheck = { rule: SlidingRateLimitRule; key: string }
export type SlidingRateLimitResult =
	| { ok: true }
	| {
			ok: false
			rule: SlidingRateLimitRule
			/** The rule's limit after RATE_LIMIT_MULTIPLIER. */
			limit: number
			/** Whole seconds (at least 1) until this request would be allowed, if nothing else is sent. */
			retryAfterSeconds: number
			/** The first refusal for this rule and key in the current window (log it; not the others). */
			first: boolean
	  }

function slidingMax(rule: SlidingRateLimitRule) {
	return Math.max(1, Math.floor(SLIDING_RATE_LIMITS[rule].limit * getEnv().rateLimitMultiplier))
}

/** The counter of `id` moved to the window of `now` (not stored). */
function slidingCounterAt(id: string, windowMs: number, now: number): SlidingCounter {
	const windowStart = now - (now % windowMs)
	const counter = slidingCounters.get(id)
	if (!counter) return { windowStart, previous: 0, current: 0, reportedWindow: -1 }
	if (counter.windowStart === windowStart) return counter
	// The stored current window is the previous one now, or older (then it no longer counts).
	const previous = counter.windowStart === windowStart - windowMs ? counter.current : 0
	return { windowStart, previous, current: 0, reportedWindow: counter.reportedWindow }
}

/**
 * Milliseconds from `now` until one more request fits (0 if it fits now),
 * in integers: the estimate times windowMs is previous * (windowMs - elapsed)
 * + current * windowMs, and one more request fits while that plus windowMs
 * is at most max * windowMs. The estimate only falls as time passes.
 */
function slidingWaitMs(counter: SlidingCounter, max: number, windowMs: number, now: number) {
	const elapsed = now - counter.windowStart
	const { previous, current } = counter
	if (previous * (windowMs - elapsed) + (current + 1) * windowMs <= max * windowMs) return 0
	const toNextWindow = windowMs - elapsed
	// Within this window, as the previous window's weight falls (only if the current count leaves room).
	if (current + 1 <= max && previous > 0) {
		return toNextWindow - Math.floor(((max - 1 - current) * windowMs) / previous)
	}
	// In the next window, whose previous count is this window's.
	if (current <= max - 1) return toNextWindow
	return toNextWindow + windowMs - Math.floor(((max - 1) * windowMs) / current)
}

function pruneSliding(now: number) {
	for (const [id, counter] of slidingCounters) {
		const windowMs = SLIDING_RATE_LIMITS[id.slice(0, id.indexOf('|')) as SlidingRateLimitRule].windowMs
		// Nothing of a window that ended a whole window ago still counts.
		if (counter.windowStart + 2 * windowMs <= now) slidingCounters.delete(id)
	}
	// Still full (that many live keys: as many tokens in use within two minutes): drop the
	// oldest tenth, forgiving their counts, so the next new keys do not scan the map again.
	if (slidingCounters.size < MAX_SLIDING_COUNTERS) return
	for (const id of slidingCounters.keys()) {
		if (slidingCounters.size < MAX_SLIDING_COUNTERS * 0.9) break
		slidingCounters.delete(id)
	}
}

/**
 * Counts one request against every check, all or nothing: when any of them
 * is over its limit, the request is refused and counted nowhere. Refused
 * requests do not count, so a client that waits the Retry-After it was given
 * is served then, however often it asked in between; what the limit bounds
 * is the work done for a token, and a refusal costs next to nothing.
 * Of several refusals, the one with the longest wait is the answer.
 */
export function consumeSlidingRateLimits(checks: SlidingCheck[], now = Date.now()): SlidingRateLimitResult {
	const states = checks.map(({ rule, key }) => {
		const id = `${rule}|${key}`
		const { windowMs } = SLIDING_RATE_LIMITS[rule]
		const max = slidingMax(rule)
		const counter = slidingCounterAt(id, windowMs, now)
		return { rule, id, counter, max, waitMs: slidingWaitMs(counter, max, windowMs, now) }
	})
	const worst = states.reduce<(typeof states)[number] | null>(
		(found, s) => (s.waitMs > (found?.waitMs ?? 0) ? s : found),
		null,
	)
	if (worst) {
		// The refusal is the worst rule's; its first one in this window is reported.
		const first = worst.counter.reportedWindow !== worst.counter.windowStart
		if (first) {
			worst.counter.reportedWindow = worst.counter.windowStart
			storeSliding(worst.id, worst.counter, now)
		}
		return {
			ok: false,
			rule: worst.rule,
			limit: worst.max,
			retryAfterSeconds: Math.max(1, Math.ceil(worst.waitMs / 1000)),
			first,
		}
	}
	for (const s of states) {
		s.counter.current++
		storeSliding(s.id, s.counter, now)
	}
	return { ok: true }
}

function storeSliding(id: string, counter: SlidingCounter, now: number) {
	if (slidingCounters.get(id) === counter) return
	if (!slidingCounters.has(id) && slidingCounters.size >= MAX_SLIDING_COUNTERS) pruneSliding(now)
	slidingCounters.set(id, counter)
}

/** One sliding rule: see consumeSlidingRateLimits. */
export function consumeSlidingRateLimit(rule: SlidingRateLimitRule, key: string, now = Date.now()) {
	return consumeSlidingRateLimits([{ rule, key }], now)
}

/** The 429 message of a sliding limit, in seconds (requests come faster than sign-in attempts). */
export function requestRateLimitMessage(retryAfterSeconds: number) {
	return `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`
}

/** How many sliding counters are kept (tests: memory stays bounded). */
export function slidingRateLimitKeyCount() {
	return slidingCounters.size
}
