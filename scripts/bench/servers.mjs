// The processes the bench starts: the app as `npm start` runs it, and the
// baselines (baselines.mjs), each on the servers' cores (cpus.mjs). Every
// one is killed when the bench exits.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { waitFor } from '../server-process.mjs'
import { BENCH_TOTP_SECRET } from '../totp.mjs'
import { onServerCores } from './cpus.mjs'

export const UNLOCK_CODE = 'BENCH-UNLOCK-2026'
export const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Passw0rd' }

const children = []
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')))

/** `node <args>` on the servers' cores, with `env` over the bench's own. */
export function startNode(layout, args, env = {}) {
	const [command, argv] = onServerCores(layout, args)
	const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
	children.push(child)
	return child
}

/** The app, exactly as `npm start` runs it (same heap cap), on its own data under `root`; resolves once it answers. */
export async function startApp({ layout, root, port }) {
	const app = startNode(layout, ['--max-old-space-size=160', 'server.js'], {
		NODE_ENV: 'production',
		PORT: String(port),
		DATA_DIR: path.join(root, 'data'),
		RATE_LIMIT_MULTIPLIER: '1000000',
		UNLOCK_CODE,
		ADMIN_EMAIL: ADMIN.email,
		ADMIN_PASSWORD: ADMIN.password,
		ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
	})
	await waitFor(`http://127.0.0.1:${port}/healthz`, { child: app })
	return app
}
