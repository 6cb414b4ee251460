// scripts/server-process.mjs: the bench's memory sampler runs in a thread
// of its own, so reading memory never stalls the load generator's event
// loop; it reads PSS only when settled between runs (never during one: that
// stalls the measured server), and still keeps an upper bound of the PSS
// peak of a process tree it watches.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { afterEach, expect, test } from 'vitest'
import { sampleTreeMemory, treePssMb } from '../../scripts/server-process.mjs'

const children: ReturnType<typeof spawn>[] = []
afterEach(() => {
	for (const child of children.splice(0)) child.kill('SIGKILL')
})

test('keeps the peak of a child that grows and shrinks between reads', async () => {
	// A child that holds 120 MB for half a second, then lets it go and idles.
	const child = spawn(
		process.execPath,
		[
			'--expose-gc',
			'-e',
			`let big = Buffer.alloc(120 * 1024 * 1024, 1)
			setTimeout(() => { big = null; gc(); process.stdout.write('freed\\n') }, 500)
			setInterval(() => {}, 1000)`,
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	)
	children.push(child)
	const sampler = sampleTreeMemory(child.pid!, 20)
	await sampler.ready
	await new Promise((resolve) => child.stdout!.once('data', resolve))
	await new Promise((resolve) => setTimeout(resolve, 100))
	const peaks = await sampler.peaks()
	await sampler.stop()
	// The buffer's pages were resident while it was held, and are gone now:
	// PSS, read only at the start and now, still bounds the peak from above.
	expect(peaks.rss).toBeGreaterThan(120)
	expect(peaks.pss).toBeGreaterThan(120)
	expect(peaks.pssReads).toBe(2)
	expect(treePssMb(child.pid!)).toBeLessThan(100)
})

test("reads memory on its own thread: the caller's event loop stays idle", async () => {
	const sampler = sampleTreeMemory(process.pid, 1)
	await sampler.ready
	// This thread only waits while the sampler reads memory every
	// millisecond; done here, those reads would keep it busy most of the time.
	const before = performance.eventLoopUtilization()
	await new Promise((resolve) => setTimeout(resolve, 300))
	const busy = performance.eventLoopUtilization(before).utilization
	await sampler.settle()
	const peaks = await sampler.peaks()
	await sampler.stop()
	expect(busy).toBeLessThan(0.2)
	// PSS was read at the start and at each settle, not at each of the ~300 samples.
	expect(peaks.pssReads).toBe(3)
	expect(peaks.pss).toBeGreaterThan(0)
	expect(peaks.pss).toBeGreaterThanOrEqual(treePssMb(process.pid) / 4)
})
