// The WAL's checkpoints, on a thread of their own
// (docs/decisions/069-checkpoints-off-the-event-loop.md).
//
// SQLite copies the WAL's pages into the database file (a checkpoint) in
// the connection whose commit takes the WAL past `wal_autocheckpoint`
// pages, on that connection's thread: for a serving process, its event
// loop. With synchronous=NORMAL a checkpoint also syncs the WAL and the
// database file. On the 1,000,000-member file each of `contest-results`'
// 10 ms batches was followed by a 20 to 40 ms checkpoint, up to 287 ms.
//
// `startWalCheckpointer(file)` runs PASSIVE checkpoints every
// CHECKPOINT_INTERVAL_MS on a worker thread with its own connection: a
// passive checkpoint takes no lock that readers or writers wait for. The
// processes that write leave theirs to it (`wal_autocheckpoint` raised to
// WAL_AUTOCHECKPOINT_FALLBACK_PAGES in db/client.server.ts), so SQLite's
// own checkpoint only runs if this thread stops keeping up.
//
// Plain JavaScript: server.js (the cluster's primary, which never loads the
// app) starts it, and it runs as it is in the image.
import { createRequire } from 'node:module'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

/** How often the thread checkpoints what the WAL has gained. */
export const CHECKPOINT_INTERVAL_MS = 100
/** How long `stop()` waits for the last checkpoint before ending the thread. */
export const STOP_TIMEOUT_MS = 5_000

const ROLE = 'wal-checkpointer'

/**
 * @typedef {{ runs: number, busy: number, failed: number, longestMs: number }} CheckpointCounts
 * @typedef {(event: string, fields: Record<string, unknown>) => void} CheckpointEvents
 */

/**
 * Starts the thread on `file` (which must exist). `onEvent(name, fields)`
 * hears `wal.checkpoint_failed` (the thread goes on) and
 * `wal.checkpointer_exit` (the thread ended without being stopped).
 * Returns `stop()`: a last checkpoint, the connection closed, the thread
 * ended; it resolves with the thread's counts (null when it had to be ended).
 * @param {string} file
 * @param {{ intervalMs?: number, onEvent?: CheckpointEvents }} [options]
 * @returns {{ threadId: number, stop: () => Promise<CheckpointCounts | null> }}
 */
export function startWalCheckpointer(file, options = {}) {
	const { intervalMs = CHECKPOINT_INTERVAL_MS, onEvent = () => {} } = options
	const worker = new Worker(new URL(import.meta.url), { workerData: { role: ROLE, file, intervalMs } })
	let stopping = false
	/** @type {CheckpointCounts | null} */
	let counts = null
	worker.on('message', (message) => {
		if (message?.type === 'failed') onEvent('wal.checkpoint_failed', { error: message.error })
		if (message?.type === 'stopped') counts = message.counts
	})
	worker.on('error', (error) => onEvent('wal.checkpoint_failed', { error: errorText(error) }))
	/** @type {Promise<number>} */
	const exited = new Promise((resolve) => worker.once('exit', resolve))
	exited.then((code) => {
		if (!stopping) onEvent('wal.checkpointer_exit', { code })
	})
	return {
		threadId: worker.threadId,
		async stop() {
			if (stopping) return counts
			stopping = true
			worker.postMessage({ type: 'stop' })
			const timer = setTimeout(() => worker.terminate(), STOP_TIMEOUT_MS)
			await exited
			clearTimeout(timer)
			return counts
		},
	}
}

if (!isMainThread && workerData?.role === ROLE) runThread(workerData)

/** @param {{ file: string, intervalMs: number }} data */
function runThread({ file, intervalMs }) {
	const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
	const Database = createRequire(import.meta.url)('better-sqlite3')
	/** @type {import('better-sqlite3').Database} */
	let db
	try {
		db = new Database(file, { fileMustExist: true, timeout: 0 })
	} catch (error) {
		port.postMessage({ type: 'failed', error: errorText(error) })
		port.close()
		process.exit(1)
	}
	// As the app's connections: a checkpoint syncs the WAL before copying
	// and the database file after.
	db.pragma('synchronous = NORMAL')
	/** @type {CheckpointCounts} */
	const counts = { runs: 0, busy: 0, failed: 0, longestMs: 0 }
	const checkpoint = () => {
		const started = performance.now()
		try {
			const [row] = /** @type {{ busy: number, log: number, checkpointed: number }[]} */ (
				db.pragma('wal_checkpoint(PASSIVE)')
			)
			counts.runs++
			// 1 when another checkpoint was running (an operator's shell, a closing connection).
			if (row.busy) counts.busy++
		} catch (error) {
			counts.failed++
			port.postMessage({ type: 'failed', error: errorText(error) })
		}
		counts.longestMs = Math.max(counts.longestMs, Math.round(performance.now() - started))
	}
	const timer = setInterval(checkpoint, intervalMs)
	port.on('message', (message) => {
		if (message?.type !== 'stop') return
		clearInterval(timer)
		checkpoint()
		db.close()
		port.postMessage({ type: 'stopped', counts })
		port.close()
	})
}

/** @param {unknown} error */
function errorText(error) {
	return error instanceof Error ? error.message : String(error)
}
