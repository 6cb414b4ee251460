import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, test } from 'vitest'
import { resetEnv, getEnv } from '#app/utils/env.server.ts'
import { setLogSilent } from '#app/utils/log.server.ts'
import { users } from './schema.ts'
import {
	BUSY_COOLDOWN_MS,
	DATABASE_FULL_MESSAGE,
	STORAGE_RETRY_AFTER_SECONDS,
	databaseUnavailable,
	BUSY_RETRY_AFTER_SECONDS,
	DATABASE_BUSY_MESSAGE,
	REQUEST_BUSY_TIMEOUT_MS,
	STARTUP_BUSY_TIMEOUT_MS,
	closeDb,
	flushWrites,
	getDb,
	isDatabaseBusy,
	leaveCheckpointsToCheckpointer,
	lockWaitMs,
	migrateDatabase,
	openDatabase,
	OUTSIDE_WRITE_MESSAGE,
	relaxedWrites,
	write,
	setBusyTimeout,
	settleWrites,
	sqliteVersion,
	STATEMENT_CACHE_SIZE,
	StatementReusingDatabase,
	WAL_AUTOCHECKPOINT_FALLBACK_PAGES,
	writeMark,
} from './client.server.ts'

const require = createRequire(import.meta.url)

/** A users row for the lock tests. */
const member = (email: string) => ({
	name: 'Ada Lee',
	email,
	passwordHash: 'x',
	phone: '+1',
	country: 'X',
	telegram: '@a',
	investmentAmount: 'x',
	referralCode: email,
})

afterEach(() => {
	delete process.env.DATABASE_URL
	resetEnv()
})

describe('database connection', () => {
	test('uses DATA_DIR/app.db with the pragmas of docs/product/decisions.md section 6 (busy timeout: docs/decisions/010)', () => {
		const db = getDb()
		expect(db.$client.name).toBe(path.join(getEnv().dataDir, 'app.db'))
		expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal')
		// NORMAL: answers wait for the WAL's flush instead (docs/decisions/037).
		expect(db.$client.pragma('synchronous', { simple: true })).toBe(1)
		// write() waits for locks, not SQLite's busy handler (docs/decisions/036).
		expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(0)
		expect(lockWaitMs(db)).toBe(STARTUP_BUSY_TIMEOUT_MS)
		expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1)
		expect(sqliteVersion(db)).toMatch(/^3\.\d+\.\d+$/)
	})

	test('the migrated schema has the tables and passes the integrity checks', () => {
		const db = getDb()
		const tables = (
			db.$client.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]
		).map((t) => t.name)
		expect(tables).toEqual(
			expect.arrayContaining(['users', 'sessions', 'password_reset_tokens', 'unlock_codes', 'admins']),
		)
		expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok')
		expect(db.$client.pragma('foreign_key_check')).toEqual([])
		// Migrating again is a no-op.
		expect(() => migrateDatabase(db)).not.toThrow()
	})

	test('a serving process under a checkpointer thread leaves the WAL to it, but for a fallback (docs/decisions/069)', () => {
		process.env.DATABASE_URL = path.join(getEnv().dataDir, 'checkpoints', 'app.db')
		resetEnv()
		// SQLite's default: the commit that takes the WAL past 1,000 pages checkpoints on this thread.
		expect(getDb().$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000)
		leaveCheckpointsToCheckpointer()
		expect(getDb().$client.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_FALLBACK_PAGES)
		expect(WAL_AUTOCHECKPOINT_FALLBACK_PAGES).toBe(10_000)
		closeDb()
	})

	test('DATABASE_URL moves the database file', () => {
		const file = path.join(getEnv().dataDir, 'nested', 'other.db')
		process.env.DATABASE_URL = file
		resetEnv()
		const db = getDb()
		expect(db.$client.name).toBe(file)
		expect(fs.existsSync(file)).toBe(true)
		closeDb()
	})

	test('foreign keys are enforced', () => {
		const db = getDb()
		expect(() =>
			db.$client
				.prepare("insert into sessions (token_hash, user_id, kind, expires_at) values ('h', 999, 'web', 0)")
				.run(),
		).toThrow(/FOREIGN KEY/)
	})
})

