// `npm test`: unit and integration tests (vitest), then a production build,
// then the Playwright suites (API, JS on, JS off) against that build.
import { spawnSync } from 'node:child_process'

const steps = [
	['vitest', ['npx', 'vitest', 'run']],
	['build', ['npm', 'run', 'build']],
	['playwright', ['npx', 'playwright', 'test']],
]

for (const [name, [cmd, ...args]] of steps) {
	console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
	const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
	if (result.status !== 0) {
		console.error(`\n${name} failed (exit ${result.status ?? result.signal})`)
		process.exit(result.status ?? 1)
	}
}
console.log('\nAll test steps passed.')
