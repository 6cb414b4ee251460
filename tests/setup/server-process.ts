import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** Starts the built production server (node server.js) and waits for /healthz. */
export async function startServer(options: {
	port: number
	dataDir: string
	env?: Record<string, string>
	/** Keep what is in dataDir (a restart); by default it starts empty. */
	keepData?: boolean
}) {
	if (!options.keepData) fs.rmSync(options.dataDir, { recursive: true, force: true })
	fs.mkdirSync(options.dataDir, { recursive: true })
	const logFile = path.join(options.dataDir, 'server.log')
	const out = fs.openSync(logFile, 'a')
	const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=160', 'server.js'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			// A write outside write() is an error here, as in development (db/client.server.ts).
			STRICT_WRITES: '1',
			PORT: String(options.port),
			DATA_DIR: options.dataDir,
			APP_ORIGIN: `http://localhost:${options.port}`,
			...options.env,
		},
		stdio: ['ignore', out, out],
	})
	const deadline = Date.now() + 20_000
	for (;;) {
		if (child.exitCode !== null) {
			throw new Error(`server exited early (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8')}`)
		}
		try {
			const res = await fetch(`http://127.0.0.1:${options.port}/healthz`)
			if (res.ok) break
		} catch {
			// not up yet
		}
		if (Date.now() > deadline) {
			// Not left running: it would hold the port (and a stale database) for the next attempt.
			child.kill('SIGKILL')
			throw new Error(`server did not start:\n${fs.readFileSync(logFile, 'utf8')}`)
		}
		await new Promise((r) => setTimeout(r, 100))
	}
	return {
		child,
		logFile,
		async stop(signal: NodeJS.Signals = 'SIGTERM') {
			if (child.exitCode !== null) return child.exitCode
			child.kill(signal)
			return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
		},
	}
}

/** The JSON lines of a server log (or any text with one JSON object per line), parsed; other lines are skipped. */
export function logRecords(text: string) {
	return text
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}
