import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'

// The short form of the soak (`npm run bench -- --soak` runs 10 minutes at
// 50 connections): the same mix of pages, API reads and writes, long
// enough to see errors, memory and its trend. It fails on any error, a
// server process at or over 250 MB RSS, or one rising over the last half.
const run = promisify(execFile)

test('sustained load, short form: no errors, RSS under 250 MB with no upward trend', async () => {
	test.setTimeout(120_000)
	const out = path.join(E2E_ROOT, 'soak.json')
	fs.rmSync(out, { force: true })
	const result = await run(
		process.execPath,
		['scripts/bench/index.mjs', '--soak', '--no-build', '--duration=20', '--connections=30', `--json=${out}`],
		{ env: { ...process.env, BENCH_PORT: String(E2E_PORT + 23) }, timeout: 100_000 },
	).catch((error: { stdout?: string; stderr?: string; code?: number }) => error)
	const report = JSON.parse(fs.readFileSync(out, 'utf8'))
	test.info().annotations.push({
		type: 'soak',
		description: (result as { stdout?: string }).stdout?.trim().split('\n').at(-1) ?? '',
	})
	expect(report.serverExited).toBe(false)
	expect(report.requests).toBeGreaterThan(500)
	expect(report.errors).toBe(0)
	expect(report.processes).toBeGreaterThanOrEqual(2)
	expect(report.rssPeakMb).toBeLessThan(250)
	expect(report.rssTotalPeakMb).toBeGreaterThanOrEqual(report.rssPeakMb)
	expect(report.rssTrendLastHalfMb).toBeLessThan(10)
	expect(report.windows.length).toBeGreaterThanOrEqual(4)
	expect(report.pass).toBe(true)
})
