// Where the bench runs what: the load generator (wrk, and the bench's own
// clients: the sign-up storm, the sign-ins, autocannon in the soak) pinned to
// one core, every measured server on the others, with util-linux's taskset.
// On a 2-core machine the load generator took up to a core from the server
// it measured, and a figure depended on which of them won a shared core
// (issue 38). Where there is one core, or no taskset, everything runs
// unpinned and the run says why.
//
// The bar "every core" (member pages and API reads at least 1.6 times the
// one-process bare baseline) needs a server with two cores at least. Where
// pinning leaves it fewer (a machine of fewer than 3 cores), that bar alone
// is judged in a layout of its own: the app and the bare baseline on every
// core and the load generator sharing them (everyCoreLayout;
// docs/decisions/044-bench-cpu-layout.md).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'

/** A Linux CPU list ("0-3,8") as CPU numbers, ascending. */
export function parseCpuList(text) {
	const cpus = new Set()
	for (const part of text.trim().split(',')) {
		const [from, to = from] = part.split('-').map(Number)
		for (let cpu = from; cpu <= to; cpu++) cpus.add(cpu)
	}
	return [...cpus].sort((a, b) => a - b)
}

/** The CPUs this process may run on (its affinity). */
export function allowedCpus() {
	try {
		const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))
		if (line) return parseCpuList(line[1])
	} catch {
		// not Linux
	}
	return Array.from({ length: os.availableParallelism() }, (_, i) => i)
}

function hasTaskset() {
	return spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0
}

/**
 * The run's layout: `{ pinned, cpus, all, loadCpus, serverCpus, serverCount, reason }`.
 * Pinned: the load generator on the last allowed CPU, the servers on the rest.
 */
export function cpuLayout({ pin = true, cpus = allowedCpus(), taskset = hasTaskset() } = {}) {
	const all = cpus.join(',')
	const unpinned = (reason) => ({ pinned: false, cpus: cpus.length, all, serverCount: cpus.length, reason })
	if (!pin) return unpinned('--no-pin')
	if (process.platform !== 'linux' || !taskset) return unpinned('taskset missing')
	if (cpus.length < 2) return unpinned('one core only')
	const server = cpus.slice(0, -1)
	return {
		pinned: true,
		cpus: cpus.length,
		all,
		loadCpus: String(cpus.at(-1)),
		serverCpus: server.join(','),
		serverCount: server.length,
	}
}

/**
 * Moves this process, every thread of it, onto the load generator's core:
 * what it spawns from now on (wrk, the seeding commands) starts there too.
 * Where taskset is refused, the layout becomes unpinned.
 */
export function pinSelf(layout) {
	if (!layout.pinned) return layout
	const r = spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', layout.loadCpus, String(process.pid)], {
		stdio: 'ignore',
	})
	if (r.status === 0) return layout
	return { pinned: false, cpus: layout.cpus, all: layout.all, serverCount: layout.cpus, reason: 'taskset refused' }
}

/** The fewest cores the every-core bars were written for (a 2-core machine). */
export const EVERY_CORE_MIN = 2

/**
 * Where the every-core bars are judged when the run's own layout cannot
 * judge them: pinned with fewer than EVERY_CORE_MIN cores for the servers
 * (fewer than 3 on the machine). Then the app (one serving process per
 * core), the bare baseline and the load generator all run on every core
 * (`sharing`; taskset widens them again from the load generator's core the
 * bench runs on). Null where the run's layout judges them: pinned with
 * enough cores, or unpinned (--no-pin, one core, no taskset).
 */
export function everyCoreLayout(layout) {
	if (!layout.pinned || layout.serverCount >= EVERY_CORE_MIN) return null
	return {
		pinned: false,
		sharing: true,
		cpus: layout.cpus,
		all: layout.all,
		serverCpus: layout.all,
		loadCpus: layout.all,
		serverCount: layout.cpus,
		reason: `pinned, the servers would have ${layout.serverCount} of the ${layout.cpus} cores`,
	}
}

/** [command, args] that run node with `args` on the servers' cores (taskset execs node: the pid is node's). */
export function onServerCores(layout, args) {
	return layout.pinned || layout.sharing
		? ['taskset', ['--cpu-list', layout.serverCpus, process.execPath, ...args]]
		: [process.execPath, args]
}

/** The CPU list the load generator is started on (taskset) when it must leave the bench's own core, or undefined. */
export function loadCpusFor(layout) {
	return layout.sharing ? layout.loadCpus : undefined
}

/** [command, args] that run `command` on every allowed core (a step without a server to measure). */
export function onEveryCore(layout, command, args) {
	return layout.pinned ? ['taskset', ['--cpu-list', layout.all, command, ...args]] : [command, args]
}

/** One line for the console and the run's set-up. */
export function describeLayout(layout) {
	if (layout.sharing)
		return `every core (CPU ${layout.all}) for the servers and the load generator alike (taskset): ${layout.reason}`
	return layout.pinned
		? `load generator on CPU ${layout.loadCpus}, servers on CPU ${layout.serverCpus} (taskset)`
		: `not pinned (${layout.reason}): load generator and servers share the ${layout.cpus} CPU(s)`
}