describe('statements reused by their SQL text (docs/decisions/054)', () => {
	test('the same text gives the same statement, with the modes a fresh one has', () => {
		const sqlite = new StatementReusingDatabase(':memory:')
		try {
			sqlite.exec("create table t (a integer, b text); insert into t values (1, 'x')")
			const first = sqlite.prepare('select a, b from t')
			expect(first.raw().all()).toEqual([[1, 'x']])
			const again = sqlite.prepare('select a, b from t')
			expect(again).toBe(first)
			expect(again.all()).toEqual([{ a: 1, b: 'x' }])
			again.pluck()
			expect(sqlite.prepare('select a, b from t').get()).toEqual({ a: 1, b: 'x' })
			// Statements that return no data have no modes to reset.
			const insert = sqlite.prepare('insert into t values (?, ?)')
			expect(sqlite.prepare('insert into t values (?, ?)')).toBe(insert)
			sqlite.prepare('insert into t values (?, ?)').run(2, 'y')
			expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 2 })
		} finally {
			sqlite.close()
		}
	})

	test('keeps at most STATEMENT_CACHE_SIZE statements, the least recently used out first', () => {
		const sqlite = new StatementReusingDatabase(':memory:')
		try {
			const zero = sqlite.prepare('select 0')
			const one = sqlite.prepare('select 1')
			for (let i = 2; i < STATEMENT_CACHE_SIZE; i++) sqlite.prepare(`select ${i}`)
			// Used again, 'select 0' is the most recent; 'select 1' is now the oldest.
			expect(sqlite.prepare('select 0')).toBe(zero)
			sqlite.prepare(`select ${STATEMENT_CACHE_SIZE}`)
			expect(sqlite.prepare('select 0')).toBe(zero)
			expect(sqlite.prepare('select 1')).not.toBe(one)
		} finally {
			sqlite.close()
		}
	})

	test('the app connection reuses the statements Drizzle prepares', () => {
		const { db, sqlite } = openDatabase(':memory:')
		try {
			expect(sqlite).toBeInstanceOf(StatementReusingDatabase)
			migrateDatabase(db)
			const text = db.select({ id: users.id }).from(users).toSQL().sql
			expect(sqlite.prepare(text)).toBe(sqlite.prepare(text))
		} finally {
			sqlite.close()
		}
	})
})

describe('a lock held by another connection (docs/decisions/010)', () => {
	function caught(fn: () => unknown) {
		try {
			fn()
		} catch (error) {
			return error
		}
		throw new Error('expected a throw')
	}

	test('a write waits the request bound, then throws the 503 answer; later writes fail at once; reads go on', async () => {
		const db = getDb()
		migrateDatabase(db)
		setBusyTimeout(REQUEST_BUSY_TIMEOUT_MS, db)
		expect(lockWaitMs(db)).toBe(REQUEST_BUSY_TIMEOUT_MS)
		const other = new Database(db.$client.name)
		other.exec('BEGIN IMMEDIATE')
		const insert = (email: string) => write((tx) => tx.insert(users).values(member(email)).run(), db)
		try {
			let started = performance.now()
			const error = caught(() => insert('a@example.com'))
			const waited = performance.now() - started
			expect(isDatabaseBusy(error)).toBe(true)
			expect(waited).toBeGreaterThanOrEqual(REQUEST_BUSY_TIMEOUT_MS - 50)
			expect(waited).toBeLessThan(REQUEST_BUSY_TIMEOUT_MS + 1_000)
			expect(error).toMatchObject({
				data: { error: DATABASE_BUSY_MESSAGE },
				init: { status: 503, headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } },
			})
			// During the cool-down the next write does not wait at all.
			expect(lockWaitMs(db)).toBe(0)
			started = performance.now()
			expect(isDatabaseBusy(caught(() => insert('b@example.com')))).toBe(true)
			expect(performance.now() - started).toBeLessThan(100)
			// A larger write fails the same way and leaves nothing behind.
			expect(isDatabaseBusy(caught(() => write((tx) => tx.delete(users).run(), db)))).toBe(true)
			// Reads do not need the write lock (WAL).
			expect(db.$client.prepare('select count(*) as n from users').get()).toEqual({ n: 0 })
		} finally {
			other.exec('ROLLBACK')
			other.close()
		}
		// Other errors are not turned into 503s.
		expect(isDatabaseBusy(caught(() => db.$client.prepare('select * from no_such_table').all()))).toBe(false)
		await new Promise((r) => setTimeout(r, BUSY_COOLDOWN_MS + 100))
		expect(lockWaitMs(db)).toBe(REQUEST_BUSY_TIMEOUT_MS)
		insert('c@example.com')
		expect(db.$client.prepare('select email from users').all()).toEqual([{ email: 'c@example.com' }])
		closeDb()
	})
})

