import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { data } from 'react-router'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import * as schema from './schema.ts'
import { createWalFlusher, syncWalFile, syncWalFileSync } from './wal-flush.server.ts'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }
/** The driver's connection (for the few modules that prepare their own statements on it). */
export type SqliteConnection = Database.Database
/** The handle a `write((tx) => ...)` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

type State = { db: Db; sqlite: Database.Database; file: string }

// One connection per process, kept across dev-server reloads.
const globalState = globalThis as unknown as { __appDb?: State }

/**
 * Waiting for another connection's write lock (the other serving processes,
 * an operator's sqlite3 shell, a backup, the admin CLI) happens on the event
 * loop: better-sqlite3 is synchronous. So the wait is bounded
 * (docs/decisions/010-bounded-database-lock-wait.md):
 * - at start-up (migrations, seed) a statement may wait 5 s;
 * - while serving requests, 1 s: a few of the other processes' commits
 *   behind a slow disk's fsync (docs/decisions/032-one-second-lock-wait.md);
 *   past that the request answers 503 with Retry-After instead of 500;
 * - after a wait ran out, statements fail at once for 2 s, so requests
 *   arriving during a long lock do not each block the loop in turn.
 * Reads never wait in WAL mode, so pages that only read keep working.
 *
 * The wait is ours, not SQLite's busy handler: that one sleeps 1, 2, 5,
 * 10, 15 ms... between tries, so a write that finds the other process's
 * 0.2 ms commit under way stalled every request of its process for 1 to
 * 10 ms. Ours tries again after 50 µs, then at most every 250 µs
 * (docs/decisions/036-lock-wait-in-microseconds.md).
 */
export const STARTUP_BUSY_TIMEOUT_MS = 5_000
export const REQUEST_BUSY_TIMEOUT_MS = 1_000
export const BUSY_COOLDOWN_MS = 2_000
export const BUSY_RETRY_AFTER_SECONDS = 5
export const DATABASE_BUSY_MESSAGE = 'The service is busy right now. Please try again in a few seconds.'
/** The first pause between two tries for a lock, then doubled up to the second. */
export const LOCK_RETRY_FIRST_MS = 0.05
export const LOCK_RETRY_MAX_MS = 0.25

/**
 * A full disk (or another storage failure) is the same kind of answer: the
 * write is rolled back, the client is told to come back later, and the
 * next write succeeds once there is room again.
 */
export const DATABASE_FULL_MESSAGE = 'The server is out of storage space, so nothing was saved. Please try again later.'
export const STORAGE_RETRY_AFTER_SECONDS = 60

const UNAVAILABLE = Symbol('database unavailable')
type Unavailable = { message: string; retryAfterSeconds: number }

/**
 * What a statement throws when the database cannot take it (locked past the
 * wait, or out of space): React Router's `data()` with status 503 and
 * Retry-After, so a page shows its error boundary with the message and the
 * status, and `apiRoute` answers the JSON envelope.
 */
function unavailable(reason: Unavailable) {
	return Object.assign(
		data({ error: reason.message }, { status: 503, headers: { 'Retry-After': String(reason.retryAfterSeconds) } }),
		{ [UNAVAILABLE]: reason },
	)
}

/** Why the database refused, when it was one of the 503 cases above; else null. */
export function databaseUnavailable(error: unknown): Unavailable | null {
	return typeof error === 'object' && error !== null && UNAVAILABLE in error
		? (error as { [UNAVAILABLE]: Unavailable })[UNAVAILABLE]
		: null
}

export function isDatabaseBusy(error: unknown): boolean {
	return databaseUnavailable(error)?.message === DATABASE_BUSY_MESSAGE
}

function errorCode(error: unknown) {
	const code = (error as { code?: unknown })?.code
	return typeof code === 'string' ? code : ''
}

function isLockError(error: unknown) {
	const code = errorCode(error)
	return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')
}

