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

beforeEach(() => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-'))
	process.env.DATA_DIR = dataDir
	delete process.env.DATABASE_URL
	resetEnv()
	migrateDatabase(getDb())
	clearRateLimits()
})

afterEach(() => {
	closeDb()
	if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
	dataDir = undefined
})

afterAll(() => {
	// Prototype pollution must never reach the global prototype (docs/security.md V5).
	if (({} as Record<string, unknown>).isAdmin !== undefined) throw new Error('Object.prototype was polluted')
})
