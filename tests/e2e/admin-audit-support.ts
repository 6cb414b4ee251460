import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect } from '../fixtures.ts'
import { waitForHydration } from './support.ts'

/** A target type of this test's own ("t-zx1a2b..."), so other tests' rows never mix in. */
export const newTargetType = () => `t-${randomUUID().replace(/-/g, '').slice(0, 10)}`

/**
 * `count` audit rows of `targetType` written straight into the e2e
 * database, oldest first, two to a millisecond (pages cut through equal
 * timestamps). Target ids are 1..count.
 */
export function seedAuditRows(targetType: string, count: number, adminEmail = 'system') {
	const start = Date.UTC(2030, 0, 1)
	withE2eDatabase((db) => {
		const insert = db.prepare(
			"insert into audit_log (admin_id, admin_email, action, target_type, target_id, before, after, created_at) values (null, ?, 'user.update', ?, ?, '{\"n\":0}', ?, ?)",
		)
		db.transaction(() => {
			for (let i = 1; i <= count; i++) {
				insert.run(adminEmail, targetType, String(i), JSON.stringify({ n: i }), start + Math.floor(i / 2) * 1000)
			}
		})()
	})
}

/** Renames a member through the admin API: one user.update row. */
export async function renameMember(
	request: APIRequestContext,
	token: string,
	member: { id: number; email: string },
	name: string,
) {
	const res = await request.put(`/api/admin/users/${member.id}`, {
		headers: bearer(token),
		data: { name, email: member.email },
	})
	expect(res.status()).toBe(200)
}

export async function openAudit(page: Page, query = '') {
	await page.goto(`/admin/audit${query}`)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
}

export function auditRows(page: Page) {
	return page.getByRole('table', { name: /Changes, newest first/ }).locator('tbody tr')
}