/**
 * A lock another connection holds, which the same statement may take once
 * it is free (SQLite's busy handler is called for exactly these). Not
 * SQLITE_BUSY_SNAPSHOT: a transaction that read before another one
 * committed can only start again.
 */
function mayTryAgain(error: unknown) {
	const code = errorCode(error)
	return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_RECOVERY'
}

const pauseCell = new Int32Array(new SharedArrayBuffer(4))
/** Sleeps this thread for `ms` (fractions too): nothing else can run on it meanwhile anyway. */
function pause(ms: number) {
	Atomics.wait(pauseCell, 0, 0, ms)
}

function isStorageError(error: unknown) {
	const code = errorCode(error)
	return code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR')
}

type BusyGuard = { timeout: number; coolingUntil: number }

/**
 * What a connection has written (docs/decisions/037-durable-writes-off-the-event-loop.md),
 * read from SQLite itself: `total_changes()` counts every row this
 * connection inserted, updated or deleted, so nothing needs to watch the
 * statements. `relaxed` is the part of it made inside `relaxedWrites`;
 * `flush` makes every commit so far durable (the WAL's fdatasync off the
 * event loop), `flushNow` the same on this thread (closing).
 */
type Writes = {
	changes: () => number
	relaxed: number
	relaxing: number
	flush: () => Promise<void>
	flushNow: () => void
}

/** How long a write may wait for a lock now: the guard's bound, or 0 during a cool-down. */
function currentBound(guard: BusyGuard) {
	return Date.now() < guard.coolingUntil ? 0 : guard.timeout
}

/**
 * A lock error past the wait, or a storage failure, as the 503 answer
 * above (a lock error also starts the cool-down); any other error as it is.
 */
function translate(error: unknown, guard: BusyGuard) {
	if (isStorageError(error)) {
		log('db.storage_error', { code: errorCode(error), error: String((error as Error).message) }, 'error')
		return unavailable({ message: DATABASE_FULL_MESSAGE, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS })
	}
	if (!isLockError(error)) return error
	if (guard.timeout > 0 && Date.now() >= guard.coolingUntil) {
		guard.coolingUntil = Date.now() + BUSY_COOLDOWN_MS
		log('db.busy', { waitedMs: guard.timeout, coolDownMs: BUSY_COOLDOWN_MS }, 'warn')
	}
	return unavailable({ message: DATABASE_BUSY_MESSAGE, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS })
}

/**
 * Every write goes through `write` (below): one `BEGIN IMMEDIATE`
 * transaction that takes the write lock before the caller's work runs.
 * Drizzle's logger (a supported option, called before each query runs) sees
 * the SQL of every query; an INSERT, UPDATE, DELETE or REPLACE outside a
 * transaction is a write that would get neither the lock wait nor the 503
 * answer. In development and tests (and with STRICT_WRITES=1, which the
 * end-to-end servers set) it throws, so the test that drives it fails;
 * in production it runs and is logged once per statement.
 */
const WRITE_SQL = /^\s*(?:insert|update|delete|replace)\b/i
export const OUTSIDE_WRITE_MESSAGE = 'A database write outside write() (db/client.server.ts)'

/** A test's own fixtures write as they like: the rule is for the app's code. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?\b|[\\/]tests[\\/]/
/** The first frame of a stack outside drizzle and this module: the code that wrote. */
function writer(stack: string) {
	return stack
		.split('\n')
		.slice(1)
		.find((line) => !/drizzle-orm|client\.server\.ts|node:internal/.test(line))
		?.trim()
}

function writeCheck(sqlite: Database.Database) {
	const strict = process.env.NODE_ENV !== 'production' || process.env.STRICT_WRITES === '1'
	const logged = new Set<string>()
	return {
		logQuery(query: string) {
			if (sqlite.inTransaction || !WRITE_SQL.test(query)) return
			if (strict) {
				const from = writer(new Error().stack ?? '')
				if (!from || TEST_FILE.test(from)) return
				throw new Error(`${OUTSIDE_WRITE_MESSAGE}: ${query.slice(0, 120)} (from ${from})`)
			}
			if (logged.has(query)) return
			logged.add(query)
			log('db.write_outside_helper', { sql: query.slice(0, 200) }, 'error')
		},
	}
}

