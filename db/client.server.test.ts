import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { resetEnv, getEnv } from '#app/utils/env.server.ts'
import { closeDb, getDb, migrateDatabase, sqliteVersion } from './client.server.ts'

afterEach(() => {
	delete process.env.DATABASE_URL
	resetEnv()
})

describe('database connection', () => {
	test('uses DATA_DIR/app.db with the pragmas of decisions.md section 6', () => {
		const db = getDb()
		expect(db.$client.name).toBe(path.join(getEnv().dataDir, 'app.db'))
		expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal')
		expect(db.$client.pragma('synchronous', { simple: true })).toBe(2) // FULL
		expect(db.$client.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(5000)
		expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1)
		expect(sqliteVersion(db)).toMatch(/^3\.\d+\.\d+$/)
	})

	test('the migrated schema has the tables and passes the integrity checks', () => {
		const db = getDb()
		const tables = (db.$client.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
			(t) => t.name,
		)
		expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'password_reset_tokens', 'unlock_codes', 'admins']))
		expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok')
		expect(db.$client.pragma('foreign_key_check')).toEqual([])
		// Migrating again is a no-op.
		expect(() => migrateDatabase(db)).not.toThrow()
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
