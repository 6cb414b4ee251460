import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/**
 * One seam to the database driver: only db/client.server.ts opens SQLite
 * (better-sqlite3 and Drizzle's better-sqlite3 driver), and the WAL's
 * checkpointer thread (server/wal-checkpointer.js, decision 069: plain
 * JavaScript that server.js's primary runs without the app's build; it only
 * runs `PRAGMA wal_checkpoint`). Moving to libSQL or LiteFS
 * (docs/scaling.md) then changes those two files. Tests may open the files
 * directly to inspect them; the product code and its scripts may not.
 */
const ROOTS = ['app', 'server', 'db', 'scripts', 'server.js']
// An import, or a call with the driver's name: require(), import(), createRequire(...)().
const DRIVER = /from\s+['"](better-sqlite3|drizzle-orm\/better-sqlite3(\/[\w-]+)?)['"]|\(\s*['"]better-sqlite3['"]\s*\)/

function sources(entry: string): string[] {
	const stat = fs.statSync(entry)
	if (stat.isFile()) return /\.(ts|tsx|js|mjs|cjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [entry] : []
	return fs.readdirSync(entry).flatMap((name) => sources(path.join(entry, name)))
}

test('only db/client.server.ts and the checkpointer thread import better-sqlite3', () => {
	const importers = ROOTS.flatMap(sources).filter((file) => DRIVER.test(fs.readFileSync(file, 'utf8')))
	expect(importers.sort()).toEqual([path.join('db', 'client.server.ts'), path.join('server', 'wal-checkpointer.js')])
})
