import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeEach } from 'vitest'
import { resetEnv } from '#app/utils/env.server.ts'
import { clearRateLimits } from '#app/utils/rate-limit.server.ts'
import { closeDb, getDb, migrateDatabase } from '#db/client.server.ts'

// Each test gets a fresh, migrated SQLite file in its own data folder.
process.env.NODE_ENV = 'test'
process.env.LOG_SILENT = 'true'
delete process.env.SMTP_URL

let dataDir: string | undefined

/** Points DATA_DIR (and so getDb) at a new empty folder; returns it. */
function freshDataDir(prefix: string) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
	process.env.DATA_DIR = dir
	delete process.env.DATABASE_URL
	resetEnv()
	return dir
}

// Running the migrations was most of a small test's time (about 1,700
// tests): they run once per test file, into a template database closed with
// its WAL checkpointed, and each test gets a copy of that file.
let templateDir: string | undefined
function migratedTemplate() {
	if (!templateDir) {
		templateDir = freshDataDir('app-test-template-')
		migrateDatabase(getDb())
		closeDb()
	}
	return path.join(templateDir, 'app.db')
}

beforeEach(() => {
	const template = migratedTemplate()
	dataDir = freshDataDir('app-test-')
	fs.copyFileSync(template, path.join(dataDir, 'app.db'))
	getDb()
	clearRateLimits()
})

afterEach(() => {
	closeDb()
	if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
	dataDir = undefined
})

afterAll(() => {
	if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true })
	templateDir = undefined
	// Prototype pollution must never reach the global prototype (docs/security.md V5).
	if (({} as Record<string, unknown>).isAdmin !== undefined) throw new Error('Object.prototype was polluted')
})