/** How many prepared statements a connection keeps for reuse (oldest out first). */
export const STATEMENT_CACHE_SIZE = 1_000

/**
 * A connection that keeps its prepared statements by their SQL text
 * (docs/decisions/054-route-partitions-and-statement-reuse.md): Drizzle
 * prepares every query it runs, which cost a member page about 0.25 ms of
 * its CPU. A subclass, not a patched method: the driver's `prepare` is
 * called as it is, once per text. A statement handed out again has its
 * modes reset (Drizzle turns raw mode on per call where it wants arrays),
 * so every caller gets it as `prepare` returns it. A module that keeps a
 * statement of its own and changes its mode (`pluck()`) prepares it once
 * and keeps it; reusing its SQL text elsewhere would reset that mode.
 */
export class StatementReusingDatabase extends Database {
	readonly #statements = new Map<string, Database.Statement>()

	override prepare = ((source: string) => {
		if (this.readonly) return guardReplicaStatement(this.#prepareCached(source), source)
		return this.#prepareCached(source)
	}) as Database.Database['prepare']

	#prepareCached = (source: string) => {
		const cached = this.#statements.get(source)
		if (cached) {
			// Least recently used first out: the statement moves to the end.
			this.#statements.delete(source)
			this.#statements.set(source, cached)
			if (cached.reader) cached.raw(false).pluck(false).expand(false)
			return cached
		}
		const statement = super.prepare(source)
		if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!)
		this.#statements.set(source, statement)
		return statement
	}
}

// ---------------------------------------------------------------------------
// Read replicas (issue 42, docs/decisions/065-read-replicas.md)

/**
 * What a write on a read-only connection throws (a replica: DATABASE_READONLY
 * or LiteFS's `.primary` file, app/utils/env.server.ts). Every attempt is
 * counted first (`writeAttempts`), logged as `db.replica_write`, and fails:
 * in production too (SQLite would refuse it anyway; this says where it came
 * from). Nothing on a replica's start or GET path may reach it.
 */
export class ReplicaWriteError extends Error {
	override name = 'ReplicaWriteError'
}
export const REPLICA_WRITE_MESSAGE = 'A database write on a read-only replica'

let replicaWriteAttempts = 0

/** How many writes this process attempted on a read-only connection (0 on a primary). */
export function writeAttempts() {
	return replicaWriteAttempts
}

function replicaWrite(what: string, caller: (...args: never[]) => unknown): never {
	replicaWriteAttempts++
	// The stack from the caller's caller on: the app's code that wrote.
	const holder: { stack?: string } = {}
	Error.captureStackTrace(holder, caller)
	const from = writer(`Error\n${holder.stack?.split('\n').slice(1).join('\n') ?? ''}`)
	log('db.replica_write', { sql: what.slice(0, 200), from }, 'error')
	throw new ReplicaWriteError(`${REPLICA_WRITE_MESSAGE}: ${what.slice(0, 120)} (from ${from ?? 'unknown'})`)
}

const guardedStatements = new WeakSet<Database.Statement>()
/**
 * On a read-only connection, a statement that would write (SQLite's own
 * `sqlite3_stmt_readonly`, so `INSERT ... RETURNING` run with `.get()` and
 * raw `prepare().run()` alike) counts and throws when it is run, instead of
 * reaching SQLite.
 */
function guardReplicaStatement(statement: Database.Statement, source: string) {
	if (statement.readonly || guardedStatements.has(statement)) return statement
	guardedStatements.add(statement)
	const refuse = (): never => replicaWrite(source, refuse)
	Object.assign(statement, { run: refuse, get: refuse, all: refuse, iterate: refuse })
	return statement
}

