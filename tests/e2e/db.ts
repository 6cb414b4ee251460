import { randomBytes } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { PremiumPlan } from '#app/domain/enums.ts'
import { E2E_DATA_DIR } from '../setup/e2e-config.ts'

/**
 * Direct access to the e2e server's SQLite file, for what the product has
 * no UI for yet: issuing plan activation codes (the admin portal will do
 * it). The server runs in WAL mode, so a second connection is fine; writes
 * wait up to 5 s for the server's lock.
 */
function withDb<T>(fn: (db: Database.Database) => T): T {
	const db = new Database(path.join(E2E_DATA_DIR, 'app.db'), { fileMustExist: true })
	try {
		db.pragma('busy_timeout = 5000')
		return fn(db)
	} finally {
		db.close()
	}
}

const MARKER: Record<PremiumPlan, string> = { gold: 'GOLD', titanium: 'TITAN', platinum: 'PLAT' }

/** Issues a fresh activation code for `plan` (unique per call, single use by default). */
export function issuePlanCode(plan: PremiumPlan, options: { maxUses?: number; expiresAt?: Date } = {}) {
	const code = `${MARKER[plan]}-E2E-${randomBytes(5).toString('hex').toUpperCase()}`
	withDb((db) =>
		db
			.prepare('insert into plan_codes (code, plan, max_uses, expires_at) values (?, ?, ?, ?)')
			.run(code, plan, options.maxUses ?? 1, options.expiresAt?.getTime() ?? null),
	)
	return code
}

/** How often a code has been used. */
export function planCodeUses(code: string) {
	return withDb(
		(db) => (db.prepare('select uses from plan_codes where code = ?').get(code) as { uses: number } | undefined)?.uses,
	)
}

/** How many plan code batches and codes an admin has issued (to prove a refused form stored nothing). */
export function issuedByAdmin(adminId: number) {
	return withDb((db) => {
		const batches = db
			.prepare('select count(*) as n from plan_code_batches where created_by_admin_id = ?')
			.get(adminId) as {
			n: number
		}
		const codes = db
			.prepare(
				'select count(*) as n from plan_codes where batch_id in (select id from plan_code_batches where created_by_admin_id = ?)',
			)
			.get(adminId) as { n: number }
		return { batches: batches.n, codes: codes.n }
	})
}
