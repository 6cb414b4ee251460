import { expect, test } from '@playwright/test'
import { createMember } from '../playwright-utils.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { otherDevice } from './support.ts'

test.describe('guards and errors', () => {
	for (const path of ['/dashboard', '/next-steps']) {
		test(`anonymous ${path} goes to /login?redirectTo=${path}`, async ({ page }) => {
			await page.goto(path)
			await expect(page).toHaveURL((url) => url.pathname === '/login')
			expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(path)
			await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
		})
	}

	test('a tampered session cookie counts as signed out', async ({ browser, request }) => {
		await createMember(request, { unlocked: true })
		const device = await otherDevice(browser)
		try {
			await device.addCookies([{ name: 'session', value: 'forged-session-id-0123456789abcdef', url: E2E_BASE_URL }])
			const page = await device.newPage()
			await page.goto('/dashboard')
			await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
		} finally {
			await device.close()
		}
	})

	test('an unknown route shows a 404 page', async ({ page }) => {
		const response = await page.goto('/no-such-page/at-all')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
		await expect(page.getByText('Error 404')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
		const body = await page.content()
		expect(body).not.toMatch(/at \w+ \(.*:\d+:\d+\)/)
	})

	test('an unknown path under /dashboard is a 404 too', async ({ page }) => {
		const response = await page.goto('/dashboard/does-not-exist')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
	})
})
