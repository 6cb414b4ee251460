import { expect, test } from '@playwright/test'
import { createMember, login } from '../playwright-utils.ts'
import { otherDevice } from './support.ts'

test.describe('sign-out', () => {
	test('Logout on the dashboard ends the session, and the old cookie is refused afterwards', async ({
		page,
		request,
		browser,
	}) => {
		const member = await createMember(request, { unlocked: true })
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/dashboard$/)
		const cookies = await page.context().cookies()
		expect(cookies.length).toBeGreaterThan(0)

		await page.getByRole('button', { name: 'Logout' }).click()
		await expect(page).toHaveURL((url) => url.pathname === '/')
		await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
		await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)

		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)

		// Replaying the cookie saved before sign-out does not bring the session back.
		const replay = await otherDevice(browser)
		try {
			await replay.addCookies(cookies)
			const other = await replay.newPage()
			await other.goto('/dashboard')
			await expect(other).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
		} finally {
			await replay.close()
		}
	})

	test('the cookie saved while signed in does work before sign-out (control)', async ({ page, request, browser }) => {
		const member = await createMember(request, { unlocked: true })
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/dashboard$/)
		const replay = await otherDevice(browser)
		try {
			await replay.addCookies(await page.context().cookies())
			const other = await replay.newPage()
			await other.goto('/dashboard')
			await expect(other).toHaveURL(/\/dashboard$/)
			await expect(other.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible()
		} finally {
			await replay.close()
		}
	})

	test('Sign Out on /next-steps ends the session of a member who has not unlocked', async ({ page, request }) => {
		const member = await createMember(request)
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/next-steps$/)
		await page.getByRole('button', { name: 'Sign Out' }).click()
		await expect(page).toHaveURL((url) => url.pathname === '/')
		await page.goto('/next-steps')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnext-steps$/)
	})

	test('the landing page offers Dashboard and Sign Out when signed in', async ({ page, request }) => {
		const member = await createMember(request, { unlocked: true })
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/dashboard$/)
		await page.goto('/')
		await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()
		await page.getByRole('button', { name: 'Sign Out' }).click()
		await expect(page).toHaveURL((url) => url.pathname === '/')
		await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/login\?redirectTo=/)
	})

	test('a GET of /logout does not sign out (sign-out is a POST)', async ({ page, request }) => {
		const member = await createMember(request, { unlocked: true })
		await login(page, member.email, member.password)
		await expect(page).toHaveURL(/\/dashboard$/)
		await page.goto('/logout')
		await expect(page).toHaveURL((url) => url.pathname === '/')
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/dashboard$/)
	})
})
