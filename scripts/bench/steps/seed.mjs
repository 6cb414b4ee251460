// The seeded steps write their data straight into the bench database
// through the app's own database layer (the operator CLI, scripts/cli.mjs),
// while the server runs, as an operator's import would.
import { execFileSync, spawn } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { onServerCores } from '../cpus.mjs'

const cliEnv = (ctx) => ({
	...process.env,
	DATA_DIR: path.join(ctx.root, 'data'),
	DATABASE_URL: '',
	CLI_SKIP_BUILD_CHECK: 'true',
})

/** `node scripts/cli.mjs <args>` on the bench's data; returns its stdout. */
export function seed(ctx, args, { printOut = false } = {}) {
	return execFileSync(process.execPath, ['scripts/cli.mjs', ...args], {
		env: cliEnv(ctx),
		stdio: ['ignore', printOut ? 'inherit' : 'pipe', 'inherit'],
		encoding: 'utf8',
	})
}

/**
 * `node scripts/cli.mjs <args>` on the bench's data, not waited for: on the
 * bench's own core, or with `serverCores` on the servers' (where work the
 * server would do runs). `onLine` gets each line of its stdout; resolves
 * with its exit code.
 */
export function cliProcess(ctx, args, { serverCores = false, onLine = () => {} } = {}) {
	const [command, argv] = serverCores
		? onServerCores(ctx.layout, ['scripts/cli.mjs', ...args])
		: [process.execPath, ['scripts/cli.mjs', ...args]]
	const child = spawn(command, argv, { env: cliEnv(ctx), stdio: ['ignore', 'pipe', 'inherit'] })
	readline.createInterface({ input: child.stdout }).on('line', onLine)
	return new Promise((resolve, reject) => {
		child.on('error', reject)
		child.on('close', (code) => resolve(code))
	})
}
