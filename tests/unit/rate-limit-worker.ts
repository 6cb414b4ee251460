/**
 * One of the processes of the "every process counts against one number"
 * test (app/utils/rate-limit.server.test.ts): its own SQLite connection to
 * the test's database file (DATA_DIR). It says "ready", waits for "go" on
 * stdin, spends its attempts and prints how many were allowed (and the
 * last count of recorded events it saw) as JSON.
 *
 *   node --import tsx tests/unit/rate-limit-worker.ts <attempts> <at epoch ms>
 */
import { consumeRateLimit, consumeSlidingRateLimit, countRecentEvent } from '#app/utils/rate-limit.server.ts'
import { closeDb } from '#db/client.server.ts'

const [attempts, at] = process.argv.slice(2).map(Number) as [number, number]
process.stdout.write('ready\n')
process.stdin.once('data', () => {
	let fixed = 0
	let sliding = 0
	let events = 0
	for (let i = 0; i < attempts; i++) {
		if (consumeRateLimit('login:ip', 'shared', at).ok) fixed++
		if (consumeSlidingRateLimit('admin-api:token', 'shared', at).ok) sliding++
		events = countRecentEvent('shared-event', 60_000, at)
	}
	process.stdout.write(`${JSON.stringify({ fixed, sliding, events })}\n`)
	closeDb()
	process.exit(0)
})