describe('waiting for a lock another process holds (docs/decisions/036)', () => {
	/**
	 * Another connection, on a thread of its own (the test's thread is blocked
	 * while it waits): it takes the write lock, says so, and gives it back
	 * after `holdMs` (or, with `commitOnSignal`, once signalled, after writing
	 * a row), noting when its COMMIT returned (`released`) and, for `holdMs`,
	 * when it began (`releasing`), in ms since the epoch. The lock is free
	 * from inside COMMIT on: a waiting connection may finish before the
	 * other thread has noted `released`.
	 */
	function otherWriter(file: string, options: { holdMs?: number; commitOnSignal?: boolean }) {
		const shared = new SharedArrayBuffer(24)
		const worker = new Worker(
			`const { workerData, parentPort } = require('node:worker_threads')
			const Database = require(workerData.driver)
			const db = new Database(workerData.file)
			const released = new Float64Array(workerData.shared, 0, 1)
			const signal = new Int32Array(workerData.shared, 8, 1)
			if (workerData.commitOnSignal) {
				db.pragma('busy_timeout = 0')
				parentPort.postMessage('ready')
				Atomics.wait(signal, 0, 0, 5000)
				try {
					db.prepare("insert into users (name, email, password_hash, phone, country, telegram, investment_amount, referral_code) values ('B', 'other@example.com', 'x', '+1', 'X', '@b', 'x', 'OTHER')").run()
				} catch (error) {
					if (error.code === 'SQLITE_BUSY') new Int32Array(workerData.shared, 12, 1)[0] = 1
				}
				released[0] = performance.timeOrigin + performance.now()
				Atomics.store(signal, 0, 2)
				Atomics.notify(signal, 0)
			} else {
				db.exec('BEGIN IMMEDIATE')
				parentPort.postMessage('ready')
				Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs)
				new Float64Array(workerData.shared, 16, 1)[0] = performance.timeOrigin + performance.now()
				db.exec('COMMIT')
				released[0] = performance.timeOrigin + performance.now()
			}
			db.close()`,
			{ eval: true, workerData: { driver: require.resolve('better-sqlite3'), file, shared, ...options } },
		)
		const ready = new Promise((resolve, reject) => {
			worker.once('message', resolve)
			worker.once('error', reject)
		})
		const exited = new Promise((resolve) => worker.once('exit', resolve))
		return {
			ready,
			exited,
			released: () => new Float64Array(shared, 0, 1)[0]!,
			releasing: () => new Float64Array(shared, 16, 1)[0]!,
			signal: new Int32Array(shared, 8, 1),
			busy: () => new Int32Array(shared, 12, 1)[0]!,
		}
	}
	const now = () => performance.timeOrigin + performance.now()
	/** The connection as a serving process has it: migrated, with the request bound. */
	function servingDb() {
		const db = getDb()
		migrateDatabase(db)
		setBusyTimeout(REQUEST_BUSY_TIMEOUT_MS, db)
		return db
	}

	test("a write goes through within a few ms of the lock coming free (SQLite's own handler would sleep on: 1, 2, 5, 10, 15, 20, 25 ms)", async () => {
		const db = servingDb()
		const other = otherWriter(db.$client.name, { holdMs: 60 })
		await other.ready
		const started = now()
		write((tx) => tx.insert(users).values(member('a@example.com')).run(), db)
		const done = now()
		await other.exited
		expect(other.released()).toBeGreaterThan(started)
		// SQLite's handler would try at 53 and then 78 ms: 18 ms after a release at 60 ms.
		expect(done - other.released()).toBeLessThan(8)
		expect(db.$client.prepare('select email from users').all()).toEqual([{ email: 'a@example.com' }])
		closeDb()
	})

	test('a transaction whose BEGIN finds the lock taken runs its work once, when the lock is free', async () => {
		const db = servingDb()
		const other = otherWriter(db.$client.name, { holdMs: 30 })
		await other.ready
		let runs = 0
		write((tx) => {
			runs++
			tx.insert(users).values(member('b@example.com')).run()
		}, db)
		const done = now()
		await other.exited
		expect(runs).toBe(1)
		expect(done).toBeGreaterThanOrEqual(other.releasing())
		expect(db.$client.prepare('select email from users').all()).toEqual([{ email: 'b@example.com' }])
		closeDb()
	})

	test('a write holds the lock from its first read: another connection cannot commit in between, so its reads never go stale', async () => {
		const db = servingDb()
		const other = otherWriter(db.$client.name, { commitOnSignal: true })
		await other.ready
		let runs = 0
		write((tx) => {
			runs++
			tx.select().from(users).all()
			// The other connection tries to write now, and finds the lock taken.
			Atomics.store(other.signal, 0, 1)
			Atomics.notify(other.signal, 0)
			Atomics.wait(other.signal, 0, 1, 5000)
			tx.insert(users).values(member('c@example.com')).run()
		}, db)
		await other.exited
		expect(runs).toBe(1)
		expect(other.busy()).toBe(1)
		expect(db.$client.prepare('select email from users').all()).toEqual([{ email: 'c@example.com' }])
		closeDb()
	})
})

