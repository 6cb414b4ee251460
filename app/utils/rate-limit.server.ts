import crypto from 'node:crypto'
import { getDb, relaxedWrites, type SqliteConnection } from '#db/client.server.ts'
import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'
import { fail, type Failure } from './result.ts'

/**
 * Fixed-window rate limits, per IP and per account, and (below) sliding
 * windows per admin API token and per admin. The counts live in SQLite
 * (the `rate_limits` table), so every server process of the node counts
 * against one number (docs/decisions/005-in-memory-rate-limits.md, amended
 * by docs/decisions/026-every-core.md): one UPSERT per attempt, written
 * without waiting for the disk (a count lost to a power cut costs nothing).
 * RATE_LIMIT_MULTIPLIER raises every limit.
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

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number }

/** A stored row (the `rate_limits` table of db/schema.ts). */
type Row = { count: number; previous: number; windowStart: number; reportedWindow: number; expiresAt: number }

/** Expired rows are deleted after this many writes by one process (and by `pruneRateLimits`). */
const PRUNE_EVERY = 1_000
let writesSincePrune = 0

function statementsFor(sqlite: SqliteConnection) {
	return {
		// One statement per attempt: a new window when the stored one has
		// ended, else one more in it; the count and reset time come back.
		hit: sqlite.prepare(
			`INSERT INTO rate_limits (id, count, expires_at) VALUES (@id, 1, @resetAt)
			 ON CONFLICT(id) DO UPDATE SET
			   count = CASE WHEN expires_at <= @now THEN 1 ELSE count + 1 END,
			   expires_at = CASE WHEN expires_at <= @now THEN @resetAt ELSE expires_at END
			 RETURNING count, expires_at AS expiresAt`,
		),
		read: sqlite.prepare(
			`SELECT count, previous, window_start AS windowStart, reported_window AS reportedWindow, expires_at AS expiresAt
			 FROM rate_limits WHERE id = ?`,
		),
		store: sqlite.prepare(
			`INSERT INTO rate_limits (id, count, previous, window_start, reported_window, expires_at)
			 VALUES (@id, @count, @previous, @windowStart, @reportedWindow, @expiresAt)
			 ON CONFLICT(id) DO UPDATE SET count = excluded.count, previous = excluded.previous,
			   window_start = excluded.window_start, reported_window = excluded.reported_window,
			   expires_at = excluded.expires_at`,
		),
		remove: sqlite.prepare('DELETE FROM rate_limits WHERE id = ?'),
		// Every row of one rule: ids from "rule|" up to "rule}" ('}' follows '|'), a range on the key.
		countRule: sqlite.prepare('SELECT count(*) AS n FROM rate_limits WHERE id >= ? AND id < ? AND expires_at > ?'),
		removeRule: sqlite.prepare('DELETE FROM rate_limits WHERE id >= ? AND id < ?'),
		prune: sqlite.prepare('DELETE FROM rate_limits WHERE expires_at <= ?'),
	}
}
type Statements = ReturnType<typeof statementsFor>
const prepared = new WeakMap<SqliteConnection, Statements>()

function statements() {
	const sqlite = getDb().$client
	let found = prepared.get(sqlite)
	if (!found) {
		found = statementsFor(sqlite)
		prepared.set(sqlite, found)
	}
	return found
}

/**
 * Runs a rate-limit write without making its answer wait for the disk: a
 * count needs no promise that it survives a power cut
 * (docs/decisions/037-durable-writes-off-the-event-loop.md).
 */
function countWrite<T>(run: (s: Statements) => T): T {
	const s = statements()
	// Inside a caller's transaction the write is the caller's.
	if (getDb().$client.inTransaction) return run(s)
	return relaxedWrites(() => {
		const result = run(s)
		if (++writesSincePrune >= PRUNE_EVERY) {
			writesSincePrune = 0
			s.prune.run(Date.now())
		}
		return result
	})
}

/** Deletes every row that no longer counts at `now`; returns how many. */
export function pruneRateLimits(now = Date.now()) {
	return countWrite((s) => s.prune.run(now).changes)
}

/** Counts one attempt against `rule` for `key`; says whether it is allowed. */
export function consumeRateLimit(rule: RateLimitRule, key: string, now = Date.now()): RateLimitResult {
	const { limit, windowMs } = RATE_LIMITS[rule]
	const max = Math.max(1, Math.floor(limit * getEnv().rateLimitMultiplier))
	const bucket = countWrite(
		(s) => s.hit.get({ id: `${rule}|${key}`, now, resetAt: now + windowMs }) as Pick<Row, 'count' | 'expiresAt'>,
	)
	if (bucket.count > max) {
		const retryAfterSeconds = Math.max(1, Math.ceil((bucket.expiresAt - now) / 1000))
		if (bucket.count === max + 1) log('rate_limit.hit', { rule, retryAfterSeconds }, 'warn')
		return { ok: false, retryAfterSeconds }
	}
	return { ok: true }
}

/** Forgets an account's attempts (after a successful sign-in, say). */
export function resetRateLimit(rule: RateLimitRule, key: string) {
	countWrite((s) => s.remove.run(`${rule}|${key}`))
}

/** Forgets every count, of the fixed windows and the sliding ones (tests). */
export function clearRateLimits() {
	countWrite(() => getDb().$client.prepare('DELETE FROM rate_limits').run())
}

/**
 * Records one event of `rule` at `now` (one row of its own, kept for
 * `windowMs`) and returns how many of the rule's events fall within the
 * last `windowMs`, counted across every server process: for counts that
 * raise an alert rather than refuse (failed admin sign-ins, any account).
 */
