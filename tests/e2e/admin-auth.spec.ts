import { expect, test, type Page } from '@playwright/test'
import { createAdminAccount, E2E_ADMIN, enterAdminCode, signInAsAdmin, uniqueAdminEmail } from '../admin-utils.ts'
import { createMember, login } from '../playwright-utils.ts'
import { expectFieldError, jsOff, open, otherDevice } from './support.ts'

// Admin sign-in, the shell and its guards, with JavaScript on and off.

function loginForm(page: Page) {
	return {
		email: page.getByLabel('Email', { exact: true }),
		password: page.getByLabel('Password', { exact: true }),
		submit: page.getByRole('button', { name: 'Sign In' }),
	}
}

/** The sidebar with its footer box (at desktop width the drawer is hidden). */
function sidebar(page: Page) {
	return page.getByRole('complementary', { name: 'Admin menu' })
}

test.describe('admin sign-in', () => {
	test('a super admin signs in and sees the shell: header, sidebar, access box', async ({ page }) => {
		const boss = createAdminAccount({ role: 'super_admin', name: 'Grace Hopper' })
		await open(page, '/admin/login')
		await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
		const form = loginForm(page)
		await form.email.fill(boss.email)
		await form.password.fill(boss.password)
		if (!jsOff()) {
			await page.route('**/admin/login.data*', async (route) => {
				await new Promise((r) => setTimeout(r, 700))
				await route.continue()
			})
		}
		await form.submit.click()
		if (!jsOff()) await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled()
		// The password alone opens nothing: the code step comes next.
		await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible()
		await enterAdminCode(page, boss.totpSecret!)
		await expect(page).toHaveURL(/\/admin\/dashboard$/)

		const header = page.getByRole('banner')
		await expect(header.getByText('Admin Panel', { exact: true })).toBeVisible()
		await expect(header.getByText('Administration', { exact: true })).toBeVisible()
		await expect(header.getByText('Grace Hopper', { exact: true })).toBeVisible()
		await expect(header.getByText(boss.email, { exact: true })).toBeVisible()
		await expect(header.getByText('Super Admin', { exact: true })).toBeVisible()
		await expect(header.getByRole('link', { name: 'Main Site' })).toHaveAttribute('href', '/')
		await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible()

		const nav = sidebar(page).getByRole('navigation', { name: 'Administration' })
		await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
		await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users')
		await expect(nav.getByRole('link', { name: 'Contests' })).toHaveAttribute('href', '/admin/contests')
		await expect(nav.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current', 'page')
		// First sign-in: the box shows today's date.
		const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date())
		await expect(sidebar(page).getByText('Super Admin Access', { exact: true })).toBeVisible()
		await expect(sidebar(page).getByText(`Last login: ${today}`)).toBeVisible()
	})

	test("an admin of role admin is labelled 'Admin' with 'Admin Access'", async ({ page }) => {
		const staff = createAdminAccount({ role: 'admin', name: 'Alan Staff' })
		await signInAsAdmin(page, staff)
		await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible()
		await expect(page.getByRole('banner').getByText('Super Admin', { exact: true })).toHaveCount(0)
		await expect(sidebar(page).getByText('Admin Access', { exact: true })).toBeVisible()
	})

	test("a wrong password shows the 'Authentication Failed' banner, and so does an unknown email", async ({ page }) => {
		const form = loginForm(page)
		for (const email of [E2E_ADMIN.email, uniqueAdminEmail('nobody')]) {
			await open(page, '/admin/login')
			await form.email.fill(email)
			await form.password.fill('Wr0ngPassw0rd')
			await form.submit.click()
			const banner = page.getByRole('alert')
			await expect(banner).toContainText('Authentication Failed')
			await expect(banner).toContainText('Invalid admin credentials')
			await expect(page).toHaveURL(/\/admin\/login$/)
			await expect(form.email).toHaveValue(email)
			if (jsOff()) await expect(form.password).toHaveValue('')
		}
		await page.goto('/admin/dashboard')
		await expect(page).toHaveURL(/\/admin\/login$/)
	})

	test('an empty form names both fields; typing clears the error (JS)', async ({ page }) => {
		await open(page, '/admin/login')
		const form = loginForm(page)
		await form.submit.click()
		await expectFieldError(page, form.email, 'Email is required')
		await expectFieldError(page, form.password, 'Password is required')
		await expect(page.getByRole('alert')).toHaveCount(0)
		await form.email.fill('not-an-email')
		await form.submit.click()
		await expectFieldError(page, form.email, 'Invalid email address')
		if (!jsOff()) {
			await form.password.fill('x')
			await expect(form.password).not.toHaveAttribute('aria-invalid', 'true')
		}
	})

	test('the password show/hide toggle is an enhancement', async ({ page }) => {
		await open(page, '/admin/login')
		const form = loginForm(page)
		await expect(form.password).toHaveAttribute('type', 'password')
		if (jsOff()) {
			await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0)
			return
		}
		await form.password.fill('Secret-Passw0rd')
		await page.getByRole('button', { name: 'Show password' }).click()
		await expect(form.password).toHaveAttribute('type', 'text')
		await page.getByRole('button', { name: 'Hide password' }).click()
		await expect(form.password).toHaveAttribute('type', 'password')
		await expect(form.password).toHaveValue('Secret-Passw0rd')
	})

	test('Back to Site goes to the landing page', async ({ page }) => {
		await open(page, '/admin/login')
		await page.getByRole('link', { name: 'Back to Site' }).click()
		await expect(page).toHaveURL((url) => url.pathname === '/')
	})

	test('a signed-in admin opening /admin/login or /admin lands on the dashboard', async ({ page }) => {
		await signInAsAdmin(page, createAdminAccount())
		await page.goto('/admin/login')
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
		await page.goto('/admin')
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
	})
})

