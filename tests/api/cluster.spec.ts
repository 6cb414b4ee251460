import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'

// Every core (docs/decisions/026-every-core.md): server.js is a primary that
// runs the start-up work once, forks WEB_CONCURRENCY serving processes,
// restarts one that dies and drains them all on SIGTERM.
const PORT = E2E_PORT + 26
const dataDir = path.join(E2E_ROOT, 'cluster')

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number) {
	const found: number[] = []
	for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
		const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
		if (text) found.push(...text.split(/\s+/).map(Number))
	}
	return found
}
const alive = (pid: number) => fs.existsSync(`/proc/${pid}`)
/** A process's command line, its arguments one by one (Linux /proc). */
const commandLine = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
const count = (log: string, pattern: RegExp) => log.match(pattern)?.length ?? 0
test('WEB_CONCURRENCY processes; start-up work and the scheduler once; a dead worker is replaced; SIGTERM drains all', async () => {
	test.setTimeout(60_000)
	const server = await startServer({ port: PORT, dataDir, env: { WEB_CONCURRENCY: '2', RATE_LIMIT_MULTIPLIER: '100' } })
	try {
		await clusterChecks(server)
	} finally {
		if (server.child.exitCode === null) server.child.kill('SIGKILL')
	}
})

async function clusterChecks(server: Awaited<ReturnType<typeof startServer>>) {
	const primary = server.child.pid!
	await expect.poll(() => childrenOf(primary).length).toBe(2)
	const [first, second] = childrenOf(primary)
	const read = () => fs.readFileSync(server.logFile, 'utf8')
	// With a serving process on every core, V8 collects garbage on each one's own thread (decision 034).
	const everyCore = 2 >= os.availableParallelism()
	for (const pid of [first!, second!]) expect(commandLine(pid).includes('--single-threaded-gc')).toBe(everyCore)
	expect(commandLine(primary)).not.toContain('--single-threaded-gc')
	await expect.poll(() => read()).toContain(`"event":"cluster.start","workers":2,"singleThreadedGc":${everyCore}`)
	await expect.poll(() => count(read(), /App ready on/g)).toBe(1)
	expect(read()).toContain('2 processes')
	// Migrations and seeding ran once, in their own process (gone now), and the first tick's jobs once.
	expect(count(read(), /"event":"startup"/g)).toBe(1)
	await expect.poll(() => count(read(), /"job":"daily-snapshot"/g)).toBe(1)
	expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).pid).toBe(primary)

	// The WAL's checkpoints run on one thread of the primary, not in the serving processes (decision 069).
	expect(count(read(), /"event":"wal.checkpointer"/g)).toBe(1)

	// CPU placement is the deployment's (decision 045): no serving process pins itself.
	expect(read()).not.toContain('"event":"worker.pinned"')

	// A worker that dies is replaced (after a short back-off); the other one serves meanwhile
	// (once the primary has seen the exit: a connection handed to the dying one is lost).
	process.kill(first!, 'SIGKILL')
	await expect.poll(() => read().includes('"event":"worker.exit"')).toBe(true)
	expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200)
	await expect.poll(() => childrenOf(primary).filter((pid) => pid !== first).length, { timeout: 10_000 }).toBe(2)
	expect(read()).toContain('"event":"worker.exit"')
	expect(read()).toContain('"event":"worker.restart"')
	expect(childrenOf(primary)).toContain(second)
	const replacement = childrenOf(primary).find((pid) => pid !== second)
	await expect.poll(() => read().includes(`"event":"worker.ready","pid":${replacement}`)).toBe(true)
	expect(commandLine(replacement!).includes('--single-threaded-gc')).toBe(everyCore)
	for (let i = 0; i < 6; i++) expect((await fetch(`http://127.0.0.1:${PORT}/login`)).status).toBe(200)

	// SIGTERM: every worker drains and exits, then the primary, 0; the pid file is gone.
	const workers = childrenOf(primary)
	expect(await server.stop('SIGTERM')).toBe(0)
	for (const pid of workers) expect(alive(pid)).toBe(false)
	expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false)
	expect(count(read(), /"event":"shutdown"/g)).toBe(3)
	// The checkpointer stopped last, after its runs, none failed; the last connection closed took the WAL away.
	const stopped = read()
		.split('\n')
		.filter((line) => line.includes('"event":"wal.checkpointer_stopped"'))
		.map((line) => JSON.parse(line) as { runs: number; failed: number })
	expect(stopped).toHaveLength(1)
	expect(stopped[0]!.runs).toBeGreaterThan(0)
	expect(stopped[0]!.failed).toBe(0)
	expect(read()).not.toContain('"event":"wal.checkpoint_failed"')
	expect(fs.existsSync(path.join(dataDir, 'app.db-wal'))).toBe(false)
}

test("fewer serving processes than cores keep V8's garbage-collection threads", async () => {
	test.skip(os.availableParallelism() < 2, 'one core: one serving process is on every core')
	const server = await startServer({
		port: E2E_PORT + 28,
		dataDir: path.join(E2E_ROOT, 'cluster-one'),
		env: { WEB_CONCURRENCY: '1' },
	})
	try {
		await expect.poll(() => childrenOf(server.child.pid!).length).toBe(1)
		expect(commandLine(childrenOf(server.child.pid!)[0]!)).not.toContain('--single-threaded-gc')
		expect(fs.readFileSync(server.logFile, 'utf8')).toContain('"singleThreadedGc":false')
	} finally {
		await server.stop('SIGTERM')
	}
})

test('a bad WEB_CONCURRENCY ends the start-up with the reason', async () => {
	const bad = path.join(E2E_ROOT, 'cluster-bad')
	// A port of its own: the test above may still be serving on PORT (tests run in parallel).
	await expect(startServer({ port: E2E_PORT + 27, dataDir: bad, env: { WEB_CONCURRENCY: 'many' } })).rejects.toThrow(
		/WEB_CONCURRENCY must be a whole number from 1 to 64/,
	)
})
