import { consentRows } from '../notification-utils.ts'
import { expect, test } from '@playwright/test'
import { createMember, PASSWORD } from '../playwright-utils.ts'
import {
	apiLogin,
	expectFieldError,
	expectNoFieldError,
	fillSignup,
	jsOff,
	open,
	signupData,
	signupForm,
} from './support.ts'

test.describe('sign-up page', () => {
	test('shows the form, the capital brackets and the setup progress', async ({ page }) => {
		await open(page, '/signup')
		await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible()
		const progress = page.getByRole('list', { name: 'Setup progress' })
		await expect(progress.getByRole('listitem')).toHaveText([
			'1Create Account',
			'2Verify Identity',
			'3Fund Account',
			'4Start Trading',
		])
		await expect(progress.getByRole('listitem').first()).toHaveAttribute('aria-current', 'step')
		const form = signupForm(page)
		for (const [value, title] of [
			['$50-$100', 'Basic Access'],
			['$100-$500', 'Standard Access'],
			['$500-$1000', 'Pro Access'],
			['$1000+', 'VIP Access'],
		]) {
			await expect(form.bracket(value!)).toBeVisible()
			await expect(form.capital.getByText(title!, { exact: true })).toBeVisible()
		}
		await expect(form.capital.getByText('Most Popular', { exact: true })).toBeVisible()
		// Each bracket says which of the dashboard's plans it leads to (docs/decisions/015).
		await expect(form.bracket('$50-$100')).toHaveAccessibleDescription('Starts on the Regular plan ($50 to $999)')
		await expect(form.bracket('$1000+')).toHaveAccessibleDescription(
			'Gold Room and above ($1,000+), once a plan code is activated',
		)
		await expect(form.referralCode).toHaveValue('')
		await expect(form.terms).not.toBeChecked()
		await expect(page.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms')
		await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
	})

	test('an empty form shows every required message under its field', async ({ page }) => {
		await open(page, '/signup')
		const form = signupForm(page)
		await form.submit.click()
		await expect(page).toHaveURL(/\/signup$/)
		await expectFieldError(page, form.name, 'Full name is required')
		await expectFieldError(page, form.email, 'Email is required')
		await expectFieldError(page, form.password, 'Password is required')
		await expectFieldError(page, form.phone, 'Required')
		await expectFieldError(page, form.country, 'Required')
		await expectFieldError(page, form.telegram, 'Telegram username is required')
		await expectFieldError(page, form.capital, 'Please select an investment amount')
		await expect(form.capital).toHaveAttribute('aria-invalid', 'true')
		await expectFieldError(page, form.terms, 'You must agree to the terms')
		await expectFieldError(page, form.adult, 'You must confirm you are 18 or older')
		await expectFieldError(page, form.risk, 'You must accept the risk warning')
		await expectNoFieldError(form.referralCode)
		if (!jsOff()) {
			// With JS a field's error clears as soon as that field is edited.
			await form.name.fill('Ada Lovelace')
			await expectNoFieldError(form.name)
			await expect(page.getByText('Full name is required')).toHaveCount(0)
			await expectFieldError(page, form.email, 'Email is required')
		}
	})

	test('a malformed email is refused with "Invalid email address"', async ({ page, request }) => {
		const data = signupData({ email: 'not-an-email' })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expectFieldError(page, form.email, 'Invalid email address')
		await expectNoFieldError(form.name)
		await expectNoFieldError(form.password)

		// No top-level domain is refused too.
		await form.email.fill('ada@example')
		await form.submit.click()
		await expectFieldError(page, form.email, 'Invalid email address')
		expect((await apiLogin(request, 'ada@example', data.password)).status).not.toBe(200)
	})

	test('each password rule shows its message, and nothing is stored until the form is valid', async ({
		page,
		request,
	}) => {
		const data = signupData()
		await open(page, '/signup')
		const form = signupForm(page)
		const cases: Array<[string, string]> = [
			['Sh0rtPw', 'Password must be at least 8 characters'],
			['alllowercase1', 'Password must contain uppercase, lowercase, and number'],
			['ALLUPPERCASE1', 'Password must contain uppercase, lowercase, and number'],
			['NoDigitsInHere', 'Password must contain uppercase, lowercase, and number'],
		]
		await fillSignup(page, { ...data, password: cases[0]![0] })
		for (const [password, message] of cases) {
			await form.password.fill(password)
			await form.submit.click()
			await expect(page).toHaveURL(/\/signup$/)
			await expectFieldError(page, form.password, message)
			// The password is never sent back into the page.
			if (jsOff()) await expect(form.password).toHaveValue('')
			expect((await apiLogin(request, data.email, password)).status).toBe(401)
		}
		// The same email then signs up fine: the failed attempts stored nothing.
		await form.password.fill(data.password)
		if (jsOff()) {
			// Without JS the page was re-rendered by the server: values came back.
			await expect(form.email).toHaveValue(data.email)
			await expect(form.bracket(data.investmentAmount!)).toBeChecked()
			await expect(form.terms).toBeChecked()
		}
		await form.submit.click()
		await expect(page).toHaveURL(/\/next-steps$/)
	})

	test('a telegram username without @ is refused', async ({ page, request }) => {
		const data = signupData({ telegram: 'ada_lovelace' })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expectFieldError(page, form.telegram, 'Telegram username must start with @')
		await expectNoFieldError(form.email)
		expect((await apiLogin(request, data.email, data.password)).status).toBe(401)
	})

	test('no capital bracket chosen is refused', async ({ page, request }) => {
		const data = signupData({ investmentAmount: null })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expectFieldError(page, form.capital, 'Please select an investment amount')
		await expectNoFieldError(form.telegram)
		expect((await apiLogin(request, data.email, data.password)).status).toBe(401)
	})

	test('terms not ticked is refused and nothing is stored', async ({ page, request }) => {
		const data = signupData({ agree: false })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expectFieldError(page, form.terms, 'You must agree to the terms')
		await expectNoFieldError(form.email)
		expect((await apiLogin(request, data.email, data.password)).status).toBe(401)
	})

	test('18+ or the risk warning not ticked is refused at its field and nothing is stored (docs/decisions/023)', async ({
		page,
		request,
	}) => {
		const data = signupData({ adult: false, acceptRisk: false })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expectFieldError(page, form.adult, 'You must confirm you are 18 or older')
		await expectFieldError(page, form.risk, 'You must accept the risk warning')
		await expectNoFieldError(form.terms)
		expect((await apiLogin(request, data.email, data.password)).status).toBe(401)
		// The password is never sent back into the page (JS off): type it again.
		await form.password.fill(data.password)
		await form.adult.check()
		await form.risk.check()
		await form.submit.click()
		await expect(page).toHaveURL(/\/next-steps$/)
		const id = (
			await (await request.post('/api/auth/login', { data: { email: data.email, password: data.password } })).json()
		).data.user.id
		expect(consentRows(id).map((r) => [r.kind, r.source])).toEqual([
			['terms', 'signup'],
			['age', 'signup'],
			['risk', 'signup'],
		])
	})

	test('a taken email is a field error under the email field', async ({ page, request }) => {
		const existing = await createMember(request)
		// The check ignores case: the email is stored lower case.
		const data = signupData({ email: existing.email.toUpperCase() })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expect(page).toHaveURL(/\/signup$/)
		await expectFieldError(page, form.email, 'An account with this email already exists')
		await expectNoFieldError(form.name)
		// The existing account keeps its own password.
		expect((await apiLogin(request, existing.email, existing.password)).status).toBe(200)
		await expect(page.getByRole('button', { name: /Sign Out|Logout/ })).toHaveCount(0)
	})

	test('an unknown referral code is a field error under the referral code', async ({ page, request }) => {
		const data = signupData({ referralCode: 'NOSUCHCODE1' })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		await form.submit.click()
		await expect(page).toHaveURL(/\/signup$/)
		await expectFieldError(page, form.referralCode, 'Invalid referral code')
		await expectNoFieldError(form.email)
		expect((await apiLogin(request, data.email, data.password)).status).toBe(401)
	})

	test('/signup?ref= prefills the referral code and the new member is stored with referredBy', async ({
		page,
		request,
	}) => {
		const referrer = await createMember(request)
		const code = referrer.user.referralCode as string
		expect(code).toBeTruthy()
		await open(page, `/signup?ref=${encodeURIComponent(code)}`)
		const form = signupForm(page)
		await expect(form.referralCode).toHaveValue(code)
		const data = signupData()
		await fillSignup(page, data)
		await form.submit.click()
		await expect(page).toHaveURL(/\/next-steps$/)

		const { status, token } = await apiLogin(request, data.email, data.password)
		expect(status).toBe(200)
		const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
		expect(me.status()).toBe(200)
		const { data: body } = await me.json()
		expect(body.user.email).toBe(data.email.toLowerCase())
		expect(body.user.referredBy).toBe(code)
		expect(body.user.isVerified).toBe(false)
		expect(body.user.investmentAmount).toBe(data.investmentAmount)
	})

	test('success signs the member in and lands on /next-steps', async ({ page, request }) => {
		const data = signupData({ name: 'Grace Hopper', investmentAmount: '$1000+', password: PASSWORD })
		await open(page, '/signup')
		const form = signupForm(page)
		await fillSignup(page, data)
		if (!jsOff()) {
			// Hold the submission so the pending label can be seen.
			await page.route('**/signup.data*', async (route) => {
				await new Promise((r) => setTimeout(r, 700))
				await route.continue()
			})
		}
		await form.submit.click()
		if (!jsOff()) {
			await expect(page.getByRole('button', { name: 'Creating Your Account...' })).toBeDisabled()
		}
		await expect(page).toHaveURL(/\/next-steps$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Almost there, Grace!' })).toBeVisible()
		// Signed in: the dashboard guard knows the member and sends them to unlock.
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/next-steps$/)
		const { status } = await apiLogin(request, data.email, data.password)
		expect(status).toBe(200)
	})
})