test.describe('admin guards', () => {
	for (const path of ['/admin', '/admin/dashboard']) {
		test(`no session: ${path} goes to /admin/login`, async ({ page }) => {
			await page.goto(path)
			await expect(page).toHaveURL((url) => url.pathname === '/admin/login')
			await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
		})
	}

	test("a member's session is not an admin session: 'Access Denied' with the reason and 'Back to Login'", async ({
		page,
		request,
	}) => {
		const member = await createMember(request, { unlocked: true })
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/dashboard$/)
		const response = await page.goto('/admin/dashboard')
		expect(response?.status()).toBe(403)
		await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
		await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible()
		await expect(page.getByText(member.email)).toHaveCount(0)
		await page.getByRole('link', { name: 'Back to Login' }).click()
		await expect(page).toHaveURL(/\/admin\/login$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
	})

	test('a tampered admin cookie counts as signed out', async ({ browser }) => {
		const device = await otherDevice(browser)
		try {
			await device.addCookies([
				{
					name: 'admin_session',
					value: 'forged-admin-session-0123456789abcdef',
					url: test.info().project.use.baseURL!,
				},
			])
			const page = await device.newPage()
			await page.goto('/admin/dashboard')
			await expect(page).toHaveURL(/\/admin\/login$/)
		} finally {
			await device.close()
		}
	})
})

test.describe('admin sign-out', () => {
	test('Logout ends the session on the server; the old cookie is refused afterwards', async ({ page, browser }) => {
		await signInAsAdmin(page, createAdminAccount())
		const cookies = await page.context().cookies()
		expect(cookies.map((c) => c.name)).toContain('admin_session')
		await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
		await expect(page).toHaveURL(/\/admin\/login$/)
		await page.goto('/admin/dashboard')
		await expect(page).toHaveURL(/\/admin\/login$/)

		const replay = await otherDevice(browser)
		try {
			await replay.addCookies(cookies)
			const other = await replay.newPage()
			await other.goto('/admin/dashboard')
			await expect(other).toHaveURL(/\/admin\/login$/)
		} finally {
			await replay.close()
		}
	})

	test('a GET of /admin/logout does not sign out', async ({ page }) => {
		await signInAsAdmin(page, createAdminAccount())
		await page.goto('/admin/logout')
		await expect(page).toHaveURL(/\/admin\/dashboard$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
	})
})
