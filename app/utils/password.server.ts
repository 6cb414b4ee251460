import { createRequire } from 'node:module'
import os from 'node:os'
import { Worker } from 'node:worker_threads'

/**
 * bcrypt cost: about 70 ms a hash on this machine class
 * (docs/decisions/006-password-hashing-worker-pool.md).
 */
export const BCRYPT_COST = 10

/**
 * How much lower the hashing threads run than the event loop that starts
 * them (nice values, per thread on Linux). Under contention the scheduler gives the event loops, which serve
 * every page and API call, about ten times a hashing thread's share, so a
 * sign-up storm queues hashes rather than pages; on idle cores hashes run at
 * full speed (docs/decisions/006-password-hashing-worker-pool.md).
 */
export const HASH_THREAD_NICE = 10

// bcryptjs is pure JavaScript: even its async API runs on the main thread.
// Hashes run in a small worker pool so sign-ins never stall other requests.
// Elsewhere than Linux, setpriority(2) would lower the whole process: only
// Linux threads are lowered. Which cores the threads may use is the
// deployment's to say (docs/decisions/045-cpu-placement-is-the-deployments.md).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (process.platform === 'linux') {
	try {
		const os = require('node:os')
		os.setPriority(Math.min(19, os.getPriority() + workerData.nice))
	} catch {
		// Not allowed here: hashes run at the process's priority.
	}
}
const bcrypt = require(workerData.bcryptPath)
parentPort.on('message', (msg) => {
	try {
		const result = msg.op === 'hash'
			? bcrypt.hashSync(msg.password, msg.cost)
			: bcrypt.compareSync(msg.password, msg.hash)
		parentPort.postMessage({ id: msg.id, result })
	} catch (error) {
		parentPort.postMessage({ id: msg.id, error: String((error && error.message) || error) })
	}
})
`

type Pending = { resolve: (v: any) => void; reject: (e: Error) => void }
type PoolWorker = { worker: Worker; pending: Map<number, Pending>; idleTimer?: NodeJS.Timeout | undefined }

const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1))
/**
 * A worker with nothing to do for this long ends (a thread holds its own V8
 * heap, about 10 MB per server process); the next hash starts one again
 * (about 30 ms), like piscina's idleTimeout.
 */
export const POOL_IDLE_MS = 30_000
let pool: PoolWorker[] = []
let nextId = 1

/** Threads alive in this process's pool (tests, the bench's memory notes). */
export function passwordPoolSize() {
	return pool.length
}

function retire(entry: PoolWorker) {
	if (entry.pending.size > 0) return
	pool = pool.filter((w) => w !== entry)
	void entry.worker.terminate()
}

function spawn(): PoolWorker {
	const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs')
	const worker = new Worker(WORKER_SOURCE, {
		eval: true,
		workerData: { bcryptPath, nice: HASH_THREAD_NICE },
	})
	const entry: PoolWorker = { worker, pending: new Map() }
	worker.unref()
	worker.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
		const p = entry.pending.get(msg.id)
		if (!p) return
		entry.pending.delete(msg.id)
		if (msg.error) p.reject(new Error(msg.error))
		else p.resolve(msg.result)
		if (entry.pending.size === 0) {
			entry.idleTimer = setTimeout(() => retire(entry), POOL_IDLE_MS)
			entry.idleTimer.unref()
		}
	})
	worker.on('error', (error) => {
		for (const p of entry.pending.values()) p.reject(error)
		entry.pending.clear()
		pool = pool.filter((w) => w !== entry)
	})
	return entry
}

function run<T>(message: Record<string, unknown>): Promise<T> {
	if (pool.length < POOL_SIZE) pool.push(spawn())
	const entry = pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
	clearTimeout(entry.idleTimer)
	entry.idleTimer = undefined
	const id = nextId++
	return new Promise<T>((resolve, reject) => {
		entry.pending.set(id, { resolve, reject })
		entry.worker.postMessage({ ...message, id })
	})
}

export function hashPassword(password: string): Promise<string> {
	return run<string>({ op: 'hash', password, cost: BCRYPT_COST })
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
	return run<boolean>({ op: 'compare', password, hash })
}

let dummyHash: Promise<string> | undefined

/**
 * Spends one bcrypt compare for an unknown account, so the answer takes as
 * long as for a known one (no enumeration by timing).
 */
export async function spendDummyCompare(password: string) {
	dummyHash ??= hashPassword('dummy-password-for-timing-only')
	await verifyPassword(password, await dummyHash)
	return false
}

export async function stopPasswordPool() {
	const workers = pool
	pool = []
	for (const w of workers) clearTimeout(w.idleTimer)
	await Promise.all(workers.map((w) => w.worker.terminate()))
}