export function countRecentEvent(rule: string, windowMs: number, now = Date.now()): number {
	return countWrite((s) => {
		s.store.run({
			id: `${rule}|${now}|${crypto.randomBytes(6).toString('hex')}`,
			count: 1,
			previous: 0,
			windowStart: now,
			reportedWindow: -1,
			expiresAt: now + windowMs,
		})
		return (s.countRule.get(`${rule}|`, `${rule}}`, now) as { n: number }).n
	})
}

/** Forgets every event of `rule` (tests). */
export function clearRecentEvents(rule: string) {
	countWrite((s) => s.removeRule.run(`${rule}|`, `${rule}}`))
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

/** The scopes counted both per IP and per account: `<scope>:ip` and `<scope>:account`. */
type AttemptScope = {
	[R in RateLimitRule]: R extends `${infer S}:ip` ? (`${S}:account` extends RateLimitRule ? S : never) : never
}[RateLimitRule]

/**
 * Counts one attempt from `ip` at `account` under both of a scope's rules
 * (the IP's first): the first 429 failure, else null. With `logAs`, a
 * refusal is logged as that event (warn, `result: 'rate_limited'`, after
 * the IP and the fields given).
 */
export function limitedAttempt(
	scope: AttemptScope,
	ip: string,
	account: string,
	logAs?: { event: string; fields?: Record<string, unknown> },
): Failure | null {
	const blocked = limited(`${scope}:ip`, ip) ?? limited(`${scope}:account`, account)
	if (blocked && logAs) log(logAs.event, { ip, ...logAs.fields, result: 'rate_limited' }, 'warn')
	return blocked
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
 * still lies in the last windowMs, plus the current count. One row per key
 * (the `rate_limits` table); it counts for two windows, then it is pruned.
 */
type SlidingCounter = {
	windowStart: number
	previous: number
	current: number
	/** windowStart of the window whose first refusal was reported, so it is reported once. */
	reportedWindow: number
}

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
function slidingCounterAt(s: Statements, id: string, windowMs: number, now: number): SlidingCounter {
	const windowStart = now - (now % windowMs)
	const row = s.read.get(id) as Row | undefined
	if (!row) return { windowStart, previous: 0, current: 0, reportedWindow: -1 }
	const counter = {
		windowStart: row.windowStart,
		previous: row.previous,
		current: row.count,
		reportedWindow: row.reportedWindow,
	}
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

/**
 * Counts one request against every check, all or nothing: when any of them
 * is over its limit, the request is refused and counted nowhere. Refused
 * requests do not count, so a client that waits the Retry-After it was given
 * is served then, however often it asked in between; what the limit bounds
 * is the work done for a token, and a refusal costs next to nothing.
 * Of several refusals, the one with the longest wait is the answer.
 */
export function consumeSlidingRateLimits(checks: SlidingCheck[], now = Date.now()): SlidingRateLimitResult {
	// Read, decide and write in one write transaction (countWrite's): two
	// processes checking the same token at once are counted one after the
	// other. better-sqlite3 runs it without yielding, so the lock is held for
	// microseconds.
	return countWrite((s) => consumeSliding(s, checks, now))
}

function consumeSliding(s: Statements, checks: SlidingCheck[], now: number): SlidingRateLimitResult {
	const states = checks.map(({ rule, key }) => {
		const id = `${rule}|${key}`
		const { windowMs } = SLIDING_RATE_LIMITS[rule]
		const max = slidingMax(rule)
		const counter = slidingCounterAt(s, id, windowMs, now)
		return { rule, id, counter, max, windowMs, waitMs: slidingWaitMs(counter, max, windowMs, now) }
	})
	const worst = states.reduce<(typeof states)[number] | null>(
		(found, state) => (state.waitMs > (found?.waitMs ?? 0) ? state : found),
		null,
	)
	if (worst) {
		// The refusal is the worst rule's; its first one in this window is reported.
		const first = worst.counter.reportedWindow !== worst.counter.windowStart
		if (first) {
			worst.counter.reportedWindow = worst.counter.windowStart
			storeSliding(s, worst.id, worst.counter, worst.windowMs)
		}
		return {
			ok: false,
			rule: worst.rule,
			limit: worst.max,
			retryAfterSeconds: Math.max(1, Math.ceil(worst.waitMs / 1000)),
			first,
		}
	}
	for (const state of states) {
		state.counter.current++
		storeSliding(s, state.id, state.counter, state.windowMs)
	}
	return { ok: true }
}

function storeSliding(s: Statements, id: string, counter: SlidingCounter, windowMs: number) {
	s.store.run({
		id,
		count: counter.current,
		previous: counter.previous,
		windowStart: counter.windowStart,
		reportedWindow: counter.reportedWindow,
		// Nothing of a window still counts a whole window after it ended.
		expiresAt: counter.windowStart + 2 * windowMs,
	})
}

/** One sliding rule: see consumeSlidingRateLimits. */
export function consumeSlidingRateLimit(rule: SlidingRateLimitRule, key: string, now = Date.now()) {
	return consumeSlidingRateLimits([{ rule, key }], now)
}

/** The 429 message of a sliding limit, in seconds (requests come faster than sign-in attempts). */
export function requestRateLimitMessage(retryAfterSeconds: number) {
	return `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`
}

/** How many sliding-window rows are kept (tests: expired ones are pruned). */
export function slidingRateLimitKeyCount() {
	const rules = Object.keys(SLIDING_RATE_LIMITS)
	return (
		getDb()
			.$client.prepare(`SELECT count(*) AS n FROM rate_limits WHERE ${rules.map(() => 'id LIKE ?').join(' OR ')}`)
			.get(...rules.map((rule) => `${rule}|%`)) as { n: number }
	).n
}
