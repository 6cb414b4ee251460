import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startWalCheckpointer } from './wal-checkpointer.js'

// The WAL's checkpoints on a thread of their own (docs/decisions/069).
let dir: string
let file: string
let writer: Database.Database

beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'))
	file = path.join(dir, 'app.db')
	writer = new Database(file)
	writer.pragma('journal_mode = WAL')
	writer.pragma('synchronous = NORMAL')
	// This connection never copies the WAL into the file itself: only a checkpointer can.
	writer.pragma('wal_autocheckpoint = 0')
	writer.exec('create table t (id integer primary key, body text)')
})

afterEach(() => {
	writer.close()
	fs.rmSync(dir, { recursive: true, force: true })
})

/** Commits about `pages` pages of rows, each commit a few pages. */
function writePages(pages: number) {
	const insert = writer.prepare('insert into t (body) values (?)')
	const body = 'x'.repeat(3_000)
	for (let i = 0; i < pages; i++) insert.run(body)
}

const fileBytes = () => fs.statSync(file).size
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, timeoutMs = 5_000) {
	const deadline = Date.now() + timeoutMs
	while (!check()) {
		if (Date.now() > deadline) throw new Error('timed out')
		await sleep(10)
	}
}

describe('startWalCheckpointer', () => {
	test('copies what the WAL gained into the database file, on its own thread, until stopped', async () => {
		writePages(300)
		await sleep(100)
		// Without a checkpointer the pages stay in the WAL.
		const before = fileBytes()
		expect(before).toBeLessThan(100 * 4096)
		const events: string[] = []
		const checkpointer = startWalCheckpointer(file, { intervalMs: 20, onEvent: (event) => events.push(event) })
		await until(() => fileBytes() >= 300 * 4096)
		// More commits meanwhile: the next runs copy them too.
		writePages(200)
		await until(() => fileBytes() >= 500 * 4096)
		const counts = await checkpointer.stop()
		expect(counts).toMatchObject({ failed: 0 })
		expect(counts!.runs).toBeGreaterThanOrEqual(2)
		expect(events).toEqual([])
		// Stopped: nothing copies any more.
		writePages(200)
		await sleep(100)
		expect(fileBytes()).toBeLessThan(700 * 4096)
		// The rows are all there, read through the file and the WAL.
		expect(writer.prepare('select count(*) from t').pluck().get()).toBe(700)
	})

	test('a reader in the middle of a transaction neither blocks it nor loses its snapshot', async () => {
		writePages(50)
		const reader = new Database(file, { readonly: true })
		try {
			reader.exec('begin')
			expect(reader.prepare('select count(*) from t').pluck().get()).toBe(50)
			const checkpointer = startWalCheckpointer(file, { intervalMs: 20 })
			writePages(100)
			await until(() => fileBytes() >= 50 * 4096)
			// The writer is never blocked: a PASSIVE checkpoint takes no lock it waits for.
			const started = performance.now()
			writePages(10)
			expect(performance.now() - started).toBeLessThan(500)
			expect(reader.prepare('select count(*) from t').pluck().get()).toBe(50)
			reader.exec('commit')
			await until(() => fileBytes() >= 160 * 4096)
			expect((await checkpointer.stop())!.failed).toBe(0)
		} finally {
			reader.close()
		}
	})

	test('a thread that cannot open the file says so and ends', async () => {
		const events: Array<[string, Record<string, unknown>]> = []
		const checkpointer = startWalCheckpointer(path.join(dir, 'missing.db'), {
			onEvent: (event, fields) => events.push([event, fields]),
		})
		await until(() => events.some(([event]) => event === 'wal.checkpointer_exit'))
		expect(events[0]![0]).toBe('wal.checkpoint_failed')
		expect(String(events[0]![1].error)).toMatch(/unable to open database file/)
		expect(await checkpointer.stop()).toBeNull()
		expect(fs.existsSync(path.join(dir, 'missing.db'))).toBe(false)
	})
})
