import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { createWalFlusher, syncWalFile, syncWalFileSync } from './wal-flush.server.ts'

/** A sync the test ends by hand, and the order things happened in. */
function manualSync() {
	const runs: { resolve: () => void; reject: (e: Error) => void }[] = []
	const sync = () => new Promise<void>((resolve, reject) => runs.push({ resolve, reject }))
	return { runs, sync }
}

describe('group commit of WAL flushes (docs/decisions/037)', () => {
	test('one flush runs one sync and resolves when it ends', async () => {
		const { runs, sync } = manualSync()
		const flush = createWalFlusher(sync)
		let done = false
		const p = flush().then(() => (done = true))
		expect(runs).toHaveLength(1)
		await Promise.resolve()
		expect(done).toBe(false)
		runs[0]!.resolve()
		await p
		expect(done).toBe(true)
	})

	test('callers arriving while a sync runs share the next one, started after it: never more than two in a row', async () => {
		const { runs, sync } = manualSync()
		const flush = createWalFlusher(sync)
		const first = flush()
		const order: string[] = []
		const later = [flush(), flush(), flush()].map((p, i) => p.then(() => order.push(`later ${i}`)))
		void first.then(() => order.push('first'))
		expect(runs).toHaveLength(1)
		runs[0]!.resolve()
		await first
		// The writes of the later callers may have missed the first sync: they wait for a second.
		await expect.poll(() => runs.length).toBe(2)
		expect(order).toEqual(['first'])
		runs[1]!.resolve()
		await Promise.all(later)
		expect(order).toEqual(['first', 'later 0', 'later 1', 'later 2'])
		expect(runs).toHaveLength(2)
		// Idle again: the next caller starts a sync of its own at once.
		void flush()
		expect(runs).toHaveLength(3)
		runs[2]!.resolve()
	})

	test('a failed sync rejects its callers; the ones waiting for the next sync still get it', async () => {
		const { runs, sync } = manualSync()
		const flush = createWalFlusher(sync)
		const first = flush()
		const second = flush()
		runs[0]!.reject(new Error('EIO'))
		await expect(first).rejects.toThrow('EIO')
		await expect.poll(() => runs.length).toBe(2)
		runs[1]!.resolve()
		await expect(second).resolves.toBeUndefined()
	})
})

describe('syncing the WAL file', () => {
	test('syncs a real WAL file on and off the event loop; no WAL file is nothing to sync', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-flush-'))
		try {
			const file = path.join(dir, 'x.db')
			await expect(syncWalFile(file)).resolves.toBeUndefined()
			expect(() => syncWalFileSync(file)).not.toThrow()
			const db = new Database(file)
			db.pragma('journal_mode = WAL')
			db.pragma('synchronous = NORMAL')
			db.exec('create table t (a); insert into t values (1)')
			expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0)
			await expect(syncWalFile(file)).resolves.toBeUndefined()
			expect(() => syncWalFileSync(file)).not.toThrow()
			db.close()
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	test('an error other than a missing file is reported', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-flush-'))
		try {
			// A directory where the WAL file should be: open succeeds read-only on Linux, so use a name too long instead.
			const file = path.join(dir, 'x'.repeat(300))
			await expect(syncWalFile(file)).rejects.toMatchObject({ code: 'ENAMETOOLONG' })
			expect(() => syncWalFileSync(file)).toThrow(/ENAMETOOLONG/)
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
