// `node scripts/cli.mjs <command> [...]`: the operator's commands
// (admin:create, backup, restore; see server/cli.ts), run from the server
// build so they share the app's rules and database layer. Builds first when
// there is no build or the sources changed, like `npm start`.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

process.env.NODE_ENV ??= 'production'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
// Tests run it against the build they just made: no rebuild mid-run.
if (process.env.CLI_SKIP_BUILD_CHECK !== 'true') {
	execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
		stdio: ['ignore', 'ignore', 'inherit'],
	})
}
const { runCli } = await import(path.join(root, 'build/server/index.js'))
process.exitCode = await runCli(process.argv.slice(2))