const guards = new WeakMap<Database.Database, BusyGuard>()
const writesOf = new WeakMap<Database.Database, Writes>()

/**
 * Opens a database file with our pragmas: WAL, synchronous=NORMAL (an
 * answer waits for `settleWrites` instead), foreign keys; SQLite's busy
 * timeout 0, since `write` waits (the start-up bound until the server
 * serves).
 */
export function openDatabase(file: string, options: { readonly?: boolean } = {}): State {
	if (options.readonly) return openReplica(file)
	if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
	const sqlite = new StatementReusingDatabase(file, { timeout: 0 })
	sqlite.pragma('journal_mode = WAL')
	// NORMAL: a commit does not wait for the disk on this thread; an answer
	// that acknowledges a write waits for the WAL's fdatasync off it
	// (settleWrites), so an acknowledged write survives power loss as with
	// FULL (docs/decisions/037-durable-writes-off-the-event-loop.md).
	sqlite.pragma('synchronous = NORMAL')
	sqlite.pragma('foreign_keys = ON')
	// Statement journals and sorts in memory: each sign-up's transaction made
	// and removed a temporary file in /var/tmp on the event loop.
	sqlite.pragma('temp_store = MEMORY')
	registerFunctions(sqlite)
	const guard: BusyGuard = { timeout: STARTUP_BUSY_TIMEOUT_MS, coolingUntil: 0 }
	guards.set(sqlite, guard)
	const onDisk = file !== ':memory:' && file !== ''
	const totalChanges = sqlite.prepare('select total_changes()').pluck()
	const writes: Writes = {
		changes: () => totalChanges.get() as number,
		relaxed: 0,
		relaxing: 0,
		flush: onDisk ? createWalFlusher(() => syncWalFile(file)) : () => Promise.resolve(),
		flushNow: onDisk ? () => syncWalFileSync(file) : () => undefined,
	}
	writesOf.set(sqlite, writes)
	const db = drizzle(sqlite, { schema, logger: writeCheck(sqlite) }) as Db
	return { db, sqlite, file }
}

/**
 * The app's SQL functions. `contains_folded(value, term)`: 1 when `value`
 * holds `term` (given lower-cased) whatever its case, as the users search's
 * trigram index matches; a broad search tests each member it walks with it
 * (app/features/users/list.server.ts, decision 067).
 */
function registerFunctions(sqlite: Database.Database) {
	sqlite.function('contains_folded', { deterministic: true }, (value: unknown, term: unknown) =>
		typeof value === 'string' && typeof term === 'string' && value.toLowerCase().includes(term) ? 1 : 0,
	)
}

/**
 * A replica's connection: the file opened read-only (it must exist: the
 * primary made it), nothing set that writes (the journal mode is the
 * primary's, WAL). Reads never wait in WAL mode; every write is counted and
 * refused (`replicaWrite`).
 */
function openReplica(file: string): State {
	const sqlite = new StatementReusingDatabase(file, { timeout: 0, readonly: true, fileMustExist: true })
	sqlite.pragma('foreign_keys = ON')
	sqlite.pragma('temp_store = MEMORY')
	registerFunctions(sqlite)
	guards.set(sqlite, { timeout: 0, coolingUntil: 0 })
	const db = drizzle(sqlite, { schema, logger: writeCheck(sqlite) }) as Db
	return { db, sqlite, file }
}

/** Whether this connection is a replica's (read-only). */
export function isReadOnly(db: Db = getDb()) {
	return db.$client.readonly
}

/**
 * Sets how long a statement waits for another connection's lock (the
 * server switches from the start-up bound to the request bound once it
 * serves).
 */
export function setBusyTimeout(ms: number, db: Db = getDb()) {
	const guard = guards.get(db.$client)
	if (!guard) return
	guard.timeout = ms
}

