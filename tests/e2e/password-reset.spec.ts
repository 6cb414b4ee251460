import { expect, test, type Page } from '@playwright/test'
import { countMails, createMember, login, resetLinkFor, uniqueEmail, waitForMail } from '../playwright-utils.ts'
import { apiLogin, expectFieldError, expectNoFieldError, jsOff, open, otherDevice } from './support.ts'

const NEW_PASSWORD = 'N3wPassw0rdNow'

async function requestReset(page: Page, email: string) {
	await open(page, '/forgot-password')
	await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeVisible()
	await page.getByLabel('Email', { exact: true }).fill(email)
	await page.getByRole('button', { name: 'Send Reset Link' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible()
	await expect(page.getByText("If an account exists for that email, we've sent a password reset link.")).toBeVisible()
}

function resetForm(page: Page) {
	return {
		password: page.getByLabel('New Password', { exact: true }),
		confirm: page.getByLabel('Confirm Password', { exact: true }),
		submit: page.getByRole('button', { name: 'Reset Password' }),
	}
}

/** A fresh member and the reset link mailed to them. */
async function memberWithResetLink(page: Page, request: Parameters<typeof createMember>[0]) {
	const member = await createMember(request, { unlocked: true })
	await requestReset(page, member.email)
	const link = await resetLinkFor(member.email)
	return { member, link }
}

/** Fills both password fields, submits, and waits for the success view. */
async function resetTo(page: Page, password: string) {
	const form = resetForm(page)
	await form.password.fill(password)
	await form.confirm.fill(password)
	await form.submit.click()
	await expect(page.getByRole('heading', { level: 1, name: 'Password Reset Successful' })).toBeVisible()
}

test.describe('forgot and reset password', () => {
	test('forgot-password: empty and malformed emails are refused', async ({ page }) => {
		await open(page, '/forgot-password')
		const email = page.getByLabel('Email', { exact: true })
		await page.getByRole('button', { name: 'Send Reset Link' }).click()
		await expectFieldError(page, email, 'Email is required')
		await email.fill('not-an-email')
		await page.getByRole('button', { name: 'Send Reset Link' }).click()
		await expectFieldError(page, email, 'Invalid email address')
		await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toHaveCount(0)
	})

	test('the whole journey: mail, link, wrong inputs, new password, sign in', async ({ page, request }) => {
		const member = await createMember(request, { unlocked: true })
		await requestReset(page, member.email)
		const mail = await waitForMail(member.email, { subject: 'Reset your password' })
		const link = await resetLinkFor(member.email)
		expect(new URL(link).origin, 'links are built from APP_ORIGIN').toBe(new URL(page.url()).origin)
		expect(mail.text).toContain(link)

		const response = await open(page, link)
		// The token in the URL never travels on in a Referer header.
		expect(response?.headers()['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin)$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()
		const form = resetForm(page)

		// Both fields must match.
		await form.password.fill(NEW_PASSWORD)
		await form.confirm.fill('Different1Passw0rd')
		await form.submit.click()
		await expectFieldError(page, form.confirm, 'Passwords do not match')
		await expectNoFieldError(form.password)

		// The sign-up password rules apply.
		for (const [weak, message] of [
			['', 'Password is required'],
			['Sh0rtPw', 'Password must be at least 8 characters'],
			['nouppercase1', 'Password must contain uppercase, lowercase, and number'],
			['NoDigitsHere', 'Password must contain uppercase, lowercase, and number'],
		] as const) {
			await form.password.fill(weak)
			await form.confirm.fill(weak)
			await form.submit.click()
			await expectFieldError(page, form.password, message)
		}
		// None of the refused attempts changed anything.
		expect((await apiLogin(request, member.email, member.password)).status).toBe(200)

		await resetTo(page, NEW_PASSWORD)
		await expect(
			page.getByText('Your password has been reset. You can now sign in with your new password.'),
		).toBeVisible()
		if (jsOff()) {
			await page.getByRole('link', { name: 'Go to Login' }).click()
		}
		// With JS the page moves to /login on its own after 3 seconds.
		await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 })

		// The old password no longer works, the new one does.
		expect((await apiLogin(request, member.email, member.password)).status).toBe(401)
		await page.getByLabel('Email', { exact: true }).fill(member.email)
		await page.getByLabel('Password', { exact: true }).fill(member.password)
		await page.getByRole('button', { name: 'Sign In' }).click()
		await expect(page.getByRole('alert')).toContainText('Invalid email or password')
		await login(page, member.email, NEW_PASSWORD)
		await expect(page).toHaveURL(/\/dashboard$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible()
	})

	test('the success view moves to /login after about 3 seconds with JS, and links there without', async ({
		page,
		request,
	}) => {
		const { link } = await memberWithResetLink(page, request)
		await open(page, link)
		await resetTo(page, NEW_PASSWORD)
		const shownAt = Date.now()
		await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login')
		if (jsOff()) {
			// Nothing moves the page without JS: the member follows the link.
			await page.waitForTimeout(4_000)
			await expect(page).toHaveURL(/\/reset-password/)
			await expect(page.getByRole('heading', { level: 1, name: 'Password Reset Successful' })).toBeVisible()
		} else {
			await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 })
			expect(Date.now() - shownAt).toBeGreaterThan(2_000)
		}
	})

	test('a used link shows "Invalid Reset Link"', async ({ page, request }) => {
		const { member, link } = await memberWithResetLink(page, request)
		await open(page, link)
		await resetTo(page, NEW_PASSWORD)

		await open(page, link)
		await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible()
		await expect(page.getByRole('textbox')).toHaveCount(0)

		// Posting the used token anyway (an old form) is refused too.
		const token = new URL(link).searchParams.get('token')!
		const res = await request.post('/api/auth/reset-password', { data: { token, password: 'An0therPassw0rd' } })
		expect(res.status()).toBe(400)
		expect((await apiLogin(request, member.email, NEW_PASSWORD)).status).toBe(200)
	})

	test('a form opened before the link was used cannot use it again', async ({ page, request, browser }) => {
		const { member, link } = await memberWithResetLink(page, request)
		// Open the form on two devices, use it on the first.
		const second = await otherDevice(browser)
		try {
			const other = await second.newPage()
			await open(other, link)
			await expect(other.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()

			await open(page, link)
			await resetTo(page, NEW_PASSWORD)

			const otherForm = resetForm(other)
			await otherForm.password.fill('An0therPassw0rd')
			await otherForm.confirm.fill('An0therPassw0rd')
			await otherForm.submit.click()
			if (jsOff()) {
				// The server re-renders the page: the link is spent, so the invalid-link view.
				await expect(other.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible()
			} else {
				// The form stays and says why.
				await expect(other.getByRole('alert')).toContainText(
					'This reset link is invalid or has expired. Please request a new password reset.',
				)
			}
			await expect(other.getByRole('heading', { level: 1, name: 'Password Reset Successful' })).toHaveCount(0)
		} finally {
			await second.close()
		}
		expect((await apiLogin(request, member.email, NEW_PASSWORD)).status).toBe(200)
		expect((await apiLogin(request, member.email, 'An0therPassw0rd')).status).toBe(401)
	})

	test('/reset-password without a token shows "Invalid Reset Link" with its two links', async ({ page }) => {
		await open(page, '/reset-password')
		await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible()
		await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible()
		await expect(page.getByRole('textbox')).toHaveCount(0)
		await page.getByRole('link', { name: 'Request New Link' }).click()
		await expect(page).toHaveURL(/\/forgot-password$/)

		await open(page, '/reset-password')
		await page.getByRole('link', { name: 'Back to Login' }).click()
		await expect(page).toHaveURL(/\/login$/)

		// A made-up token is no better.
		await open(page, '/reset-password?token=not-a-real-token-1234567890')
		await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible()
	})

	test('a reset ends the sessions the member had on other devices', async ({ page, request, browser }) => {
		const member = await createMember(request, { unlocked: true })
		const device = await otherDevice(browser)
		try {
			const other = await device.newPage()
			await login(other, member.email, member.password)
			await expect(other).toHaveURL(/\/dashboard$/)

			await requestReset(page, member.email)
			const link = await resetLinkFor(member.email)
			await open(page, link)
			await resetTo(page, NEW_PASSWORD)

			await other.goto('/dashboard')
			await expect(other).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
		} finally {
			await device.close()
		}
	})

	test('an unknown email gets the same "Check Your Email" view and no mail', async ({ page, request }) => {
		const email = uniqueEmail('nobody')
		await requestReset(page, email)
		await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login')
		// A known email's mail arrives within this time, an unknown one gets none.
		const known = await createMember(request)
		const knownPage = page
		await requestReset(knownPage, known.email)
		await resetLinkFor(known.email)
		await new Promise((r) => setTimeout(r, 500))
		expect(countMails(email)).toBe(0)
	})
})
