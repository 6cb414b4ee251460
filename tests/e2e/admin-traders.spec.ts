import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT, E2E_UNLOCK_CODE } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { createAdminAccount, signInAsAdmin } from '../admin-utils.ts'
import { newTotpSecret } from '../totp.ts'

// /admin/traders on a server of its own (removing the sample traders must
// not take them from the suite's other tests): the registry's list with
// the fresh install's sample traders, its filters, and the super admin's
// removal of the samples (a dialog with JavaScript, a page without).

const ADMIN = { email: 'traders-root@e2e.example', password: 'Traders-Admin-Passw0rd', totpSecret: newTotpSecret() }

test('staff see the registry; a super admin removes the sample traders once', async ({ browser }, testInfo) => {
	test.setTimeout(120_000)
	const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false
	const port = E2E_PORT + 41 + (javaScriptEnabled ? 0 : 1)
	const server = await startServer({
		port,
		dataDir: path.join(E2E_ROOT, `admin-traders-${port}`),
		env: {
			UNLOCK_CODE: E2E_UNLOCK_CODE,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_TOTP_SECRET: ADMIN.totpSecret,
		},
	})
	const context = await browser.newContext({ baseURL: `http://localhost:${port}`, javaScriptEnabled })
	const page = await context.newPage()
	try {
		await signInAsAdmin(page, ADMIN)
		await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Traders' }).click()
		await expect(page).toHaveURL(/\/admin\/traders$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Traders' })).toBeVisible()
		const table = page.getByRole('region', { name: 'Traders table' })
		const amara = table.getByRole('row').filter({ hasText: 'Amara Okafor' })
		await expect(amara).toContainText('Sample')
		await expect(amara).toContainText('Listed')
		await expect(amara).toContainText('of 10')
		// Twelve samples, 20 a page: one page.
		await expect(table.getByRole('row').filter({ hasText: 'Sample' })).toHaveCount(12)

		// The red-flag filter (a GET form): only flagged traders, each listing its flags.
		await page.getByLabel('Red flag').selectOption('deep_drawdown')
		await page.getByRole('button', { name: 'Apply filters' }).click()
		await expect(page).toHaveURL(/flag=deep_drawdown/)
		const flagged = table.getByRole('row').filter({ hasText: 'Sample' })
		// Retried: with JS the URL changes a moment before the filtered list renders.
		await expect(flagged.filter({ hasNotText: 'deep drawdown' })).toHaveCount(0)
		await expect(flagged).not.toHaveCount(0)
		await expect(table).not.toContainText('Amara Okafor')

		// Remove the samples: the dialog says how many, the list is empty after, the step is refused twice.
		await page.getByRole('link', { name: 'Remove sample traders' }).click()
		await expect(page).toHaveURL(/\/admin\/traders\/remove-samples\?flag=deep_drawdown$/)
		await expect(page.getByText('12 sample traders')).toBeVisible()
		await page.getByRole('button', { name: 'Remove Sample Traders' }).click()
		await expect(page).toHaveURL(/\/admin\/traders\?flag=deep_drawdown$/)
		await expect(page.getByRole('status')).toHaveText('12 sample traders removed.')
		await page.goto('/admin/traders')
		await expect(table).toContainText('No traders')
		await page.goto('/admin/traders/remove-samples')
		await expect(page.getByText('There are no sample traders to remove.')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Remove Sample Traders' })).toHaveCount(0)
	} finally {
		await context.close()
		await server.stop()
	}
})

test('the removal is for super admins only', async ({ page }) => {
	// The suite's ordinary admin (traders:review, not traders:retire): the list without the action, the dialog refused.
	const admin = createAdminAccount({ role: 'admin' })
	await signInAsAdmin(page, admin)
	await page.goto('/admin/traders')
	await expect(page.getByRole('heading', { level: 1, name: 'Traders' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Remove sample traders' })).toHaveCount(0)
	const res = await page.goto('/admin/traders/remove-samples')
	expect(res?.status()).toBe(403)
})
