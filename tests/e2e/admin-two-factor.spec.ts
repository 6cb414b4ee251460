import { createAdminAccount, enterAdminCode, signInAsAdmin } from '../admin-utils.ts'
import { TWO_FACTOR_MESSAGES } from '#app/features/staff/schemas.ts'
import { expect, test } from '../fixtures.ts'
import { totpCode, wrongCode } from '../totp.ts'
import { expectFieldError, open } from './support.ts'

// The staff second factor in the browser, with JavaScript on and off
// (docs/decisions/014-staff-second-factor.md): enrolment at the first
// sign-in, sign-in with a code and with a recovery code, the refusals, and
// the reset by a super admin.

test('a new super admin must enrol first: QR and key, a wrong code refused, ten recovery codes, then the panel', async ({
	page,
}) => {
	const boss = createAdminAccount({ role: 'super_admin', enrol: false })
	await signInAsAdmin(page, boss, /\/admin\/security$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible()
	await expect(page.getByRole('img', { name: /QR code of your two-factor secret/ })).toBeVisible()
	// Every other admin page sends them back here.
	await page.goto('/admin/users')
	await expect(page).toHaveURL(/\/admin\/security$/)
	await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0)

	const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)
	const code = page.getByLabel('Authentication code')
	await code.fill('12ab56')
	await page.getByRole('button', { name: 'Turn On Two-Factor' }).click()
	await expectFieldError(page, code, 'The code is 6 digits, like 123456')
	await code.fill(wrongCode(secret))
	await page.getByRole('button', { name: 'Turn On Two-Factor' }).click()
	await expectFieldError(page, page.getByLabel('Authentication code'), TWO_FACTOR_MESSAGES.enrolCodeWrong)

	await page.getByLabel('Authentication code').fill(totpCode(secret))
	await page.getByRole('button', { name: 'Turn On Two-Factor' }).click()
	await expect(page.getByText('Two-factor authentication is on. Your other sessions have ended.')).toBeVisible()
	await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
	await open(page, '/admin/users')
	await expect(page).toHaveURL(/\/admin\/users$/)
	await open(page, '/admin/security')
	await expect(page.getByText('10 of 10')).toBeVisible()
})

test('sign-in asks for the code: a wrong one and letters are refused; the right one opens the panel at the redirect', async ({
	page,
}) => {
	const staff = createAdminAccount({ role: 'admin' })
	await open(page, '/admin/users?page=1')
	await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/)
	await page.getByLabel('Email', { exact: true }).fill(staff.email)
	await page.getByLabel('Password', { exact: true }).fill(staff.password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/admin\/login\/two-factor$/)
	// The password alone opened nothing: no staff session cookie yet.
	expect((await page.context().cookies()).map((c) => c.name)).not.toContain('admin_session')

	const code = page.getByLabel('Authentication code')
	await code.fill('abcdef')
	await page.getByRole('button', { name: 'Verify' }).click()
	await expectFieldError(page, code, 'The code is 6 digits, like 123456')
	await page.getByLabel('Authentication code').fill(wrongCode(staff.totpSecret!))
	await page.getByRole('button', { name: 'Verify' }).click()
	const banner = page.getByRole('alert')
	await expect(banner).toContainText('Authentication Failed')
	await expect(banner).toContainText('Invalid admin credentials')
	await enterAdminCode(page, staff.totpSecret!)
	await expect(page).toHaveURL(/\/admin\/users\?page=1$/)
})

test('a recovery code signs in once; the used one is refused afterwards', async ({ page, request }) => {
	const staff = createAdminAccount({ role: 'admin' })
	const token = (
		await (
			await request.post('/api/admin/login', {
				data: { email: staff.email, password: staff.password, code: totpCode(staff.totpSecret!) },
			})
		).json()
	).data.token
	const codes = (
		await (
			await request.post('/api/admin/two-factor/recovery-codes', {
				headers: { Authorization: `Bearer ${token}` },
				data: { code: totpCode(staff.totpSecret!, Date.now() + 30_000) },
			})
		).json()
	).data.recoveryCodes as string[]
	for (const expected of ['signed in', 'refused'] as const) {
		await open(page, '/admin/login')
		await page.getByLabel('Email', { exact: true }).fill(staff.email)
		await page.getByLabel('Password', { exact: true }).fill(staff.password)
		await page.getByRole('button', { name: 'Sign In' }).click()
		await expect(page).toHaveURL(/\/admin\/login\/two-factor$/)
		await page.getByText('Use a recovery code instead').click()
		await page.getByLabel('Recovery code').fill(codes[0]!.toUpperCase())
		await page.getByRole('button', { name: 'Use Recovery Code' }).click()
		if (expected === 'signed in') {
			await expect(page).toHaveURL(/\/admin\/dashboard$/)
			await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
			await expect(page).toHaveURL(/\/admin\/login$/)
		} else {
			await expect(page.getByRole('alert')).toContainText('Invalid admin credentials')
		}
	}
})

test('a super admin resets a second factor on the staff page; the list shows it off', async ({
	page,
	superAdmin,
	createAdmin,
}) => {
	const staff = await createAdmin({ role: 'admin', name: 'Lost Device' })
	await open(page, `/admin/staff/${staff.id}`)
	const section = page.getByRole('region', { name: 'Two-factor authentication' })
	await section.getByRole('button', { name: 'Reset Two-Factor' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Second factor reset. Their sessions have ended' }),
	).toBeVisible()
	await expect(section.getByRole('button', { name: 'Reset Two-Factor' })).toHaveCount(0)
	await open(page, '/admin/staff')
	await expect(page.getByRole('row').filter({ hasText: staff.email })).toContainText('Off')
	// Their own account has no reset button here.
	await open(page, `/admin/staff/${superAdmin.id}`)
	await expect(page.getByRole('button', { name: 'Reset Two-Factor' })).toHaveCount(0)
})

test('an expired or used pending sign-in goes back to the sign-in page, saying so', async ({ page }) => {
	await open(page, '/admin/login/two-factor')
	await expect(page).toHaveURL(/\/admin\/login$/)
	await expect(page.getByText('Your sign-in has expired. Please sign in again.')).toBeVisible()
})