/** How long a statement would wait for a lock now: the bound, or 0 during a cool-down. */
export function lockWaitMs(db: Db = getDb()) {
	const guard = guards.get(db.$client)
	return guard ? currentBound(guard) : 0
}

/** How many writes this connection has made: `settleWrites(mark)` later makes those since the mark durable. */
export function writeMark(db: Db = getDb()) {
	const writes = writesOf.get(db.$client)
	return writes ? writes.changes() - writes.relaxed : 0
}

/**
 * A promise that resolves once every write this connection committed so
 * far is on disk (one fdatasync of the WAL on the thread pool, shared by
 * the answers waiting at the same time), or undefined when it wrote
 * nothing since `mark`. An answer that acknowledges a write waits for it
 * (the root route's middleware, app/utils/durable-writes.server.ts).
 */
export function settleWrites(mark: number, db: Db = getDb()): Promise<void> | undefined {
	const writes = writesOf.get(db.$client)
	if (!writes || writes.changes() - writes.relaxed === mark) return undefined
	return writes.flush()
}

/** Resolves once every write this connection committed so far is on disk. */
export function flushWrites(db: Db = getDb()): Promise<void> {
	return writesOf.get(db.$client)?.flush() ?? Promise.resolve()
}

/**
 * Runs `fn` as one write transaction: `BEGIN IMMEDIATE` takes the write
 * lock first, so the caller's reads and writes see one state and only the
 * BEGIN can find the lock taken. Then it tries again after 50 µs, at most
 * every 250 µs, until the bound (docs/decisions/036-lock-wait-in-microseconds.md);
 * past it, or on a full disk, it throws the 503 answer. Given a caller's
 * transaction handle (`tx`), `fn` runs in it; inside a caller's
 * transaction on the connection it is a savepoint of that one (an error inside `fn` undoes
 * only `fn`'s part when the caller catches it).
 *
 * SQLite's own busy handler is not used: it sleeps 1, 2, 5, 10 ms... between
 * tries, so a write that found the other process's 0.2 ms commit under way
 * stalled every request of its process for 1 to 10 ms.
 */
export function write<T>(fn: (tx: Tx) => T, db: Db | Tx = getDb()): T {
	// A caller's transaction handle: the work is part of that transaction.
	if (!('$client' in db)) return fn(db)
	if (db.$client.readonly) replicaWrite('write()', write)
	const guard = guards.get(db.$client)
	if (!guard || db.$client.inTransaction) return db.transaction(fn)
	// A try whose BEGIN found the lock taken ran none of `fn` and may run again.
	let ran = false
	const body = (tx: Tx) => {
		ran = true
		return fn(tx)
	}
	let deadline: number | undefined
	let wait = LOCK_RETRY_FIRST_MS
	for (;;) {
		try {
			return db.transaction(body, { behavior: 'immediate' })
		} catch (error) {
			if (ran || !mayTryAgain(error)) throw translate(error, guard)
			const now = performance.now()
			deadline ??= now + currentBound(guard)
			if (now >= deadline) throw translate(error, guard)
			pause(Math.min(wait, deadline - now))
			wait = Math.min(wait * 2, LOCK_RETRY_MAX_MS)
		}
	}
}

/**
 * `write(fn)` without counting its writes: changes nobody is promised will
 * survive a power cut (rate-limit counts), so the answer that made them
 * does not wait for the disk. Inside a caller's transaction it runs in
 * that one, and the caller's own writes are counted as usual.
 */
export function relaxedWrites<T>(fn: () => T, db: Db = getDb()): T {
	const writes = writesOf.get(db.$client)
	if (db.$client.inTransaction) return fn()
	if (!writes) return write(() => fn(), db)
	// The outermost call measures: the changes made within it, nested calls' included.
	const before = writes.relaxing === 0 ? writes.changes() : 0
	writes.relaxing++
	try {
		return write(() => fn(), db)
	} finally {
		writes.relaxing--
		if (writes.relaxing === 0) writes.relaxed += writes.changes() - before
	}
}

