import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

// Each serving process keeps its event loop on a core of its own
// (docs/decisions/039-one-event-loop-per-core.md). Only the process's main
// thread is pinned: V8's and libuv's threads, started before, keep every
// core the process may use, and the hashing threads set theirs back to it
// (app/utils/password.server.ts).

/** `CPU_AFFINITY`: `auto` pins when there is one serving process per core (two or more); `off` never pins. */
export type CpuAffinitySetting = 'auto' | 'off'

/** A Linux CPU list ("0-3,8,10-11") as CPU numbers, ascending and without repeats; null when it is not one. */
export function parseCpuList(text: string): number[] | null {
	const cpus = new Set<number>()
	const trimmed = text.trim()
	if (!trimmed) return null
	for (const part of trimmed.split(',')) {
		const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part.trim())
		if (!match) return null
		const from = Number(match[1])
		const to = match[2] === undefined ? from : Number(match[2])
		if (to < from) return null
		for (let cpu = from; cpu <= to; cpu++) cpus.add(cpu)
	}
	return [...cpus].sort((a, b) => a - b)
}

/** The `Cpus_allowed_list` line of a /proc status file, as CPU numbers (null when absent). */
export function cpusFromStatus(status: string): number[] | null {
	const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(status)
	return line ? parseCpuList(line[1]!) : null
}

/** The CPUs the calling thread may run on (Linux), or null where that cannot be read. */
export function threadCpus(): number[] | null {
	if (process.platform !== 'linux') return null
	try {
		return cpusFromStatus(fs.readFileSync('/proc/thread-self/status', 'utf8'))
	} catch {
		return null
	}
}

/** CPU numbers as a Linux CPU list, for taskset: [0, 1, 2, 5] gives "0,1,2,5". */
export function cpuListText(cpus: readonly number[]) {
	return cpus.join(',')
}

/**
 * The core the serving process of `slot` (0 to processes - 1) keeps its
 * event loop on, or null for none: pinned only when the setting is `auto`
 * and there is exactly one serving process per allowed core, at least two
 * (the default layout). Fewer processes than cores are not pinned: other
 * instances or programs on the machine would be steered to the same first
 * cores; more processes than cores must share them anyway; one process has
 * nothing to share a core with.
 */
export function coreForSlot(
	slot: number,
	processes: number,
	cpus: readonly number[] | null,
	setting: CpuAffinitySetting,
): number | null {
	if (setting === 'off' || !cpus || processes < 2 || processes !== cpus.length) return null
	if (!Number.isInteger(slot) || slot < 0 || slot >= processes) return null
	return cpus[slot]!
}

/**
 * Pins the main thread of this process (its event loop; on Linux its thread
 * id is the process id) to one core with util-linux's `taskset`. Returns
 * false where taskset is missing or refused: the process then runs
 * wherever the scheduler puts it, as before.
 */
export function pinMainThread(cpu: number): boolean {
	if (process.platform !== 'linux') return false
	const result = spawnSync('taskset', ['--pid', '--cpu-list', String(cpu), String(process.pid)], {
		stdio: 'ignore',
		timeout: 5000,
	})
	return result.status === 0
}
