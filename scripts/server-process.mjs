// What the scripts that start the server share (bench, soak, lighthouse,
// profile, heap-caps): waiting for it to answer, and finding every process
// of its tree (the cluster primary and its workers).
import fs from 'node:fs'

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
