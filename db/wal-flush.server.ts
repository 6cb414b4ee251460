import fs from 'node:fs'

/**
 * Making committed writes durable off the event loop
 * (docs/decisions/037-durable-writes-off-the-event-loop.md).
 *
 * Connections write with `synchronous = NORMAL`: a commit appends its pages
 * to the WAL file and returns without waiting for the disk. Before an
 * answer acknowledges a write, the WAL is flushed with fdatasync(2) on
 * libuv's thread pool, so the event loop keeps serving other requests
 * while the disk works; a power cut loses no acknowledged write, as with
 * `synchronous = FULL`, which made every commit wait for the disk on the
 * event loop.
 */

function isMissing(error: unknown) {
	return (error as { code?: unknown })?.code === 'ENOENT'
}

/** fdatasync(2) of `<database>-wal` off the event loop; nothing when there is no WAL file. */
export async function syncWalFile(databaseFile: string) {
	let handle: fs.promises.FileHandle
	try {
		handle = await fs.promises.open(`${databaseFile}-wal`, 'r')
	} catch (error) {
		if (isMissing(error)) return
		throw error
	}
	try {
		await handle.datasync()
	} finally {
		await handle.close()
	}
}

/** The same on this thread (closing a connection, where nothing else waits). */
export function syncWalFileSync(databaseFile: string) {
	let fd: number
	try {
		fd = fs.openSync(`${databaseFile}-wal`, 'r')
	} catch (error) {
		if (isMissing(error)) return
		throw error
	}
	try {
		fs.fdatasyncSync(fd)
	} finally {
		fs.closeSync(fd)
	}
}

/**
 * Group commit: `flush()` resolves after a `sync` that started after the
 * call. While one runs, every caller arriving meanwhile shares the next
 * one (the running sync may have started before their writes), so any
 * number of concurrent answers cost at most two syncs in a row.
 */
export function createWalFlusher(sync: () => Promise<void>) {
	let running: Promise<void> | null = null
	let next: Promise<void> | null = null
	function start() {
		const current: Promise<void> = sync().finally(() => {
			if (running === current) running = null
		})
		running = current
		return current
	}
	return function flush(): Promise<void> {
		if (!running) return start()
		next ??= running
			.catch(() => undefined)
			.then(() => {
				next = null
				return start()
			})
		return next
	}
}
