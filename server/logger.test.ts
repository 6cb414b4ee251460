import fs from 'node:fs'
import pino from 'pino'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { isoTimeField, REQUEST_LINES_FLUSH_MS } from './logger.js'

describe('isoTimeField', () => {
	afterEach(() => vi.useRealTimers())

	test("writes pino's isoTime text for the current millisecond", () => {
		vi.useFakeTimers()
		vi.setSystemTime(new Date('2026-12-04T18:00:00.123Z'))
		expect(isoTimeField()).toBe(pino.stdTimeFunctions.isoTime())
		expect(isoTimeField()).toBe(',"time":"2026-12-04T18:00:00.123Z"')
	})

	test('moves on when the millisecond does', () => {
		vi.useFakeTimers()
		vi.setSystemTime(new Date('2026-12-04T18:00:00.123Z'))
		const first = isoTimeField()
		vi.setSystemTime(new Date('2026-12-04T18:00:00.124Z'))
		expect(isoTimeField()).not.toBe(first)
		expect(isoTimeField()).toBe(',"time":"2026-12-04T18:00:00.124Z"')
	})
})

describe('request lines', () => {
	// A child process, since the logger writes to fd 1: what it printed, in order.
	function run(script: string) {
		const logger = new URL('./logger.js', import.meta.url).href
		const out = execFileSync(
			process.execPath,
			['--input-type=module', '-e', `import fs from 'node:fs'\nimport { log } from '${logger}'\n${script}`],
			{
				encoding: 'utf8',
			},
		)
		return out
			.trim()
			.split('\n')
			.map((line) =>
				line.startsWith('{')
					? ((JSON.parse(line) as { event: string; path?: string }).path ?? JSON.parse(line).event)
					: line,
			)
	}

	test('wait for the next other record, which goes out at once after them', () => {
		expect(
			run(
				`log('http', { path: '/a' }); fs.writeSync(1, 'MARK\\n'); log('startup'); fs.writeSync(1, 'END\\n'); process.exit(0)`,
			),
		).toEqual(['MARK', '/a', 'startup', 'END'])
	})

	test('are written when the process exits', () => {
		expect(
			run(`fs.writeSync(1, 'MARK\\n'); log('http', { path: '/a' }); log('http', { path: '/b' }); process.exit(0)`),
		).toEqual(['MARK', '/a', '/b'])
	})

	test(`are written within ${REQUEST_LINES_FLUSH_MS} ms on a quiet server`, () => {
		expect(
			run(
				`log('http', { path: '/a' }); setTimeout(() => { fs.writeSync(1, 'MARK\\n'); process.exit(0) }, ${REQUEST_LINES_FLUSH_MS * 2 + 100})`,
			),
		).toEqual(['/a', 'MARK'])
	})
})

describe('a log that cannot be written', () => {
	test('a full disk under stdout drops the lines: log() neither throws nor ends the process', () => {
		const logger = new URL('./logger.js', import.meta.url).href
		// /dev/full answers every write with ENOSPC, as a full disk does.
		const full = fs.openSync('/dev/full', 'w')
		try {
			const child = spawnSync(
				process.execPath,
				[
					'--input-type=module',
					'-e',
					`import { log } from '${logger}'\nfor (let i = 0; i < 50; i++) log('db.storage_error', { i }, 'error')\nlog('http', { i: 1 })\nawait new Promise((r) => setTimeout(r, 300))\nprocess.stderr.write('still here')`,
				],
				{ encoding: 'utf8', stdio: ['ignore', full, 'pipe'] },
			)
			expect(child.stderr).toBe('still here')
			expect(child.status).toBe(0)
		} finally {
			fs.closeSync(full)
		}
	})
})
