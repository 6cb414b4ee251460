// The processes the bench starts: the app as `npm start` runs it, and the
// baselines (baselines.mjs), each on the servers' cores (cpus.mjs). Every
// one is killed when the bench exits.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { waitFor } from '../server-process.mjs'
import { BENCH_TOTP_SECRET } from '../totp.mjs'
import { onServerCores } from './cpus.mjs'

export const UNLOCK_CODE = 'BENCH-UNLOCK-2026'
export const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Passw0rd' }

const children = []
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')))

/** `node <args>` on the servers' cores, with `env` over the bench's own; its stdout to `logFile` when given (else dropped). */
export function startNode(layout, args, env = {}, { logFile } = {}) {
	const [command, argv] = onServerCores(layout, args)
	const stdout = logFile ? fs.openSync(logFile, 'a') : 'ignore'
	const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] })
	if (logFile) fs.closeSync(stdout)
	children.push(child)
	return child
}

/** Stops a child `startNode` started (SIGTERM: the app drains and exits) and resolves once it has exited. */
export function stopNode(child) {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
	return new Promise((resolve) => {
		const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
		child.once('exit', () => {
			clearTimeout(timer)
			if (children.includes(child)) children.splice(children.indexOf(child), 1)
			resolve()
		})
		child.kill('SIGTERM')
	})
}

/**
 * The app, exactly as `npm start` runs it (same heap cap), on its own data
 * (`dataDir`, by default under `root`), its log (stdout: one JSON line per
 * record, a request's line with its `ms`) to `logFile` when given; resolves
 * once it answers.
 */
export async function startApp({ layout, root, port, dataDir = path.join(root, 'data'), logFile }) {
	const app = startNode(
		layout,
		['--max-old-space-size=160', 'server.js'],
		{
			NODE_ENV: 'production',
			PORT: String(port),
			DATA_DIR: dataDir,
			RATE_LIMIT_MULTIPLIER: '1000000',
			UNLOCK_CODE,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
		},
		{ logFile },
	)
	await waitFor(`http://127.0.0.1:${port}/healthz`, { child: app })
	return app
}
