import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { setLogSilent } from '#app/utils/log.server.ts'
import { users } from './schema.ts'
import {
	REPLICA_WRITE_MESSAGE,
	ReplicaWriteError,
	isReadOnly,
	migrateDatabase,
	openDatabase,
	pendingMigrations,
	write,
	writeAttempts,
} from './client.server.ts'

// A read replica's connection (docs/decisions/065-read-replicas.md): the
// file opened read-only, every write attempt counted and refused.

let dir: string
let file: string

beforeEach(() => {
	setLogSilent(true)
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-db-'))
	file = path.join(dir, 'app.db')
	const primary = openDatabase(file)
	migrateDatabase(primary.db)
	write(
		(tx) =>
			tx
				.insert(users)
				.values({
					name: 'Ada Lee',
					email: 'ada@example.com',
					passwordHash: 'x',
					phone: '+1',
					country: 'X',
					telegram: '@a',
					investmentAmount: 'x',
					referralCode: 'ADA',
				})
				.run(),
		primary.db,
	)
	primary.sqlite.pragma('wal_checkpoint(TRUNCATE)')
	primary.sqlite.close()
})

afterEach(() => {
	setLogSilent(false)
	fs.rmSync(dir, { recursive: true, force: true })
})

const digest = () => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')

describe('a replica connection', () => {
	test('reads; every kind of write is counted and refused; the file is unchanged', () => {
		const before = digest()
		const { db, sqlite } = openDatabase(file, { readonly: true })
		try {
			expect(isReadOnly(db)).toBe(true)
			expect(db.select({ email: users.email }).from(users).all()).toEqual([{ email: 'ada@example.com' }])
			expect(pendingMigrations(db)).toEqual([])
			const start = writeAttempts()
			const attempts: Array<() => unknown> = [
				// The helper every change goes through, before SQLite sees anything.
				() => write((tx) => tx.update(users).set({ name: 'Eve' }).where(eq(users.id, 1)).run(), db),
				// Drizzle outside write(), a raw statement, and a write run with .get() (RETURNING).
				() => db.update(users).set({ name: 'Eve' }).run(),
				() => sqlite.prepare("update users set name = 'Eve'").run(),
				() => sqlite.prepare("update users set name = 'Eve' returning id").get(),
			]
			for (const attempt of attempts) {
				expect(attempt).toThrow(ReplicaWriteError)
				expect(attempt).toThrow(REPLICA_WRITE_MESSAGE)
			}
			expect(writeAttempts() - start).toBe(attempts.length * 2)
			// A read is not an attempt.
			sqlite.prepare('select count(*) from users').get()
			expect(writeAttempts() - start).toBe(attempts.length * 2)
		} finally {
			sqlite.close()
		}
		expect(digest()).toBe(before)
	})

	test('a primary connection is not read-only and counts nothing', () => {
		const { db, sqlite } = openDatabase(file)
		try {
			const start = writeAttempts()
			expect(isReadOnly(db)).toBe(false)
			write((tx) => tx.update(users).set({ name: 'Eve' }).run(), db)
			expect(writeAttempts()).toBe(start)
		} finally {
			sqlite.close()
		}
	})

	test('pendingMigrations lists what the primary has not applied', () => {
		const empty = path.join(dir, 'empty.db')
		openDatabase(empty).sqlite.close()
		const { db, sqlite } = openDatabase(empty, { readonly: true })
		try {
			const journal = JSON.parse(fs.readFileSync('migrations/meta/_journal.json', 'utf8')) as {
				entries: Array<{ tag: string }>
			}
			expect(pendingMigrations(db)).toEqual(journal.entries.map((e) => e.tag))
		} finally {
			sqlite.close()
		}
		// One migration behind: the newest one is missing.
		const behind = openDatabase(file)
		const newest = behind.sqlite.prepare('select max(created_at) from __drizzle_migrations').pluck().get()
		behind.sqlite.prepare('delete from __drizzle_migrations where created_at = ?').run(newest)
		behind.sqlite.close()
		const replica = openDatabase(file, { readonly: true })
		try {
			expect(pendingMigrations(replica.db)).toHaveLength(1)
		} finally {
			replica.sqlite.close()
		}
	})
})
