import childProcess from 'node:child_process'
import fs from 'node:fs'
import bcrypt from 'bcryptjs'
import { describe, expect, test, vi } from 'vitest'
import {
	BCRYPT_COST,
	HASH_THREAD_NICE,
	hashPassword,
	passwordPoolPolicy,
	passwordPoolSize,
	POOL_IDLE_MS,
	spendDummyCompare,
	stopPasswordPool,
	verifyPassword,
} from './password.server.ts'
import { cpuListText, cpusFromStatus, threadCpus } from './cpu-affinity.server.ts'

describe('password pool', () => {
	test('a thread idle for POOL_IDLE_MS ends; the next hash starts one again', async () => {
		await stopPasswordPool()
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		try {
			const hash = await hashPassword('Idle-Passw0rd')
			expect(passwordPoolSize()).toBe(1)
			// Work keeps it: a job before the timeout resets the clock.
			vi.advanceTimersByTime(POOL_IDLE_MS - 1_000)
			expect(await verifyPassword('Idle-Passw0rd', hash)).toBe(true)
			vi.advanceTimersByTime(POOL_IDLE_MS - 1_000)
			expect(passwordPoolSize()).toBe(1)
			vi.advanceTimersByTime(1_000)
			expect(passwordPoolSize()).toBe(0)
			expect(await verifyPassword('Idle-Passw0rd', hash)).toBe(true)
			expect(passwordPoolSize()).toBe(1)
		} finally {
			vi.useRealTimers()
			await stopPasswordPool()
		}
	})

	/** The nice value of a thread of this process (field 19 of its stat line). */
	function niceOf(statPath: string) {
		const stat = fs.readFileSync(statPath, 'utf8')
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
	}

	test.runIf(process.platform === 'linux')(
		'hashing threads run HASH_THREAD_NICE lower than the event loop, which keeps its own priority',
		async () => {
			await stopPasswordPool()
			const loopNice = niceOf('/proc/thread-self/stat')
			const before = new Set(fs.readdirSync('/proc/self/task'))
			await hashPassword('Nice-Passw0rd')
			const started = fs.readdirSync('/proc/self/task').filter((tid) => !before.has(tid))
			const nices = started.map((tid) => niceOf(`/proc/self/task/${tid}/stat`))
			// The hashing thread is among the threads its start added.
			expect(nices).toContain(Math.min(19, loopNice + HASH_THREAD_NICE))
			expect(niceOf('/proc/thread-self/stat')).toBe(loopNice)
			await stopPasswordPool()
		},
	)

	/** The scheduling policy of a thread (field 41 of its stat line): 0 normal, 5 SCHED_IDLE. */
	function policyOf(statPath: string) {
		const stat = fs.readFileSync(statPath, 'utf8')
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38])
	}
	/** Whether a util-linux command is on this machine's PATH. */
	const hasCommand = (command: string) => {
		try {
			return childProcess.spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0
		} catch {
			return false
		}
	}
	const hasChrt = hasCommand('chrt')

	test.runIf(process.platform === 'linux' && hasChrt)(
		'hashing threads run under SCHED_IDLE (docs/decisions/038), the event loop keeps the normal policy',
		async () => {
			await stopPasswordPool()
			const before = new Set(fs.readdirSync('/proc/self/task'))
			await hashPassword('Idle-Passw0rd')
			const started = fs.readdirSync('/proc/self/task').filter((tid) => !before.has(tid))
			const policies = started.map((tid) => policyOf(`/proc/self/task/${tid}/stat`))
			expect(policies).toContain(5)
			expect(passwordPoolPolicy()).toBe('idle')
			expect(policyOf('/proc/thread-self/stat')).toBe(0)
			// It still hashes and verifies.
			const hash = await hashPassword('Idle-Passw0rd')
			expect(await verifyPassword('Idle-Passw0rd', hash)).toBe(true)
			await stopPasswordPool()
		},
	)

	const hasTaskset = hasCommand('taskset')

	test.runIf(process.platform === 'linux' && hasChrt && hasTaskset && (threadCpus()?.length ?? 0) >= 2)(
		'a hashing thread started by an event loop pinned to one core runs on every core of the process (decision 039)',
		async () => {
			await stopPasswordPool()
			const all = threadCpus()!
			const tid = fs.readlinkSync('/proc/thread-self').split('/').pop()!
			const pin = (list: string) =>
				expect(childProcess.spawnSync('taskset', ['--pid', '--cpu-list', list, tid], { stdio: 'ignore' }).status).toBe(
					0,
				)
			pin(String(all[0]))
			try {
				expect(threadCpus()).toEqual([all[0]])
				const before = new Set(fs.readdirSync('/proc/self/task'))
				await hashPassword('Pinned-Passw0rd')
				const started = fs.readdirSync('/proc/self/task').filter((t) => !before.has(t))
				const hashing = started.filter((t) => policyOf(`/proc/self/task/${t}/stat`) === 5)
				expect(hashing).toHaveLength(1)
				expect(cpusFromStatus(fs.readFileSync(`/proc/self/task/${hashing[0]}/status`, 'utf8'))).toEqual(all)
				// The pinned thread itself is left as it was.
				expect(threadCpus()).toEqual([all[0]])
			} finally {
				pin(cpuListText(all))
				await stopPasswordPool()
			}
		},
	)

	test('hash and verify round-trip', async () => {
		const hash = await hashPassword('Str0ngPassw0rd')
		expect(hash).toMatch(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/)
		expect(await verifyPassword('Str0ngPassw0rd', hash)).toBe(true)
	})

	test('the work factor is at least 10 and the hash is real bcrypt', async () => {
		expect(BCRYPT_COST).toBeGreaterThanOrEqual(10)
		const hash = await hashPassword('Str0ngPassw0rd')
		expect(bcrypt.getRounds(hash)).toBe(BCRYPT_COST)
		expect(bcrypt.getRounds(hash)).toBeGreaterThanOrEqual(10)
		// The pool and the library agree both ways.
		expect(await bcrypt.compare('Str0ngPassw0rd', hash)).toBe(true)
		expect(await verifyPassword('Other1pass', bcrypt.hashSync('Other1pass', 4))).toBe(true)
	})

	test('a wrong password is false', async () => {
		const hash = await hashPassword('Str0ngPassw0rd')
		for (const wrong of [
			'str0ngpassw0rd',
			'STR0NGPASSW0RD',
			'Str0ngPassw0rd ',
			' Str0ngPassw0rd',
			'Str0ngPassw0r',
			'',
			'x',
		]) {
			expect(await verifyPassword(wrong, hash)).toBe(false)
		}
	})

	test('hashes are salted: the same password twice gives two hashes', async () => {
		const [a, b] = await Promise.all([hashPassword('Same-Passw0rd'), hashPassword('Same-Passw0rd')])
		expect(a).not.toBe(b)
		expect(await verifyPassword('Same-Passw0rd', a)).toBe(true)
		expect(await verifyPassword('Same-Passw0rd', b)).toBe(true)
	})

	test('Unicode and NUL survive the trip to the worker', async () => {
		const password = 'Pässwörd-😀-\u202e-\u0000-end'
		const hash = await hashPassword(password)
		expect(await verifyPassword(password, hash)).toBe(true)
		expect(await verifyPassword('Pässwörd-😀-\u202e-', hash)).toBe(false)
		expect(await verifyPassword(password.normalize('NFD'), hash)).toBe(false)
	})

	test('many concurrent jobs all resolve to their own answers', async () => {
		const hash = await hashPassword('Concurrent1')
		const checks = await Promise.all(
			Array.from({ length: 12 }, (_, i) => verifyPassword(i % 3 === 0 ? 'Concurrent1' : `Wrong${i}`, hash)),
		)
		expect(checks).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0))
	})

	test('a malformed hash is a rejection or false, never true', async () => {
		const outcome = await verifyPassword('anything', 'not-a-bcrypt-hash').catch(() => 'rejected')
		expect(outcome === false || outcome === 'rejected').toBe(true)
	})

	test('hashing takes real work (not a fast hash)', async () => {
		const start = performance.now()
		await hashPassword('Timing-Passw0rd')
		expect(performance.now() - start).toBeGreaterThan(10)
	})

	test('spendDummyCompare always answers false and spends a compare', async () => {
		await spendDummyCompare('warm-up')
		const start = performance.now()
		expect(await spendDummyCompare('dummy-password-for-timing-only')).toBe(false)
		expect(await spendDummyCompare('anything')).toBe(false)
		expect(performance.now() - start).toBeGreaterThan(10)
	})
})
