import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { coreForSlot, cpuListText, cpusFromStatus, parseCpuList, threadCpus } from './cpu-affinity.server.ts'

describe('CPU lists (decision 039)', () => {
	test.each([
		['0', [0]],
		['0-1', [0, 1]],
		['0-3,8,10-11', [0, 1, 2, 3, 8, 10, 11]],
		[' 2,4-5 ', [2, 4, 5]],
		['3,1-2,2', [1, 2, 3]],
	])('%o reads as %o', (text, cpus) => {
		expect(parseCpuList(text)).toEqual(cpus)
	})

	test.each(['', '  ', 'a', '1-', '-1', '3-1', '0,,1', '0-1x', '1.5'])('%o is not a CPU list', (text) => {
		expect(parseCpuList(text)).toBeNull()
	})

	test('the Cpus_allowed_list line of a status file, and back to a list taskset reads', () => {
		const status = 'Name:\tnode\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3\nMems_allowed:\t1\n'
		expect(cpusFromStatus(status)).toEqual([0, 1, 2, 3])
		expect(cpusFromStatus('Name:\tnode\n')).toBeNull()
		expect(cpuListText([0, 1, 2, 5])).toBe('0,1,2,5')
	})

	test.runIf(process.platform === 'linux')("this thread's CPUs are the ones /proc lists for it", () => {
		const cpus = threadCpus()
		expect(cpus).toEqual(cpusFromStatus(fs.readFileSync('/proc/thread-self/status', 'utf8')))
		expect(cpus!.length).toBeGreaterThan(0)
	})
})

describe('the core of a serving process', () => {
	test('one core per slot, in the order the process may use them', () => {
		expect([0, 1].map((slot) => coreForSlot(slot, 2, [0, 1], 'auto'))).toEqual([0, 1])
		expect([0, 1].map((slot) => coreForSlot(slot, 2, [2, 5], 'auto'))).toEqual([2, 5])
		expect([0, 1, 2, 3].map((slot) => coreForSlot(slot, 4, [0, 1, 2, 3], 'auto'))).toEqual([0, 1, 2, 3])
	})

	test('no pin: setting off, one process, fewer or more processes than cores, cores unknown, a slot out of range', () => {
		expect(coreForSlot(0, 2, [0, 1], 'off')).toBeNull()
		expect(coreForSlot(0, 1, [0, 1], 'auto')).toBeNull()
		expect(coreForSlot(0, 1, [0], 'auto')).toBeNull()
		expect(coreForSlot(0, 2, [2, 5, 7], 'auto')).toBeNull()
		expect(coreForSlot(0, 3, [0, 1], 'auto')).toBeNull()
		expect(coreForSlot(0, 2, null, 'auto')).toBeNull()
		expect(coreForSlot(2, 2, [0, 1], 'auto')).toBeNull()
		expect(coreForSlot(-1, 2, [0, 1], 'auto')).toBeNull()
		expect(coreForSlot(Number.NaN, 2, [0, 1], 'auto')).toBeNull()
	})
})
