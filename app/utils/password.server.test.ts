import fs from 'node:fs'
import bcrypt from 'bcryptjs'
import { describe, expect, test, vi } from 'vitest'
import {
	BCRYPT_COST,
	HASH_THREAD_NICE,
	hashPassword,
	passwordPoolSize,
	POOL_IDLE_MS,
	spendDummyCompare,
	stopPasswordPool,
	verifyPassword,
} from './password.server.ts'

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