/** Closes a connection after making its commits durable (its WAL may outlive it when other connections are open). */
function closeConnection(state: State) {
	try {
		const writes = writesOf.get(state.sqlite)
		if (writes && writes.changes() > 0) writes.flushNow()
	} finally {
		state.sqlite.close()
	}
}

export function getDb(): Db {
	const file = getEnv().databasePath
	let state = globalState.__appDb
	if (!state || state.file !== file) {
		if (state) closeConnection(state)
		state = openDatabase(file, { readonly: getEnv().databaseReadOnly })
		globalState.__appDb = state
	}
	return state.db
}

/**
 * A serving process's commits leave the WAL's checkpoints to the thread
 * server/wal-checkpointer.js runs (docs/decisions/069): SQLite's own
 * checkpoint runs only when a commit finds the WAL past this many pages
 * (40 MB), that is when the thread has stopped keeping up. The default,
 * 1,000 pages, made the commit that crossed it copy and sync them on the
 * event loop.
 */
export const WAL_AUTOCHECKPOINT_FALLBACK_PAGES = 10_000

/** This process's connection leaves checkpoints to the checkpointer thread. */
export function leaveCheckpointsToCheckpointer() {
	getDb().$client.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_FALLBACK_PAGES}`)
}

/**
 * Opens another database file (a backup copy) read-only, without the app's
 * pragmas: for checking a copy before it is kept or restored.
 */
export function openDatabaseFile(file: string, options: { readonly: boolean } = { readonly: true }) {
	return new Database(file, { readonly: options.readonly, fileMustExist: true })
}

export function migrationsFolder() {
	return path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations')
}

/** Applies the SQL migrations generated by drizzle-kit into migrations/. */
export function migrateDatabase(db: Db = getDb()) {
	// drizzle's migrator runs its own transaction: SQLite's busy handler
	// waits for the lock there, within the same bound as `write`.
	db.$client.pragma(`busy_timeout = ${lockWaitMs(db)}`)
	try {
		migrate(db, { migrationsFolder: migrationsFolder() })
	} finally {
		db.$client.pragma('busy_timeout = 0')
	}
	const problems = db.$client.pragma('foreign_key_check') as unknown[]
	if (problems.length > 0) throw new Error('foreign_key_check failed after migrations')
}

/**
 * The migrations in `migrations/` a database has not applied (their tags),
 * read from the primary's journal table the way drizzle's migrator decides
 * (every migration newer than the newest applied one): a replica starts
 * only on a schema its code expects, and never migrates it itself.
 */
export function pendingMigrations(db: Db = getDb()): string[] {
	const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
		entries: Array<{ tag: string; when: number }>
	}
	const table = db.$client
		.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
		.get()
	const newest = table
		? ((
				db.$client.prepare('select max(created_at) as newest from __drizzle_migrations').get() as {
					newest: number | null
				}
			).newest ?? 0)
		: 0
	return journal.entries.filter((entry) => entry.when > Number(newest)).map((entry) => entry.tag)
}

export function sqliteVersion(db: Db = getDb()) {
	return (db.$client.prepare('select sqlite_version() as v').get() as { v: string }).v
}

/**
 * Closes the connection. The server checkpoints the WAL into the database
 * file first (graceful shutdown); a command run beside a live server does
 * not, since a truncating checkpoint holds back the server's writers.
 */
export function closeDb(options: { checkpoint: boolean } = { checkpoint: true }) {
	const state = globalState.__appDb
	if (!state) return
	try {
		// A replica's file is the primary's to checkpoint.
		if (options.checkpoint && !state.sqlite.readonly) state.sqlite.pragma('wal_checkpoint(TRUNCATE)')
	} finally {
		globalState.__appDb = undefined
		closeConnection(state)
	}
}
