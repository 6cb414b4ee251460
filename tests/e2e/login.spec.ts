import { expect, test, type Page } from '@playwright/test'
import { createMember, login, PASSWORD, uniqueEmail } from '../playwright-utils.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { expectFieldError, expectNoFieldError, jsOff, open } from './support.ts'

function loginForm(page: Page) {
	return {
		email: page.getByLabel('Email', { exact: true }),
		password: page.getByLabel('Password', { exact: true }),
		submit: page.getByRole('button', { name: 'Sign In' }),
	}
}

test.describe('login page', () => {
	test('an empty form shows "Email is required" and "Password is required"', async ({ page }) => {
		await open(page, '/login')
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
		const form = loginForm(page)
		await form.submit.click()
		await expect(page).toHaveURL(/\/login$/)
		await expectFieldError(page, form.email, 'Email is required')
		await expectFieldError(page, form.password, 'Password is required')
		await expect(page.getByRole('alert')).toHaveCount(0)
	})

	test('a malformed email shows "Invalid email address"', async ({ page }) => {
		await open(page, '/login')
		const form = loginForm(page)
		await form.email.fill('ada.example.com')
		await form.password.fill(PASSWORD)
		await form.submit.click()
		await expectFieldError(page, form.email, 'Invalid email address')
		await expectNoFieldError(form.password)
	})

	test('a wrong password and an unknown email get the same banner', async ({ page, request }) => {
		const member = await createMember(request)
		const form = loginForm(page)

		await open(page, '/login')
		await form.email.fill(member.email)
		await form.password.fill('Wr0ngPassword')
		await form.submit.click()
		const banner = page.getByRole('alert')
		await expect(banner).toContainText('Invalid email or password')
		const wrongPasswordText = await banner.innerText()
		await expect(page).toHaveURL(/\/login$/)
		// The email stays, the password is never sent back.
		await expect(form.email).toHaveValue(member.email)
		if (jsOff()) await expect(form.password).toHaveValue('')

		await open(page, '/login')
		await form.email.fill(uniqueEmail('nobody'))
		await form.password.fill('Wr0ngPassword')
		await form.submit.click()
		await expect(banner).toContainText('Invalid email or password')
		expect(await banner.innerText()).toBe(wrongPasswordText)
		await expect(page).toHaveURL(/\/login$/)

		// Still signed out.
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/login\?redirectTo=/)
	})

	test('an unlocked member lands on /dashboard', async ({ page, request }) => {
		const member = await createMember(request, { unlocked: true })
		await open(page, '/login')
		const form = loginForm(page)
		await form.email.fill(member.email)
		await form.password.fill(member.password)
		if (!jsOff()) {
			await page.route('**/login.data*', async (route) => {
				await new Promise((r) => setTimeout(r, 700))
				await route.continue()
			})
		}
		await form.submit.click()
		if (!jsOff()) await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled()
		await expect(page).toHaveURL(/\/dashboard$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible()
	})

	test('a member who has not unlocked is sent on to /next-steps', async ({ page, request }) => {
		const member = await createMember(request)
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/next-steps$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Almost there, Ada!' })).toBeVisible()
	})

	test('a signed-in member visiting /login or /signup goes to /dashboard', async ({ page, request }) => {
		const member = await createMember(request, { unlocked: true })
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/dashboard$/)
		await page.goto('/login')
		await expect(page).toHaveURL(/\/dashboard$/)
		await page.goto('/signup')
		await expect(page).toHaveURL(/\/dashboard$/)
	})

	test('the guard sends an anonymous visitor to /login with redirectTo, and sign-in goes back there', async ({
		page,
		request,
	}) => {
		const member = await createMember(request, { unlocked: true })
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/login\?redirectTo=/)
		expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/dashboard')
		const form = loginForm(page)
		await form.email.fill(member.email)
		await form.password.fill(member.password)
		await form.submit.click()
		await expect(page).toHaveURL(/\/dashboard$/)
	})

	test('redirectTo is honoured for a same-site path', async ({ page, request }) => {
		const member = await createMember(request, { unlocked: true })
		await open(page, '/login?redirectTo=%2F%3Fwelcome%3D1')
		const form = loginForm(page)
		await form.email.fill(member.email)
		await form.password.fill(member.password)
		await form.submit.click()
		await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?welcome=1')
		await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()
	})

	for (const target of ['//evil.com', 'https://evil.com', '/\\evil.com', ' //evil.com/x']) {
		test(`redirectTo ${JSON.stringify(target)} is ignored`, async ({ page, request }) => {
			const member = await createMember(request, { unlocked: true })
			await open(page, `/login?redirectTo=${encodeURIComponent(target)}`)
			const form = loginForm(page)
			await form.email.fill(member.email)
			await form.password.fill(member.password)
			await form.submit.click()
			await expect(page).toHaveURL(
				(url) => url.origin === new URL(E2E_BASE_URL).origin && url.pathname === '/dashboard',
			)
			await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible()
		})
	}

	test('links to "Forgot your password?" and "Create Account"', async ({ page }) => {
		await open(page, '/login')
		await page.getByRole('link', { name: 'Forgot your password?' }).click()
		await expect(page).toHaveURL(/\/forgot-password$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeVisible()

		await open(page, '/login')
		await page.getByRole('link', { name: 'Create Account' }).click()
		await expect(page).toHaveURL(/\/signup$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible()
	})
})