describe('every write goes through write()', () => {
	test('an INSERT, UPDATE or DELETE outside a transaction, from app code, throws in tests and development', async () => {
		const db = getDb()
		migrateDatabase(db)
		const { insertOutsideWrite } = await import('./write-check.fixture.ts')
		expect(() => insertOutsideWrite(db, member('outside@example.com'))).toThrow(OUTSIDE_WRITE_MESSAGE)
		expect(db.$client.prepare('select count(*) as n from users').get()).toEqual({ n: 0 })
		// Inside write() the same code writes.
		write(() => insertOutsideWrite(db, member('inside@example.com')), db)
		expect(db.$client.prepare('select email from users').all()).toEqual([{ email: 'inside@example.com' }])
		closeDb()
	})

	test('in production the write runs and is logged once per statement', async () => {
		const { insertOutsideWrite } = await import('./write-check.fixture.ts')
		const lines: string[] = []
		const stdoutWrite = process.stdout.write
		const previous = process.env.NODE_ENV
		process.env.NODE_ENV = 'production'
		setLogSilent(false)
		process.stdout.write = ((chunk: string) => {
			lines.push(String(chunk))
			return true
		}) as typeof process.stdout.write
		try {
			const { db, sqlite } = openDatabase(':memory:')
			migrateDatabase(db)
			insertOutsideWrite(db, member('one@example.com'))
			insertOutsideWrite(db, member('two@example.com'))
			expect(sqlite.prepare('select count(*) as n from users').get()).toEqual({ n: 2 })
			sqlite.close()
		} finally {
			process.stdout.write = stdoutWrite
			process.env.NODE_ENV = previous
			setLogSilent(true)
		}
		expect(lines.filter((line) => line.includes('db.write_outside_helper'))).toHaveLength(1)
	})

	test('given a transaction handle, write() runs in it; inside a transaction it is a savepoint', () => {
		const db = getDb()
		migrateDatabase(db)
		write((tx) => {
			write((inner) => inner.insert(users).values(member('handle@example.com')).run(), tx)
			expect(() =>
				write(() => {
					db.insert(users).values(member('undone@example.com')).run()
					throw new Error('undo this part')
				}, db),
			).toThrow('undo this part')
		}, db)
		expect(db.$client.prepare('select email from users').all()).toEqual([{ email: 'handle@example.com' }])
		closeDb()
	})
})

