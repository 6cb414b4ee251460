// What the scripts that start the server share (bench, soak, lighthouse,
// profile, heap-caps): waiting for it to answer, finding every process of
// its tree (the cluster primary and its workers), and reading their memory
// and CPU time from /proc.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import { Worker } from 'node:worker_threads'

/**
 * Resolves once `url` answers 2xx; throws after `seconds` (default 30), or
 * at once when `child` (the server's process, if given) has exited.
 * `fetchFn` replaces fetch (the bench's fresh-connection fetch).
 */
export async function waitFor(url, { child = null, seconds = 30, fetchFn = fetch } = {}) {
	const deadline = Date.now() + seconds * 1000
	while (Date.now() < deadline) {
		if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`)
		try {
			if ((await fetchFn(url)).ok) return
		} catch {
			// not up yet
		}
		await new Promise((r) => setTimeout(r, 100))
	}
	throw new Error(`${url} did not come up`)
}

/** `pid` and every process under it (the primary and its workers), read from /proc. */
export function processTree(pid) {
	const all = [pid]
	for (let i = 0; i < all.length; i++) {
		let tasks = []
		try {
			tasks = fs.readdirSync(`/proc/${all[i]}/task`)
		} catch {
			continue
		}
		for (const task of tasks) {
			try {
				const children = fs.readFileSync(`/proc/${all[i]}/task/${task}/children`, 'utf8').trim()
				if (children) all.push(...children.split(/\s+/).map(Number))
			} catch {
				// the task ended
			}
		}
	}
	return all
}

/** A process's resident set size in MB (0 once it is gone). */
export function rssMb(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
		return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024
	} catch {
		return 0 // gone meanwhile
	}
}

/** The RSS of the server's whole process tree, in MB (shared pages counted once per process). */
export const treeRssMb = (pid) => processTree(pid).reduce((sum, p) => sum + rssMb(p), 0)

/**
 * A process's proportional set size in MB: its private pages plus its share
 * of each shared one (the node binary's code, shared libraries and
 * copy-on-write pages are mapped by every process of the tree). Summed over
 * the tree, shared pages count once: what the processes take together, as
 * the machine (and a container's memory limit) sees it.
 */
export function pssMb(pid) {
	try {
		const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
		return Number(/^Pss:\s+(\d+)/m.exec(rollup)[1]) / 1024
	} catch {
		return 0 // gone meanwhile
	}
}
export const treePssMb = (pid) => processTree(pid).reduce((sum, p) => sum + pssMb(p), 0)

/** Clock ticks per second of /proc/<pid>/stat's CPU times (asked once, when first needed). */
let clockTicks = 0
function clkTck() {
	if (!clockTicks) {
		try {
			clockTicks = Number(execSync('getconf CLK_TCK').toString().trim()) || 100
		} catch {
			clockTicks = 100
		}
	}
	return clockTicks
}
/** CPU time (user and system, every thread) a process has used, in ms. */
export function cpuMs(pid) {
	try {
		const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / clkTck()
	} catch {
		return 0 // gone meanwhile
	}
}
/**
 * CPU time of the server's whole process tree, in ms: with the run's wall
 * time and request count, how many cores the server kept busy and what one
 * request cost it. One Node process is more than one core: V8's garbage
 * collector and compiler have threads of their own.
 */
export const treeCpuMs = (pid) => processTree(pid).reduce((sum, p) => sum + cpuMs(p), 0)

/**
 * Samples the memory of the server's process tree every `everyMs` in a
 * thread of its own, and keeps the peaks. RSS (/proc/<pid>/status: the
 * kernel's counters, no lock taken) is read every time. PSS is read only
 * when `settle()` is called, between measured runs: reading a process's
 * PSS (smaps_rollup) walks its page tables under the process's memory
 * lock (about 7 ms for the three processes of an idle tree, more under
 * load), and a serving process that maps or unmaps memory meanwhile waits
 * for it. Read every 200 ms during a run, it raised the cached pages' p99
 * from 1.5 to 2.5 to 3 ms (and it cost the sign-in pages 8 to 12% of
 * their throughput when read on every RSS rise; docs/decisions/034 and
 * 039; the rule is 047's, from 040). The PSS peak is bounded from above instead: at each `settle()`,
 * PSS now plus how far the tree's RSS stood above its RSS now since the
 * last settle (pages that came and went count fully in both, a shared
 * page at most once in PSS), so the peak reported is never under the real
 * one. `peaks()` settles, then resolves with { rss, pss, pssReads } (MB,
 * the largest sums seen; how many times PSS was read); `stop()` ends the
 * thread.
 */
export function sampleTreeMemory(pid, everyMs = 200) {
	const worker = new Worker(
		`const { parentPort, workerData } = require('node:worker_threads')
		import(workerData.module).then(({ treePssMb, treeRssMb }) => {
			let rss = 0
			let pss = 0
			let pssReads = 0
			// The largest RSS since the last settle.
			let rssSince = 0
			const sample = () => {
				const now = treeRssMb(workerData.pid)
				rss = Math.max(rss, now)
				rssSince = Math.max(rssSince, now)
				return now
			}
			const settle = () => {
				const rssNow = sample()
				const pssNow = treePssMb(workerData.pid)
				pssReads++
				pss = Math.max(pss, pssNow + Math.max(0, rssSince - rssNow))
				rssSince = rssNow
			}
			settle()
			setInterval(sample, workerData.everyMs)
			parentPort.on('message', (message) => {
				settle()
				parentPort.postMessage(message === 'peaks' ? { rss, pss, pssReads } : 'settled')
			})
			parentPort.postMessage('ready')
		})`,
		{ eval: true, workerData: { pid, everyMs, module: import.meta.url } },
	)
	// It never keeps a script alive on its own.
	worker.unref()
	const ready = new Promise((resolve, reject) => {
		worker.once('message', resolve)
		worker.once('error', reject)
	})
	const ask = async (message) => {
		await ready
		return new Promise((resolve, reject) => {
			// One listener pair per question, both removed once it is answered.
			const onMessage = (answer) => {
				worker.off('error', onError)
				resolve(answer)
			}
			const onError = (error) => {
				worker.off('message', onMessage)
				reject(error)
			}
			worker.once('message', onMessage)
			worker.once('error', onError)
			worker.postMessage(message)
		})
	}
	return {
		ready,
		settle: () => ask('settle'),
		peaks: () => ask('peaks'),
		stop: () => worker.terminate(),
	}
}
