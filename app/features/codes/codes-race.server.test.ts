import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { closeDb, getDb } from '#db/client.server.ts'
import { auditLog, planActivations, planCodes, unlockCodes } from '#db/schema.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { issuePlanCodeBatch } from './plan-codes.server.ts'
import { addUnlockCode, listUnlockCodes } from './unlock-code.server.ts'

/**
 * Two staff (or a member and a staff member) acting at the same moment:
 * The SQLite driver is synchronous, so the race is run by two separate
 * processes, each with its own connection to one database file, each
 * change an immediate transaction. The final state must be consistent.
 */
const run = promisify(execFile)
const WORKER = path.resolve('tests/codes-race-worker.ts')

async function race(jobs: Array<{ name: string; job: unknown }>) {
	const dataDir = process.env.DATA_DIR!
	// The children open the file themselves; this process lets go of its write lock first.
	getDb().$client.pragma('wal_checkpoint(TRUNCATE)')
	const startAt = Date.now() + 1500
	const results = await Promise.all(
		jobs.map(({ name, job }) =>
			run(process.execPath, ['--import', 'tsx', WORKER], {
				env: {
					...process.env,
					DATA_DIR: dataDir,
					RACE_JOB: JSON.stringify(job),
					RACE_NAME: name,
					START_AT: String(startAt),
					LOG_SILENT: 'true',
				},
				timeout: 30_000,
			}),
		),
	)
	return results.map((r) => JSON.parse(r.stdout) as Array<{ ok: boolean; status?: number; id?: number }>)
}

const value = <T>(r: { ok: true; value: T } | { ok: false }) => {
	if (!r.ok) throw new Error('expected success')
	return r.value
}

describe('codes under concurrent staff and members (two processes)', () => {
	test('two rotations at once: every rotation lands, exactly one code stays active', async () => {
		addUnlockCode('FIRST-CODE')
		const [a, b] = await race([
			{ name: 'staff-a', job: { op: 'rotate', times: 15, graceHours: 0 } },
			{ name: 'staff-b', job: { op: 'rotate', times: 15, graceHours: 0 } },
		])
		expect([...a!, ...b!].every((o) => o.ok)).toBe(true)
		closeDb({ checkpoint: false })
		const rows = getDb().select().from(unlockCodes).all()
		expect(rows).toHaveLength(31)
		expect(rows.filter((r) => r.active)).toHaveLength(1)
		expect(new Set(rows.map((r) => r.code)).size).toBe(31)
		// The active one is the newest; every other was retired by the rotation after it.
		const newest = rows.reduce((x, y) => (y.id > x.id ? y : x))
		expect(newest.active).toBe(true)
		expect(rows.filter((r) => !r.active).every((r) => r.retiredAt && r.retiredByEmail)).toBe(true)
		expect(getDb().select().from(auditLog).where(eq(auditLog.action, 'unlock-code.rotate')).all()).toHaveLength(30)
		expect(listUnlockCodes().filter((c) => c.current)).toHaveLength(1)
	})

	test('two revokes of the same codes: each code revoked once, one audit row each', async () => {
		const { batch } = value(
			issuePlanCodeBatch(insertAuditActor(), {
				plan: 'gold',
				count: 40,
				usesPerCode: 1,
				expiresAt: null,
				note: 'race',
			}),
		)
		const ids = getDb()
			.select({ id: planCodes.id })
			.from(planCodes)
			.where(eq(planCodes.batchId, batch.id))
			.all()
			.map((r) => r.id)
		const [a, b] = await race([
			{ name: 'staff-a', job: { op: 'revoke', codeIds: ids } },
			{ name: 'staff-b', job: { op: 'revoke', codeIds: ids } },
		])
		const wins = [...a!, ...b!].filter((o) => o.ok)
		expect(wins).toHaveLength(40)
		expect([...a!, ...b!].filter((o) => !o.ok).every((o) => o.status === 409)).toBe(true)
		closeDb({ checkpoint: false })
		expect(
			getDb()
				.select()
				.from(planCodes)
				.where(inArray(planCodes.id, ids))
				.all()
				.every((r) => r.revokedAt),
		).toBe(true)
		expect(getDb().select().from(auditLog).where(eq(auditLog.action, 'plan-code.revoke')).all()).toHaveLength(40)
	})

	test('members redeeming while staff revoke the same codes: each code is either used or revoked, never both', async () => {
		const { batch, codes } = value(
			issuePlanCodeBatch(insertAuditActor(), {
				plan: 'gold',
				count: 40,
				usesPerCode: 1,
				expiresAt: null,
				note: 'race',
			}),
		)
		const rows = getDb().select().from(planCodes).where(eq(planCodes.batchId, batch.id)).all()
		const pairs = codes.map((code) => ({ userId: insertMember().id, code }))
		const [redeemed, revoked] = await race([
			{ name: 'member', job: { op: 'redeem', pairs } },
			{ name: 'staff', job: { op: 'revoke', codeIds: rows.map((r) => r.id) } },
		])
		closeDb({ checkpoint: false })
		const after = getDb().select().from(planCodes).where(eq(planCodes.batchId, batch.id)).all()
		const activations = getDb().select().from(planActivations).all()
		for (const row of after) {
			const used = activations.filter((a) => a.codeId === row.id)
			if (row.revokedAt) {
				expect(row.uses).toBe(0)
				expect(used).toHaveLength(0)
			} else {
				expect(row.uses).toBe(1)
				expect(used).toHaveLength(1)
			}
		}
		expect(redeemed!.filter((o) => o.ok).length + revoked!.filter((o) => o.ok).length).toBe(40)
		// Each refusal is the expected one: a revoked code is invalid (400), a used one cannot be revoked (409).
		expect(redeemed!.filter((o) => !o.ok).every((o) => o.status === 400)).toBe(true)
		expect(revoked!.filter((o) => !o.ok).every((o) => o.status === 409)).toBe(true)
	})
})