describe('a full disk', () => {
	test('a write that finds no room is a 503 telling the client to come back, nothing is half-written, and writes work again once there is room', () => {
		const db = getDb()
		migrateDatabase(db)
		const insert = (i: number) =>
			write(
				(tx) =>
					tx
						.insert(users)
						.values({
							name: 'Ada Lee',
							email: `full${i}@example.com`,
							passwordHash: 'x'.repeat(2_000),
							phone: '+1',
							country: 'X',
							telegram: '@a',
							investmentAmount: 'x',
							referralCode: `FULL${i}`,
						})
						.run(),
				db,
			)
		// The driver's own cap on the file's size stands in for a full disk.
		const pages = db.$client.pragma('page_count', { simple: true }) as number
		db.$client.pragma(`max_page_count = ${pages}`)
		let error: unknown
		try {
			for (let i = 0; i < 200; i++) insert(i)
		} catch (e) {
			error = e
		}
		expect(databaseUnavailable(error)).toEqual({
			message: DATABASE_FULL_MESSAGE,
			retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
		})
		// An insert read back with RETURNING is refused too, and stores
		// nothing. (Here the cap bites while the row is written; a disk that
		// fills while the commit writes the WAL is tested on a real small disk
		// in tests/api/durability.spec.ts.)
		let returned: unknown
		expect(() => {
			returned = write(
				(tx) =>
					tx
						.insert(users)
						.values({
							name: 'Ada Lee',
							email: 'returning@example.com',
							passwordHash: 'x'.repeat(4_000),
							phone: '+1',
							country: 'X',
							telegram: '@a',
							investmentAmount: 'x',
							referralCode: 'RET1',
						})
						.returning()
						.get(),
				db,
			)
		}).toThrow()
		expect(returned).toBeUndefined()
		expect(db.$client.prepare("select count(*) as n from users where email = 'returning@example.com'").get()).toEqual({
			n: 0,
		})
		expect(error).toMatchObject({
			init: { status: 503, headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) } },
		})
		const before = (db.$client.prepare('select count(*) as n from users').get() as { n: number }).n
		expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok')
		db.$client.pragma('max_page_count = 1073741823')
		insert(1_000)
		expect((db.$client.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(before + 1)
		closeDb()
	})
})

describe('durable writes off the event loop (docs/decisions/037)', () => {
	test('a write moves the mark; a read, a PRAGMA or a write inside relaxedWrites does not', () => {
		const db = getDb()
		const before = writeMark(db)
		db.select().from(users).all()
		db.$client.pragma('busy_timeout = 0')
		expect(writeMark(db)).toBe(before)
		expect(settleWrites(before, db)).toBeUndefined()
		relaxedWrites(() => db.insert(users).values(member('relaxed@example.com')).run(), db)
		expect(writeMark(db)).toBe(before)
		write((tx) => tx.insert(users).values(member('counted@example.com')).run(), db)
		expect(writeMark(db)).toBeGreaterThan(before)
		const inTx = writeMark(db)
		write((tx) => {
			tx.insert(users).values(member('tx@example.com')).run()
			tx.insert(users).values(member('tx2@example.com')).run()
		}, db)
		expect(writeMark(db)).toBeGreaterThan(inTx)
		const returning = writeMark(db)
		write((tx) => tx.insert(users).values(member('returning@example.com')).returning().get(), db)
		expect(writeMark(db)).toBeGreaterThan(returning)
	})

	test('settling after a write syncs the WAL file: the promise resolves once fdatasync has run', async () => {
		const db = getDb()
		const mark = writeMark(db)
		write((tx) => tx.insert(users).values(member('settle@example.com')).run(), db)
		const file = db.$client.name
		expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0)
		const settling = settleWrites(mark, db)
		expect(settling).toBeInstanceOf(Promise)
		await expect(settling).resolves.toBeUndefined()
		await expect(flushWrites(db)).resolves.toBeUndefined()
	})

	test('closing the connection after writes leaves every commit in the file for the next connection', () => {
		const db = getDb()
		write((tx) => tx.insert(users).values(member('closed@example.com')).run(), db)
		const file = db.$client.name
		closeDb({ checkpoint: false })
		const again = new Database(file, { readonly: true })
		try {
			expect(again.prepare("select count(*) as n from users where email = 'closed@example.com'").get()).toEqual({
				n: 1,
			})
		} finally {
			again.close()
		}
	})
})
