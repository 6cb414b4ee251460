// scripts/bench/steps/growth.mjs: the growth step's bars judged from its
// figures (pure): a request row within 1.5x from the smallest size to the
// largest (or within the request log's 1 ms), a job at most linear in the
// members (or under 50 ms), no job blocking more than 50 ms.
import { expect, test } from 'vitest'
import { growthTable, judgeGrowthBars, type GrowthResult } from '../../scripts/bench/steps/growth.mjs'

const figures = (serverMs: number, cpuMs: number, errors = 0, requests = 100) => ({ requests, errors, serverMs, cpuMs })
const job = (ms: number, blockMs: number, ok = true) => ({ ms, blockMs, ok })

function result(rows: GrowthResult['rows'], jobs: GrowthResult['jobs'] = []): GrowthResult {
	return { sizes: [10_000, 100_000], rows, jobs }
}
const row = (a: [number, number], b: [number, number], errors = 0) => ({
	name: 'GET /dashboard',
	clients: 1,
	bySize: { 10_000: figures(...a), 100_000: figures(...b, errors) },
})

test('a request row is met within 1.5x on server time and CPU, missed beyond either', () => {
	expect(judgeGrowthBars(result([row([10, 8], [15, 12])]))[0]!.met).toBe(true)
	expect(judgeGrowthBars(result([row([10, 8], [15.5, 8])]))[0]!.met).toBe(false)
	expect(judgeGrowthBars(result([row([10, 8], [10, 12.5])]))[0]!.met).toBe(false)
	const [missed] = judgeGrowthBars(result([row([48, 41], [1533, 1316])]))
	expect(missed!.met).toBe(false)
	expect(missed!.measured).toContain('31.94x')
	expect(missed!.bar).toContain('100,000 vs 10,000 members')
})

test('at 20 clients the CPU per request is judged, the server time (queueing) only reported', () => {
	const crowded = (a: [number, number], b: [number, number]) => ({ ...row(a, b), clients: 20 })
	const [queued] = judgeGrowthBars(result([crowded([20, 4], [45, 4.2])]))
	expect(queued!.met).toBe(true)
	expect(queued!.measured).toContain('2.25x')
	expect(judgeGrowthBars(result([crowded([20, 4], [20, 6.5])]))[0]!.met).toBe(false)
})

test('the CPU figure is judged within its clock-tick resolution: four 10 ms ticks over the row’s requests', () => {
	const cpuRow = (requests: number) => ({
		name: 'POST /api/auth/verify-code',
		clients: 20,
		bySize: { 10_000: figures(20, 4, 0, requests), 100_000: figures(20, 6.5, 0, requests) },
	})
	// 2.5 ms more per request: under 40 ms / 10 requests, beyond 40 ms / 40 requests.
	expect(judgeGrowthBars(result([cpuRow(10)]))[0]!.met).toBe(true)
	expect(judgeGrowthBars(result([cpuRow(40)]))[0]!.met).toBe(false)
})

test("a difference under the log's 1 ms resolution is met; an error is missed", () => {
	expect(judgeGrowthBars(result([row([1, 1], [1.9, 1.9])]))[0]!.met).toBe(true)
	expect(judgeGrowthBars(result([row([1, 1], [2.1, 1])]))[0]!.met).toBe(false)
	expect(judgeGrowthBars(result([row([10, 8], [10, 8], 1)]))[0]!.met).toBe(false)
})

test('a job is met at most linear in the members (or under 50 ms) and when it never blocks over 50 ms', () => {
	const judge = (a: ReturnType<typeof job>, b: ReturnType<typeof job>) =>
		judgeGrowthBars(result([], [{ job: 'traders-recompute', bySize: { 10_000: a, 100_000: b } }]))
	const [linear, block] = judge(job(100, 10), job(1000, 40))
	expect([linear!.met, block!.met]).toEqual([true, true])
	expect(judge(job(100, 10), job(1001, 10))[0]!.met).toBe(false)
	expect(judge(job(1, 1), job(40, 1))[0]!.met).toBe(true)
	expect(judge(job(100, 10), job(200, 50.5))[1]!.met).toBe(false)
	expect(judge(job(100, 60), job(200, 10))[1]!.met).toBe(false)
	expect(judge(job(100, 10), job(200, 10, false))[0]!.met).toBe(false)
})

test('the table prints each size and the ratio', () => {
	const lines = growthTable(
		result([row([10, 8], [20, 12])], [{ job: 'daily-snapshot', bySize: { 10_000: job(2, 1), 100_000: job(6, 2) } }]),
	)
	expect(lines[0]).toEqual(['row', 'clients', '10,000: server / CPU ms', '100,000: server / CPU ms', 'ratio'])
	expect(lines[1]).toEqual(['GET /dashboard', '1', '10 / 8', '20 / 12', '2.00x / 1.50x'])
	expect(lines[2]).toEqual(['job daily-snapshot (ms, longest block)', '-', '2 / 1', '6 / 2', '3.00x'])
})

test("npm test's tolerance doubles the limits: 2.5x and a 90 ms block pass its smoke gate, not the bench's bars", () => {
	const grown = [row([10, 8], [25, 20])]
	const jobs = [{ job: 'traders-recompute', bySize: { 10_000: job(100, 10), 100_000: job(200, 90) } }]
	expect(judgeGrowthBars(result(grown, jobs)).map((b) => b.met)).toEqual([false, true, false])
	expect(judgeGrowthBars(result(grown, jobs), 2).map((b) => b.met)).toEqual([true, true, true])
	expect(judgeGrowthBars(result([row([10, 8], [31, 8])]), 2)[0]!.met).toBe(false)
})
