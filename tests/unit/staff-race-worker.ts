/**
 * One side of the "two super admins at once" test
 * (app/features/staff/staff.server.test.ts): its own process, so its own
 * SQLite connection to the test's database file (DATA_DIR). It loads the
 * model, says "ready", waits for "go" on stdin, runs one updateStaff and
 * prints the result as JSON.
 *
 *   node --import tsx tests/unit/staff-race-worker.ts <actorId> <actorEmail> <targetId> <disable|demote>
 */
import { updateStaff } from '#app/features/staff/staff.server.ts'
import { closeDb } from '#db/client.server.ts'

const [actorId, actorEmail, targetId, change] = process.argv.slice(2)
process.stdout.write('ready\n')
process.stdin.once('data', () => {
	const result = updateStaff(
		{ id: Number(actorId), email: actorEmail! },
		Number(targetId),
		change === 'disable' ? { disabled: true } : { role: 'admin' },
	)
	process.stdout.write(`${JSON.stringify(result.ok ? { ok: true } : { ok: false, status: result.status })}\n`)
	closeDb()
	process.exit(0)
})
