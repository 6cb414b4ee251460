import type { Page } from '@playwright/test'
import { enterAdminCode, uniqueAdminEmail } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { expectFieldError, open, otherDevice } from './support.ts'

// /admin/staff with JavaScript on and off (super admins only): create an
// admin with a random password shown once and sign in with it elsewhere;
// disable them and see that session end; enable; change role; reset a
// password; the refusals (disabling oneself, bad input, role admin).

async function signInOn(page: Page, email: string, password: string, totpSecret?: string) {
	await open(page, '/admin/login')
	await page.getByLabel('Email', { exact: true }).fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	if (totpSecret) await enterAdminCode(page, totpSecret)
}

test('create an admin with a generated password, sign in with it elsewhere, disable them (their session ends), enable', async ({
	page,
	superAdmin,
	browser,
	cleanup,
}) => {
	const email = uniqueAdminEmail('created')
	await open(page, '/admin/staff/new')
	await page.getByLabel('Name', { exact: true }).fill('Created Admin')
	await page.getByLabel('Email', { exact: true }).fill(email)
	await page.getByLabel('Role', { exact: true }).selectOption('admin')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Staff account created.')).toBeVisible()
	const password = (await page.getByTestId('one-time-password').innerText()).trim()
	expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{20}$/)
	const accountHref = await page.getByRole('link', { name: 'Go to the account' }).getAttribute('href')
	const id = Number(accountHref!.split('/').pop())
	cleanup.admins(id)

	// Shown once: the account's page does not show it.
	await open(page, accountHref!)
	await expect(page.getByRole('heading', { level: 1, name: 'Created Admin' })).toBeVisible()
	await expect(page.getByText(password)).toHaveCount(0)

	const device = await otherDevice(browser)
	const other = await device.newPage()
	await signInOn(other, email, password)
	// A new admin sets up the second factor before anything else (ADMIN_2FA_REQUIRED is on).
	await expect(other).toHaveURL(/\/admin\/security$/)

	await page.getByRole('button', { name: 'Disable Account' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Account disabled. Their sessions have ended.' }),
	).toBeVisible()
	await expect(page.getByRole('region', { name: 'Account' })).toContainText('Disabled')

	await other.goto('/admin/security')
	await expect(other).toHaveURL(/\/admin\/login/)
	await signInOn(other, email, password)
	await expect(other.getByText('This staff account is disabled.')).toBeVisible()

	await page.getByRole('button', { name: 'Enable Account' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Account enabled.' })).toBeVisible()
	await signInOn(other, email, password)
	await expect(other).toHaveURL(/\/admin\/security$/)
	await device.close()

	// The list shows them.
	await open(page, '/admin/staff')
	const row = page.getByRole('row').filter({ hasText: email })
	await expect(row).toContainText('Admin')
	await expect(row).toContainText('Active')
	expect(superAdmin.role).toBe('super_admin')
})

test('change role, reset a password (generated, shown once; ends their session), refusals', async ({
	page,
	superAdmin,
	createAdmin,
	browser,
	signIn,
}) => {
	const staff = await createAdmin({ role: 'admin' })
	const device = await otherDevice(browser)
	await signIn(device, staff)
	const other = await device.newPage()
	await other.goto('/admin/dashboard')
	await expect(other).toHaveURL(/\/admin\/dashboard$/)

	await open(page, `/admin/staff/${staff.id}`)
	await page.getByRole('region', { name: 'Role' }).getByLabel('Role').selectOption('super_admin')
	await page.getByRole('button', { name: 'Change Role' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Role updated.' })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Account' })).toContainText('Super Admin')

	// A typed password that breaks the sign-up rules: at the field, nothing changed.
	const reset = page.getByRole('region', { name: 'Password' })
	await reset.getByLabel('New password (optional)').fill('short')
	await reset.getByRole('button', { name: 'Reset Password' }).click()
	await expectFieldError(page, reset.getByLabel('New password (optional)'), 'Password must be at least 8 characters')
	await other.goto('/admin/dashboard')
	await expect(other).toHaveURL(/\/admin\/dashboard$/)

	await reset.getByLabel('New password (optional)').fill('')
	await reset.getByRole('button', { name: 'Reset Password' }).click()
	const password = (await page.getByTestId('one-time-password').innerText()).trim()
	expect(password).toHaveLength(20)
	await other.goto('/admin/dashboard')
	await expect(other).toHaveURL(/\/admin\/login/)
	await signInOn(other, staff.email, password, staff.totpSecret)
	await expect(other).toHaveURL(/\/admin\/dashboard$/)
	await device.close()

	// Disabling oneself is refused with the reason.
	await open(page, `/admin/staff/${superAdmin.id}`)
	await page.getByRole('button', { name: 'Disable Account' }).click()
	await expect(
		page.getByRole('region', { name: 'Access' }).getByText('You cannot disable your own account.').last(),
	).toBeVisible()
	await expect(page.getByRole('region', { name: 'Account' })).toContainText('Active')
})

test('create: bad input at the field, a taken email at the email field', async ({ page, superAdmin, createAdmin }) => {
	const taken = await createAdmin({ role: 'admin' })
	await open(page, '/admin/staff/new')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expectFieldError(page, page.getByLabel('Name', { exact: true }), 'Name is required')
	await page.getByLabel('Name', { exact: true }).fill('Someone')
	await page.getByLabel('Email', { exact: true }).fill(taken.email)
	await page.getByLabel('Password (optional)').fill('alllowercase1')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expectFieldError(
		page,
		page.getByLabel('Password (optional)'),
		'Password must contain uppercase, lowercase, and number',
	)
	await page.getByLabel('Password (optional)').fill('Typed-Passw0rd')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expectFieldError(
		page,
		page.getByLabel('Email', { exact: true }),
		`An admin with the email ${taken.email} already exists.`,
	)
	expect(superAdmin.role).toBe('super_admin')
})

test('role admin: Access Denied on every staff page, and no nav entry', async ({ page, admin }) => {
	for (const path of ['/admin/staff', '/admin/staff/new', `/admin/staff/${admin.id}`]) {
		const res = await page.goto(path)
		expect(res?.status(), path).toBe(403)
		await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
	}
	await open(page, '/admin/dashboard')
	await expect(page.getByRole('link', { name: 'Revenue', exact: true }).first()).toBeAttached()
	await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0)
})
