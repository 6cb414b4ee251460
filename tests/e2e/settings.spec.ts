import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { PASSWORD, uniqueEmail, waitForMail } from '../playwright-utils.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { apiLogin, expectFieldError, expectNoFieldError, open, otherDevice } from './support.ts'

// /dashboard/settings and its closing step (issue 15 parts 1 and 2), with
// JavaScript on and off: each form's bad input refused at its field with
// nothing changed, then the good path.

const NEW_PASSWORD = 'N3wPassw0rdNow'

function section(page: Page, name: string) {
	return page.getByRole('region', { name })
}

async function openSettings(page: Page) {
	await open(page, '/dashboard/settings')
	await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible()
}

async function confirmLinkFor(to: string) {
	const mail = await waitForMail(to, { subject: 'Confirm your new email address' })
	const match = /https?:\/\/[^\s"<>]+\/confirm-email\?token=[A-Za-z0-9_%-]+/.exec(mail.text)
	if (!match) throw new Error('no confirmation link in the mail')
	return match[0]
}

function storedUser(id: number) {
	return withE2eDatabase(
		(db) =>
			db.prepare('select email, name, phone, telegram, closed_at from users where id = ?').get(id) as {
				email: string
				name: string
				phone: string
				telegram: string
				closed_at: number | null
			},
	)
}

test.describe('account settings', () => {
	test('the navigation leads to Settings; both pages pass axe at 360 px (no overflow) and at 1280 px', async ({
		page,
		member,
	}) => {
		// Four axe runs at two widths: over 30 s on a busy machine.
		test.slow()
		await page.setViewportSize({ width: 360, height: 800 })
		const problems = watchPageProblems(page)
		await open(page, '/dashboard')
		// The drawer is a <details>: it opens with JavaScript off too.
		await page.locator('summary', { hasText: 'Menu' }).click()
		await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).last().click()
		await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible()
		await expect(section(page, 'Profile').getByLabel('Full Name')).toHaveValue(member.name)
		await expectAccessible(page, problems)
		await open(page, '/dashboard/settings/close')
		await expectAccessible(page, problems)
		// And at a desktop width.
		await page.setViewportSize({ width: 1280, height: 900 })
		await open(page, '/dashboard/settings')
		await expectAccessible(page, problems)
		await open(page, '/dashboard/settings/close')
		await expectAccessible(page, problems)
	})

	test('the email choices live with the inbox: settings leads there', async ({ page, member: _member }) => {
		await openSettings(page)
		await section(page, 'Email notifications').getByRole('link', { name: 'Choose email notifications' }).click()
		await expect(page).toHaveURL(/\/dashboard\/notifications#email-preferences$/)
		await expect(page.getByRole('region', { name: 'Email me about' })).toBeVisible()
	})

	test('profile: the sign-up rules at the fields, nothing saved; then saved', async ({ page, member }) => {
		await openSettings(page)
		const profile = section(page, 'Profile')
		const telegram = profile.getByLabel('Telegram Username')
		const phone = profile.getByLabel('Phone')
		await telegram.fill('no_at_sign')
		await phone.fill('call me')
		await profile.getByRole('button', { name: 'Save Profile' }).click()
		await expectFieldError(page, telegram, 'Telegram username must start with @')
		await expectFieldError(page, phone, 'Enter a valid phone number')
		expect(storedUser(member.id).telegram).toBe(member.telegram)

		await telegram.fill('@new_handle')
		await phone.fill('+44 20 7946 0958')
		await profile.getByLabel('Full Name').fill('Ada Lovelace')
		await profile.getByRole('button', { name: 'Save Profile' }).click()
		await expect(page.getByText('Your profile was saved.')).toBeVisible()
		await expect(section(page, 'Profile').getByLabel('Telegram Username')).toHaveValue('@new_handle')
		expect(storedUser(member.id)).toMatchObject({ telegram: '@new_handle', name: 'Ada Lovelace' })
	})

	test('password: wrong current, equal to the old, weak; then changed, other devices out, this one stays', async ({
		page,
		browser,
		member,
		signIn,
		request,
	}) => {
		const other = await otherDevice(browser)
		await signIn(other, member)
		const apiToken = (await apiLogin(request, member.email, PASSWORD)).token!
		await openSettings(page)
		const form = section(page, 'Password')
		const current = form.getByLabel('Current password', { exact: true })
		const next = form.getByLabel('New password', { exact: true })
		const confirm = form.getByLabel('Confirm new password', { exact: true })
		const submit = form.getByRole('button', { name: 'Change Password' })

		await current.fill('Wr0ngPassword')
		await next.fill(NEW_PASSWORD)
		await confirm.fill(NEW_PASSWORD)
		await submit.click()
		await expectFieldError(
			page,
			section(page, 'Password').getByLabel('Current password', { exact: true }),
			'Current password is incorrect',
		)

		await current.fill(PASSWORD)
		await next.fill(PASSWORD)
		await confirm.fill(PASSWORD)
		await submit.click()
		await expectFieldError(page, next, 'The new password must be different from the current one')

		await current.fill(PASSWORD)
		await next.fill('weakpass')
		await confirm.fill('weakpass')
		await submit.click()
		await expectFieldError(page, next, 'Password must contain uppercase, lowercase, and number')
		expect((await apiLogin(request, member.email, PASSWORD)).status).toBe(200)

		const before = (await page.context().cookies()).find((c) => c.name.endsWith('session'))?.value
		await current.fill(PASSWORD)
		await next.fill(NEW_PASSWORD)
		await confirm.fill(NEW_PASSWORD)
		await submit.click()
		await expect(page.getByText('Your password was changed. Every other session was signed out.')).toBeVisible()
		const after = (await page.context().cookies()).find((c) => c.name.endsWith('session'))?.value
		expect(after, 'this session goes on under a new id').not.toBe(before)
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/dashboard$/)

		const otherPage = await other.newPage()
		await otherPage.goto('/dashboard')
		await expect(otherPage).toHaveURL(/\/login/)
		await other.close()
		expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${apiToken}` } })).status()).toBe(401)
		expect((await apiLogin(request, member.email, NEW_PASSWORD)).status).toBe(200)
	})

	test('email: taken and wrong password refused at the field; the link changes it once', async ({
		page,
		member,
		createMember,
	}) => {
		const taken = await createMember()
		await openSettings(page)
		const form = section(page, 'Email address')
		const newEmail = form.getByLabel('New email')
		const password = form.getByLabel('Current password', { exact: true })
		const submit = form.getByRole('button', { name: 'Change Email' })

		await newEmail.fill(taken.email)
		await password.fill(PASSWORD)
		await submit.click()
		await expectFieldError(page, newEmail, 'An account with this email already exists')

		const wanted = uniqueEmail('changed')
		await newEmail.fill(wanted)
		await password.fill('Wr0ngPassword')
		await submit.click()
		await expectFieldError(page, password, 'Current password is incorrect')
		await expectNoFieldError(newEmail)

		await newEmail.fill(wanted)
		await password.fill(PASSWORD)
		await submit.click()
		await expect(page.getByText('We sent a confirmation link to the new address.')).toBeVisible()
		await expect(section(page, 'Email address').getByText('Waiting for confirmation')).toBeVisible()
		await waitForMail(member.email, { subject: 'A change of your email address was requested' })
		expect(storedUser(member.id).email).toBe(member.email)

		const link = await confirmLinkFor(wanted)
		await open(page, link)
		await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your New Email' })).toBeVisible()
		await page.getByRole('button', { name: 'Confirm New Email' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Email Changed' })).toBeVisible()
		expect(storedUser(member.id).email).toBe(wanted)

		// Used twice: refused, nothing changes.
		await open(page, link)
		await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible()
	})

	test('sessions: device, first and last seen; sign out one, then everywhere else', async ({
		page,
		browser,
		member,
		signIn,
		request,
	}) => {
		await apiLogin(request, member.email, PASSWORD)
		const other = await otherDevice(browser)
		await signIn(other, member)
		await openSettings(page)
		const list = section(page, 'Signed-in sessions')
		await expect(list.getByText('This device')).toBeVisible()
		await expect(list.getByText(/First seen .* Last seen/).first()).toBeVisible()
		const buttons = list.getByRole('button', { name: /^Sign out / })
		const count = await buttons.count()
		expect(count).toBeGreaterThanOrEqual(2)
		await buttons.first().click()
		await expect(page.getByText('The session was signed out.')).toBeVisible()
		await expect(section(page, 'Signed-in sessions').getByRole('button', { name: /^Sign out / })).toHaveCount(count - 1)

		await section(page, 'Signed-in sessions').getByRole('button', { name: 'Sign out everywhere else' }).click()
		await expect(page.getByText('Every other session was signed out.')).toBeVisible()
		await expect(section(page, 'Signed-in sessions').getByRole('button', { name: /^Sign out / })).toHaveCount(0)
		await expect(section(page, 'Signed-in sessions').getByText('No other sessions.')).toBeVisible()
		const otherPage = await other.newPage()
		await otherPage.goto('/dashboard')
		await expect(otherPage).toHaveURL(/\/login/)
		await other.close()
	})

	test("ending another member's session is a 404 and ends nothing", async ({ page, member, createMember }) => {
		// The page is signed in as `member`; the stranger's session must survive the attempt.
		expect(member.unlocked).toBe(true)
		const stranger = await createMember({ unlocked: true })
		const theirs = withE2eDatabase(
			(db) => db.prepare('select id from sessions where user_id = ? limit 1').get(stranger.id) as { id: number },
		)
		await openSettings(page)
		const res = await page.request.post('/dashboard/settings', {
			form: { intent: 'end-session', sessionId: String(theirs.id) },
			headers: { Origin: new URL(page.url()).origin },
		})
		expect(res.status()).toBe(404)
		expect(
			withE2eDatabase(
				(db) => db.prepare('select count(*) as n from sessions where id = ?').get(theirs.id) as { n: number },
			).n,
		).toBe(1)
	})

	test('download my data: a JSON file with the sections, no secrets', async ({ page, member }) => {
		await openSettings(page)
		const download = page.waitForEvent('download')
		await section(page, 'Your data').getByRole('link', { name: 'Download my data' }).click()
		const file = await (await download).path()
		const data = JSON.parse(fs.readFileSync(file, 'utf8'))
		expect(data.profile).toMatchObject({ id: member.id, email: member.email })
		for (const key of [
			'consents',
			'referrals',
			'planHistory',
			'offerClaims',
			'lessons',
			'contestEntries',
			'sessions',
		]) {
			expect(data, key).toHaveProperty(key)
		}
		expect(data.sessions.some((s: { current: boolean }) => s.current)).toBe(true)
		expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokenHash|\$2[aby]\$/)
	})

	test('close: wrong password and no confirmation refused; then closed, signed out, erased', async ({
		page,
		member,
		request,
	}) => {
		await openSettings(page)
		await section(page, 'Your data').getByRole('link', { name: 'Close my account' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Close Your Account' })).toBeVisible()
		const password = page.getByLabel('Current password', { exact: true })
		const confirm = page.getByLabel(/I understand that closing my account/)
		const submit = page.getByRole('button', { name: 'Close My Account' })

		await password.fill(PASSWORD)
		await submit.click()
		await expectFieldError(page, confirm, 'Please confirm that you want to close your account')

		await password.fill('Wr0ngPassword')
		await confirm.check()
		await submit.click()
		await expectFieldError(page, page.getByLabel('Current password', { exact: true }), 'Current password is incorrect')
		expect(storedUser(member.id).closed_at).toBeNull()

		await page.getByLabel('Current password', { exact: true }).fill(PASSWORD)
		await page.getByLabel(/I understand that closing my account/).check()
		await page.getByRole('button', { name: 'Close My Account' }).click()
		await expect(page).toHaveURL(/\/login/)
		await expect(page.getByText('Your account was closed and your personal details erased.')).toBeVisible()
		const stored = storedUser(member.id)
		expect(stored.closed_at).not.toBeNull()
		expect(stored).toMatchObject({ name: 'Closed account', phone: '', telegram: '' })
		expect(stored.email).not.toBe(member.email)
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/login/)
		expect((await apiLogin(request, member.email, PASSWORD)).status).toBe(401)
	})
})
