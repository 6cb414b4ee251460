// The seeded steps write their data straight into the bench database
// through the app's own database layer (the operator CLI, scripts/cli.mjs),
// while the server runs, as an operator's import would.
import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** `node scripts/cli.mjs <args>` on the bench's data; returns its stdout. */
export function seed(ctx, args, { printOut = false } = {}) {
	return execFileSync(process.execPath, ['scripts/cli.mjs', ...args], {
		env: {
			...process.env,
			DATA_DIR: path.join(ctx.root, 'data'),
			DATABASE_URL: '',
			CLI_SKIP_BUILD_CHECK: 'true',
		},
		stdio: ['ignore', printOut ? 'inherit' : 'pipe', 'inherit'],
		encoding: 'utf8',
	})
}
