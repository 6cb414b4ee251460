import type { Page } from '@playwright/test'
import { endingSoon } from '../contest-e2e-utils.ts'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { AT_BOTH_WIDTHS, expectAccessible, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { waitForHydration } from './support.ts'
import { wrongCode } from '../totp.ts'

/**
 * Every admin page and state of the foundation, at a phone and a desktop
 * width, JS on and off: zero axe violations, no horizontal overflow on the
 * phone, no CSP violation or page error (tests/e2e/axe.ts).
 */
type Setup = (
	page: Page,
	fixtures: Pick<Fixtures, 'createMember' | 'createAdmin' | 'createContest' | 'signIn'>,
) => Promise<void>

/** The page signed in as a new admin of `role`, on the dashboard. */
async function adminDashboard(
	page: Page,
	{ createAdmin, signIn }: Parameters<Setup>[1],
	role: 'admin' | 'super_admin' = 'super_admin',
) {
	await signIn(page, await createAdmin({ role }))
	await page.goto('/admin/dashboard')
}

const pages: Array<{ name: string; setup: Setup }> = [
	{ name: '/admin/login', setup: async (page) => void (await page.goto('/admin/login')) },
	{
		name: '/admin/login after a failed sign-in (banner)',
		setup: async (page) => {
			await page.goto('/admin/login')
			await waitForHydration(page)
			await page.getByLabel('Email', { exact: true }).fill('nobody-a11y@admin.example')
			await page.getByLabel('Password', { exact: true }).fill('Wr0ngPassword')
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByRole('alert')).toContainText('Authentication Failed')
		},
	},
	{
		name: '/admin/login with field errors',
		setup: async (page) => {
			await page.goto('/admin/login')
			await waitForHydration(page)
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByText('Email is required')).toBeVisible()
		},
	},
	{
		name: '/admin/login/two-factor with a wrong code (banner)',
		setup: async (page, { createAdmin }) => {
			const admin = await createAdmin({ role: 'admin' })
			await page.goto('/admin/login')
			await waitForHydration(page)
			await page.getByLabel('Email', { exact: true }).fill(admin.email)
			await page.getByLabel('Password', { exact: true }).fill(admin.password)
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page).toHaveURL(/\/admin\/login\/two-factor$/)
			await waitForHydration(page)
			await page.getByLabel('Authentication code').fill(wrongCode(admin.totpSecret))
			await page.getByRole('button', { name: 'Verify' }).click()
			await expect(page.getByRole('alert')).toContainText('Authentication Failed')
		},
	},
	{
		name: '/admin/security while enrolling (QR code, field error)',
		setup: async (page, { createAdmin, signIn }) => {
			await signIn(page, await createAdmin({ role: 'super_admin', twoFactor: false }))
			await page.goto('/admin/security')
			await waitForHydration(page)
			await page.getByRole('button', { name: 'Turn On Two-Factor' }).click()
			await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible()
		},
	},
	{
		name: '/admin/security with the second factor on',
		setup: async (page, fixtures) => {
			await adminDashboard(page, fixtures, 'admin')
			await page.goto('/admin/security')
			await expect(page.getByText('Recovery codes left')).toBeVisible()
		},
	},
	{
		name: '/admin/dashboard (super admin, with alerts and users)',
		setup: async (page, fixtures) => {
			await fixtures.createMember()
			await fixtures.createContest(endingSoon())
			await adminDashboard(page, fixtures)
			await expect(page.getByRole('region', { name: 'System Alerts' }).getByRole('listitem').first()).toBeVisible()
		},
	},
	{
		name: '/admin/dashboard (role admin)',
		setup: async (page, fixtures) => {
			await adminDashboard(page, fixtures, 'admin')
		},
	},
	{
		name: '/admin/dashboard with revenue field errors',
		setup: async (page, fixtures) => {
			await adminDashboard(page, fixtures)
			await waitForHydration(page)
			const form = page.getByRole('region', { name: 'Record Revenue' })
			await form.getByLabel('Amount (USD)', { exact: true }).fill('abc')
			await form.getByRole('button', { name: 'Record Revenue' }).click()
			await expect(form.getByText('Broker is required')).toBeVisible()
		},
	},
	{
		name: '/admin/dashboard after recording revenue',
		setup: async (page, fixtures) => {
			await adminDashboard(page, fixtures)
			await waitForHydration(page)
			const form = page.getByRole('region', { name: 'Record Revenue' })
			await form.getByLabel('Broker', { exact: true }).fill('XM')
			await form.getByLabel('Amount (USD)', { exact: true }).fill('99.99')
			await form.getByRole('button', { name: 'Record Revenue' }).click()
			await expect(page.getByRole('status')).toHaveText('Revenue entry recorded.')
		},
	},
	{
		name: 'Access Denied (a member session on /admin)',
		setup: async (page, { createMember, signIn }) => {
			await signIn(page, await createMember({ unlocked: true }))
			await page.goto('/admin/dashboard')
			await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
		},
	},
]

test.describe('admin pages', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			createMember,
			createAdmin,
			createContest,
			signIn,
		}) => {
			const problems = watchPageProblems(page)
			await setup(page, { createMember, createAdmin, createContest, signIn })
			await expectAccessibleAtWidths(page, problems)
		})
	}

	// At 1280 px the menu is the always-shown side navigation: that state is
	// '/admin/dashboard' above.
	test('/admin/dashboard with the menu open at 360 px has no accessibility violations', async ({
		page,
		createAdmin,
		signIn,
	}) => {
		const problems = watchPageProblems(page)
		await signIn(page, await createAdmin({ role: 'super_admin' }))
		await page.goto('/admin/dashboard')
		await waitForHydration(page)
		await page.getByText('Menu', { exact: true }).click()
		await expect(page.locator('details[data-nav-drawer]').getByRole('link', { name: 'Users' })).toBeVisible()
		await expectAccessible(page, problems)
	})
})
