import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import type { AdminRole } from '#app/domain/enums.ts'
import { E2E_ADMIN, E2E_DATA_DIR } from './setup/e2e-config.ts'

/**
 * Admin helpers for the Playwright suites (API and browser). The run's
 * first super admin is E2E_ADMIN; `createAdminAccount` makes more with the
 * real CLI (`npm run admin:create`, `scripts/cli.mjs`), for the specs that test sign-in.
 * Tests that only need an admin take one from tests/fixtures.ts.
 */
export { E2E_ADMIN }

export const ADMIN_TEST_PASSWORD = 'Adm1n-Test-Passw0rd'
export const E2E_DATABASE = path.join(E2E_DATA_DIR, 'app.db')

export type AdminAccount = { email: string; password: string; name: string; role: AdminRole }

export function uniqueAdminEmail(prefix = 'staff') {
	return `${prefix}-${randomUUID().slice(0, 12)}@admin.example`
}

/** Creates an admin through `npm run admin:create` on the test server's database. */
export function createAdminAccount(
	options: { role?: 'admin' | 'super_admin'; name?: string; email?: string; database?: string } = {},
): AdminAccount {
	const account: AdminAccount = {
		email: options.email ?? uniqueAdminEmail(),
		password: ADMIN_TEST_PASSWORD,
		name: options.name ?? `Staff ${randomUUID().slice(0, 6)}`,
		role: options.role ?? 'admin',
	}
	execFileSync(
		process.execPath,
		[
			path.resolve('scripts/cli.mjs'),
			'admin:create',
			'--email',
			account.email,
			'--role',
			account.role,
			'--name',
			account.name,
			'--password',
			account.password,
		],
		{
			env: { ...process.env, DATABASE_URL: options.database ?? E2E_DATABASE, CLI_SKIP_BUILD_CHECK: 'true' },
			stdio: 'pipe',
		},
	)
	return account
}

export function bearer(token: string) {
	return { Authorization: `Bearer ${token}` }
}

/** Signs in through POST /api/admin/login; returns the bearer token. */
export async function adminApiLogin(
	request: APIRequestContext,
	account: { email: string; password: string } = E2E_ADMIN,
	baseURL = '',
) {
	const res = await request.post(`${baseURL}/api/admin/login`, {
		data: { email: account.email, password: account.password },
	})
	expect(res.status(), await res.text()).toBe(200)
	return (await res.json()).data.token as string
}

/** Signs in through the /admin/login form (JS on or off) and waits for the dashboard. */
export async function signInAsAdmin(page: Page, account: { email: string; password: string } = E2E_ADMIN) {
	await page.goto('/admin/login')
	await page.getByLabel('Email', { exact: true }).fill(account.email)
	await page.getByLabel('Password', { exact: true }).fill(account.password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

/**
 * Writes straight to the test server's database, for states no route can
 * make yet (an active contest about to end, say). Closed after `fn`.
 */
export function withE2eDatabase<T>(fn: (db: Database.Database) => T, file = E2E_DATABASE): T {
	const db = new Database(file, { timeout: 5000 })
	try {
		return fn(db)
	} finally {
		db.close()
	}
}
