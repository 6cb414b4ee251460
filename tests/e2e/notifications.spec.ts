import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { ageTermsAcceptance, consentRows, emailPreference, insertNotification } from '../notification-utils.ts'
import { CONTEST_RESULT_MAIL_WAIT_MS, waitForMail } from '../playwright-utils.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { sidebar } from './dashboard-support.ts'
import { expectFieldError, open } from './support.ts'

// Issue 15 parts 3 and 5 in the browser, JS on and off (docs/decisions/023-consents-and-notifications.md).

test.describe('the notifications inbox', () => {
	test('the unread count in the navigation, mark one read, mark all read', async ({ page, member }) => {
		insertNotification(member.id, { title: 'Older news', at: Date.now() - 60_000 })
		insertNotification(member.id, { title: 'Offer claim: Contacted', kind: 'offer_claim', link: '/dashboard/zero-fee' })
		await open(page, '/dashboard')
		const entry = sidebar(page).getByRole('link', { name: /^Notifications/ })
		await page.setViewportSize({ width: 1280, height: 900 })
		await expect(entry).toHaveAccessibleName('Notifications 2 unread')
		await entry.click()
		await expect(page).toHaveURL(/\/dashboard\/notifications$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
		await expect(page.getByText('You have 2 unread.')).toBeVisible()
		const items = page.getByRole('region', { name: 'Inbox' }).getByRole('listitem')
		await expect(items.getByRole('heading', { level: 3 })).toHaveText(['New Offer claim: Contacted', 'New Older news'])
		await expect(items.first().getByRole('link', { name: 'Open: Offer claim: Contacted' })).toHaveAttribute(
			'href',
			'/dashboard/zero-fee',
		)
		await page.getByRole('button', { name: 'Mark as read: Older news' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Marked as read.' })).toBeVisible()
		await expect(page.getByText('You have 1 unread.')).toBeVisible()
		await expect(sidebar(page).getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
			'Notifications 1 unread',
		)
		await expect(page.getByRole('button', { name: 'Mark as read: Older news' })).toHaveCount(0)
		await page.getByRole('button', { name: 'Mark all as read' }).click()
		await expect(page.getByText('You have no unread notifications.')).toBeVisible()
		await expect(sidebar(page).getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName('Notifications')
	})

	test('email preferences are saved from the form', async ({ page, member }) => {
		await open(page, '/dashboard/notifications')
		const box = page.getByLabel('Offer claim updates')
		await expect(box).toBeChecked()
		await box.uncheck()
		await page.getByRole('button', { name: 'Save email preferences' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Your email preferences are saved.' })).toBeVisible()
		await expect(page.getByLabel('Offer claim updates')).not.toBeChecked()
		await expect(page.getByLabel('Contest results')).toBeChecked()
		expect(emailPreference(member.id, 'offer_claim')).toBe(0)
	})

	test('accessible at 360 px and on desktop', async ({ page, member }) => {
		insertNotification(member.id, { title: 'Referral credited', body: 'Ngozi A. unlocked their dashboard: +1 point.' })
		for (const width of [360, 1280]) {
			await page.setViewportSize({ width, height: 800 })
			const problems = watchPageProblems(page)
			await open(page, '/dashboard/notifications')
			await expectAccessible(page, problems)
		}
	})
})

test.describe('the unsubscribe link of a notification email', () => {
	test('from the caught mail: GET asks, the button unsubscribes, without signing in', async ({
		page,
		createAdmin,
		createContest,
		addParticipants,
		request,
	}) => {
		const admin = await createAdmin({ role: 'super_admin' })
		const contest = await createContest({ status: 'active', type: 'trading' })
		const [participant] = await addParticipants(contest.id, [4])
		const done = await request.post(`/api/admin/contests/${contest.id}/complete`, { headers: bearer(admin.token) })
		expect(done.status()).toBe(200)
		const mail = await waitForMail(participant!.email, {
			subject: `${contest.name} has ended`,
			timeout: CONTEST_RESULT_MAIL_WAIT_MS,
		})
		const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[A-Za-z0-9_.%-]+/.exec(mail.text)![0]
		const url = new URL(link)
		const problems = watchPageProblems(page)
		await open(page, `${url.pathname}${url.search}`)
		await expect(page.getByText('Stop emails about "Contest results"?')).toBeVisible()
		await expectAccessible(page, problems)
		expect(emailPreference(participant!.userId, 'contest_result')).toBeUndefined()
		await page.getByRole('button', { name: 'Unsubscribe' }).click()
		await expect(page.getByText('You are unsubscribed: no more "Contest results" emails.')).toBeVisible()
		expect(emailPreference(participant!.userId, 'contest_result')).toBe(0)
	})

	test('a bad token is refused with a plain message', async ({ page }) => {
		const res = await open(page, '/unsubscribe?token=1.milestone.forged')
		expect(res?.status()).toBe(400)
		await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.')
		await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
	})
})

test.describe('new terms', () => {
	test('a member who accepted older terms is sent to accept the new ones, then back', async ({ page, member }) => {
		ageTermsAcceptance(member.id)
		await open(page, '/dashboard/referrals?tab=milestones')
		await expect(page).toHaveURL(/\/terms\/accept\?redirectTo=/)
		await expect(page.getByRole('heading', { level: 1, name: 'Our terms have changed' })).toBeVisible()
		await expect(page.getByText('You accepted the version of January 1, 2020.')).toBeVisible()
		const problems = watchPageProblems(page)
		await expectAccessible(page, problems)
		// And on a phone.
		const desktop = page.viewportSize()
		await page.setViewportSize({ width: 360, height: 780 })
		await expectAccessible(page, problems)
		if (desktop) await page.setViewportSize(desktop)
		const box = page.getByLabel('I have read and accept the Terms & Conditions of June 29, 2025.')
		await page.getByRole('button', { name: 'Accept and continue' }).click()
		await expectFieldError(page, box, 'You must accept the new terms to continue')
		expect(consentRows(member.id)).toEqual([])
		await box.check()
		await page.getByRole('button', { name: 'Accept and continue' }).click()
		await expect(page).toHaveURL(/\/dashboard\/referrals\?tab=milestones$/)
		expect(consentRows(member.id).map((r) => [r.kind, r.source, r.version])).toEqual([
			['terms', 'reaccept', 'June 29, 2025'],
		])
		// Accepted: the page itself now leads on.
		await open(page, '/terms/accept')
		await expect(page).toHaveURL(/\/dashboard$/)
	})
})

test.describe('the consent record on the staff user page', () => {
	test('a staff-created account shows who created it; the member then accepts the terms themselves', async ({
		page,
		superAdmin,
		request,
		cleanup,
	}) => {
		const email = `consent-${Date.now()}@example.com`
		const res = await request.post('/api/admin/users', {
			headers: bearer(superAdmin.token),
			data: { name: 'Ngozi Staffmade', email, password: 'Str0ngPassw0rd', plan: 'regular', status: 'active' },
		})
		expect(res.status()).toBe(201)
		const userId = (await res.json()).data.user.id as number
		cleanup.members(userId)
		await open(page, `/admin/users/${userId}`)
		const consents = page.getByRole('region', { name: 'Consents' })
		await expect(consents.getByRole('row')).toHaveCount(2)
		await expect(consents.getByRole('row').nth(1)).toContainText('Terms & Conditions')
		await expect(consents.getByRole('row').nth(1)).toContainText(`Account created by staff (by ${superAdmin.name})`)
	})
})
