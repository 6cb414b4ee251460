/**
 * One side of the codes race test (app/features/codes/codes-race.server.test.ts):
 * a separate process with its own database connection, so two processes
 * really contend for SQLite's write lock. Run with `node --import tsx`;
 * DATA_DIR names the shared database. Waits until START_AT, then runs its
 * operations as fast as it can and prints a JSON summary.
 */
import { activatePlan } from '#app/features/plans/plan.server.ts'
import { revokePlanCode } from '#app/features/codes/plan-codes.server.ts'
import { rotateUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getDb } from '#db/client.server.ts'

type Job =
	| { op: 'rotate'; times: number; graceHours: 0 | 1 }
	| { op: 'revoke'; codeIds: number[] }
	| { op: 'redeem'; pairs: Array<{ userId: number; code: string }> }

const job = JSON.parse(process.env.RACE_JOB!) as Job
const actor = { id: null, email: `${process.env.RACE_NAME}@example.com` }
getDb()
while (Date.now() < Number(process.env.START_AT)) {
	// Spin: both processes start their writes at the same moment.
}
const outcomes: Array<{ ok: boolean; status?: number; id?: number }> = []
if (job.op === 'rotate') {
	for (let i = 0; i < job.times; i++) {
		const r = rotateUnlockCode(actor, { expiresAt: null, graceHours: job.graceHours })
		outcomes.push(r.ok ? { ok: true, id: r.value.code.id } : { ok: false, status: r.status })
	}
} else if (job.op === 'revoke') {
	for (const id of job.codeIds) {
		const r = revokePlanCode(actor, id)
		outcomes.push(r.ok ? { ok: true, id } : { ok: false, status: r.status, id })
	}
} else {
	job.pairs.forEach(({ userId, code }, i) => {
		const r = activatePlan(userId, code, { ip: `192.0.2.${i % 250}` })
		outcomes.push(r.ok ? { ok: true, id: userId } : { ok: false, status: r.status, id: userId })
	})
}
process.stdout.write(JSON.stringify(outcomes))
