import { expect, test, type Page } from '@playwright/test'
import { createMember, E2E_UNLOCK_CODE, login } from '../playwright-utils.ts'
import {
	apiLogin,
	expectFieldError,
	expectNoFieldError,
	fillSignup,
	jsOff,
	open,
	signupData,
	signupForm,
	waitForHydration,
} from './support.ts'

function unlockForm(page: Page) {
	return {
		code: page.getByLabel('Unlock Code', { exact: true }),
		submit: page.getByRole('button', { name: 'Unlock Dashboard' }),
	}
}

async function signInLocked(page: Page, request: Parameters<typeof createMember>[0]) {
	const member = await createMember(request)
	await login(page, member.email, member.password)
	await expect(page).toHaveURL(/\/next-steps$/)
	await waitForHydration(page)
	return member
}

test.describe('unlock step (/next-steps)', () => {
	test('a freshly signed-up member sees every part of the unlock page', async ({ page, context }) => {
		await open(page, '/signup')
		await fillSignup(page, signupData({ name: 'Chioma Okafor' }))
		await signupForm(page).submit.click()
		await expect(page).toHaveURL(/\/next-steps$/)
		await waitForHydration(page)

		await expect(page.getByRole('heading', { level: 1, name: 'Almost there, Chioma!' })).toBeVisible()
		await expect(page.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/signup')
		// The bonus window: 5 minutes from sign-up, counting down (not restarted by the page).
		await expect(page.getByRole('timer')).toHaveText(/^0[0-4]:\d{2}$/)
		const steps = page.getByRole('list', { name: 'Unlock progress' }).getByRole('listitem')
		await expect(steps).toHaveCount(3)
		await expect(steps.nth(0)).toContainText('Account Created')
		await expect(steps.nth(0)).toContainText('(done)')
		await expect(steps.nth(1)).toContainText('Get Code')
		await expect(steps.nth(1)).toContainText('(to do)')
		await expect(steps.nth(2)).toContainText('Unlock Dashboard')
		await expect(steps.nth(2)).toContainText('(to do)')

		const channel = page.getByRole('link', { name: 'Join Telegram Channel' })
		await expect(channel).toHaveAttribute('href', /^https:\/\/t\.me\//)
		await expect(page.getByRole('link', { name: 'Telegram on the App Store' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Telegram on Google Play' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Setup guide' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Need help?' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'What new members say' })).toBeVisible()
		await expect(page.getByText('Limited-time bonus:')).toBeVisible()
		// The example code shows the format only: no copy button, not selectable, beside no real field.
		const example = page.getByText('TC7X-9K2M', { exact: true })
		await expect(example).toBeVisible()
		await expect(example).toHaveCSS('user-select', 'none')
		await expect(page.getByRole('button', { name: /Copy/ })).toHaveCount(0)
		await expect(unlockForm(page).code).toBeVisible()

		if (!jsOff()) {
			// Following the channel link marks Get Code as done.
			await context.route('https://t.me/**', (route) =>
				route.fulfill({ status: 200, contentType: 'text/html', body: '<title>t.me</title>' }),
			)
			const popupPromise = page.waitForEvent('popup')
			await channel.click()
			const popup = await popupPromise
			await popup.close()
			await expect(steps.nth(1)).toContainText('(done)')
			await expect(steps.nth(2)).toContainText('(to do)')
		}
	})

	test('an empty code shows "Please enter your unlock code"', async ({ page, request }) => {
		await signInLocked(page, request)
		const form = unlockForm(page)
		if (jsOff()) {
			await expect(form.submit).toBeEnabled()
			await form.submit.click()
		} else {
			// With JS the button is disabled while the field is empty.
			await expect(form.submit).toBeDisabled()
			await form.code.fill('   ')
			await expect(form.submit).toBeEnabled()
			await form.submit.click()
		}
		await expect(page).toHaveURL(/\/next-steps$/)
		await expectFieldError(page, form.code, 'Please enter your unlock code')
		if (!jsOff()) {
			// Typing clears the error.
			await form.code.fill('A')
			await expectNoFieldError(form.code)
		}
	})

	test('a wrong code is refused, then the right code opens the dashboard', async ({ page, request }) => {
		const member = await signInLocked(page, request)
		const form = unlockForm(page)
		await form.code.fill('WRONG-CODE-1')
		await form.submit.click()
		await expectFieldError(page, form.code, 'Invalid code. Please try again.')
		await expect(page).toHaveURL(/\/next-steps$/)
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/next-steps$/)
		await waitForHydration(page)

		if (!jsOff()) {
			await page.route('**/next-steps.data*', async (route) => {
				await new Promise((r) => setTimeout(r, 700))
				await route.continue()
			})
		}
		await form.code.fill(E2E_UNLOCK_CODE)
		await form.submit.click()
		if (!jsOff()) await expect(page.getByRole('button', { name: 'Unlocking Your Dashboard...' })).toBeDisabled()
		await expect(page).toHaveURL(/\/dashboard$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible()

		// Unlocked for good: /next-steps now sends the member to the dashboard.
		await page.goto('/next-steps')
		await expect(page).toHaveURL(/\/dashboard$/)
		const { token } = await apiLogin(request, member.email, member.password)
		const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
		expect((await me.json()).data.user.isVerified).toBe(true)
	})

	test('the code is matched after trimming spaces', async ({ page, request }) => {
		await signInLocked(page, request)
		const form = unlockForm(page)
		await form.code.fill(`  ${E2E_UNLOCK_CODE}  `)
		await form.submit.click()
		await expect(page).toHaveURL(/\/dashboard$/)
	})

	test('a member who has not unlocked is sent from /dashboard to /next-steps', async ({ page, request }) => {
		await signInLocked(page, request)
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/next-steps$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Almost there, Ada!' })).toBeVisible()
	})

	test('Back from /next-steps opens the sign-up form to start over', async ({ page, request }) => {
		await signInLocked(page, request)
		await page.getByRole('link', { name: '← Back' }).click()
		await expect(page).toHaveURL(/\/signup$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible()
	})
})
