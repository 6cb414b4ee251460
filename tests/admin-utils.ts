import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import type { AdminRole } from '#app/domain/enums.ts'
import { E2E_ADMIN, E2E_DATA_DIR } from './setup/e2e-config.ts'
import { newTotpSecret, nextStep, totpCode } from './totp.ts'

/**
 * Admin helpers for the Playwright suites (API and browser). The run's
 * first super admin is E2E_ADMIN; `createAdminAccount` makes more with the
 * real CLI (`npm run admin:create`, `scripts/cli.mjs`), for the specs that test sign-in.
 * Tests that only need an admin take one from tests/fixtures.ts.
 */
export { E2E_ADMIN }

export const ADMIN_TEST_PASSWORD = 'Adm1n-Test-Passw0rd'
export const E2E_DATABASE = path.join(E2E_DATA_DIR, 'app.db')

export type AdminAccount = { email: string; password: string; name: string; role: AdminRole; totpSecret?: string }

/** What signing in takes: the password, and the second factor's secret when the account has one. */
export type AdminCredentials = { email: string; password: string; totpSecret?: string }

export function uniqueAdminEmail(prefix = 'staff') {
	return `${prefix}-${randomUUID().slice(0, 12)}@admin.example`
}

/**
 * Creates an admin through `npm run admin:create` on the test server's
 * database, then enrols its second factor with a new secret (straight into
 * the database, as if it had been set up on /admin/security) unless
 * `enrol: false`.
 */
export function createAdminAccount(
	options: { role?: 'admin' | 'super_admin'; name?: string; email?: string; database?: string; enrol?: boolean } = {},
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
	if (options.enrol === false) return account
	const totpSecret = newTotpSecret()
	withE2eDatabase(
		(db) =>
			db
				.prepare('update admins set totp_secret = ?, totp_enabled_at = ? where email = ?')
				.run(totpSecret, Date.now(), account.email),
		options.database ?? E2E_DATABASE,
	)
	return { ...account, totpSecret }
}

export function bearer(token: string) {
	return { Authorization: `Bearer ${token}` }
}

/**
 * Signs in through POST /api/admin/login (with the current code when the
 * account has a second factor); returns the bearer token. A code is accepted
 * once per account: when this account already used the current step's code
 * (another test, a retry), it waits for the next step and tries once more.
 */
export async function adminApiLogin(
	request: APIRequestContext,
	account: AdminCredentials = E2E_ADMIN,
	baseURL = '',
	headers: () => Record<string, string> = () => ({}),
) {
	const attempt = (ahead = 0) =>
		request.post(`${baseURL}/api/admin/login`, {
			headers: headers(),
			data: {
				email: account.email,
				password: account.password,
				...(account.totpSecret ? { code: totpCode(account.totpSecret, Date.now() + ahead) } : {}),
			},
		})
	let res = await attempt()
	// The current step's code was used: the next step's is accepted already (one step of drift).
	if (res.status() === 401 && account.totpSecret) res = await attempt(30_000)
	if (res.status() === 401 && account.totpSecret) {
		await nextStep()
		res = await attempt(30_000)
	}
	expect(res.status(), await res.text()).toBe(200)
	return (await res.json()).data.token as string
}

/**
 * Signs in through the /admin/login form (JS on or off): the password, then
 * the code step when the account has a second factor; waits for `landing`.
 */
export async function signInAsAdmin(
	page: Page,
	account: AdminCredentials = E2E_ADMIN,
	landing = /\/admin\/dashboard$/,
) {
	await page.goto('/admin/login')
	await page.getByLabel('Email', { exact: true }).fill(account.email)
	await page.getByLabel('Password', { exact: true }).fill(account.password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	if (account.totpSecret) await enterAdminCode(page, account.totpSecret)
	await expect(page).toHaveURL(landing)
}

/** The sign-in's code step: types the current code (the next step's after a replay refusal). */
export async function enterAdminCode(page: Page, secret: string) {
	await expect(page).toHaveURL(/\/admin\/login\/two-factor$/)
	await page.getByLabel('Authentication code').fill(totpCode(secret))
	await page.getByRole('button', { name: 'Verify' }).click()
	await page
		.waitForURL((url) => !url.pathname.endsWith('/two-factor') || url.search !== '', { timeout: 5_000 })
		.catch(() => {})
	if (!new URL(page.url()).pathname.endsWith('/two-factor')) return
	// Still on the step: the code was used already (this account signed in this step); the
	// next step's code is accepted already (one step of drift).
	await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000))
	await page.getByRole('button', { name: 'Verify' }).click()
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

/** The `name=value` of a cookie an answer sets (Playwright joins Set-Cookie headers with newlines). */
export function setCookieOf(headers: Record<string, string>, name: string) {
	return (headers['set-cookie'] ?? '')
		.split('\n')
		.find((line) => line.startsWith(`${name}=`))
		?.split(';')[0]
}

/**
 * Signs in through the page forms without a browser (the password, then the
 * code step when the account has a second factor); returns the
 * `admin_session=...` cookie.
 */
export async function adminPageCookie(request: APIRequestContext, account: AdminCredentials, baseURL = '') {
	const login = await request.post(`${baseURL}/admin/login`, {
		form: { email: account.email, password: account.password },
		maxRedirects: 0,
	})
	expect(login.status()).toBe(302)
	if (!account.totpSecret) return setCookieOf(login.headers(), 'admin_session')!
	expect(login.headers()['location']).toBe('/admin/login/two-factor')
	const pending = setCookieOf(login.headers(), 'admin_pending')!
	// The next step's code too, in case this account used the current one.
	for (const ahead of [0, 30_000]) {
		const step = await request.post(`${baseURL}/admin/login/two-factor`, {
			form: { intent: 'code', code: totpCode(account.totpSecret, Date.now() + ahead) },
			headers: { Cookie: pending },
			maxRedirects: 0,
		})
		if (step.status() === 302) return setCookieOf(step.headers(), 'admin_session')!
	}
	throw new Error(`The code step refused ${account.email}`)
}
