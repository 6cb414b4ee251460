import { expect, test } from '../fixtures.ts'
import { login } from '../playwright-utils.ts'
import { createHeldReferral, SUITE_REFERRAL_SETTINGS } from '../referral-e2e-utils.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { dialog } from './admin-users-support.ts'
import { expectFieldError, waitForHydration } from './support.ts'

// /admin/referrals with JavaScript on and off: a referral held by a signal
// (a disposable email domain) is listed with it; Approve counts it, Reject
// asks for a reason and keeps it out; the referrer's statement shows
// "Pending review", then the outcome. 360 px and axe on both pages.

test('approve a held referral: the referrer sees it pending, then counted', async ({ page, admin, request }) => {
	const { referrer, referred, creditId } = await createHeldReferral(request)

	await login(page, referrer.email)
	await expect(page).toHaveURL(/\/dashboard$/)
	await page.goto('/dashboard/referrals')
	await expect(page.getByText('Pending review: counts once our team approves it')).toBeVisible()
	await expect(page.getByRole('cell', { name: 'Pending review', exact: true })).toBeVisible()

	await page.goto('/admin/referrals')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'Referral Review' })).toBeVisible()
	const card = page.getByRole('listitem').filter({ hasText: referred.email })
	await expect(card).toContainText('Disposable email domain (mailinator.com)')
	await expect(card).toContainText(referrer.email)
	await card.getByRole('button', { name: /^Approve/ }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Referral approved: the points now count' })).toBeVisible()
	await expect(page.getByRole('listitem').filter({ hasText: referred.email })).toHaveCount(0)

	await page.goto('/admin/referrals?view=decided')
	await expect(page.getByRole('listitem').filter({ hasText: referred.email })).toContainText('Approved')

	await page.goto('/dashboard/referrals')
	await expect(page.getByText('Pending review: counts once our team approves it')).toHaveCount(0)
	await expect(page.getByRole('cell', { name: '+1', exact: true })).toBeVisible()
	expect(creditId).toBeGreaterThan(0)
})

test('reject needs a reason; the referrer sees it not counted, with the reason', async ({ page, admin, request }) => {
	const { referrer, referred, creditId } = await createHeldReferral(request)
	await page.goto('/admin/referrals')
	await waitForHydration(page)
	const card = page.getByRole('listitem').filter({ hasText: referred.email })
	await card.getByRole('link', { name: /^Reject/ }).click()
	const form = dialog(page, 'Reject Referral')
	await expect(form).toBeVisible()
	await form.getByRole('button', { name: 'Reject Referral' }).click()
	await expectFieldError(page, form.getByLabel('Reason for rejecting'), 'Enter a reason')
	await form.getByLabel('Reason for rejecting').fill('Burner address, same device as the referrer')
	await form.getByRole('button', { name: 'Reject Referral' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Referral rejected: it will not count' })).toBeVisible()
	await expect(page).toHaveURL(/\/admin\/referrals\?view=held$/)

	// Deciding again (a stale page) is refused.
	await page.goto(`/admin/referrals/${creditId}/reject`)
	await waitForHydration(page)
	await form.getByLabel('Reason for rejecting').fill('Again')
	await form.getByRole('button', { name: 'Reject Referral' }).click()
	await expect(form.getByText('This referral has already been decided')).toBeVisible()

	await login(page, referrer.email)
	await expect(page).toHaveURL(/\/dashboard$/)
	await page.goto('/dashboard/referrals')
	await expect(page.getByText('Not counted: Burner address, same device as the referrer')).toBeVisible()
})

test('a super admin sees and saves the thresholds; a bad value is refused at the field', async ({
	page,
	superAdmin,
}) => {
	await page.goto('/admin/referrals')
	await waitForHydration(page)
	const section = page.getByRole('region', { name: 'Review thresholds' })
	const field = section.getByLabel('Sign-ups or unlocks per client address')
	await expect(field).toHaveValue(String(SUITE_REFERRAL_SETTINGS.clientMaxEvents))
	await field.fill('0')
	await section.getByRole('button', { name: 'Save Settings' }).click()
	await expectFieldError(page, field, 'At least 1')
	// Saved as they were (other suites run at the same time with these values).
	await field.fill(String(SUITE_REFERRAL_SETTINGS.clientMaxEvents))
	await section.getByRole('button', { name: 'Save Settings' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Referral review settings saved' })).toBeVisible()
	await expect(section.getByLabel('Hold referrals from disposable email domains')).toBeChecked()
	await expect(section.getByLabel('Hold referrals whose phone number another member uses')).not.toBeChecked()
})

test('role admin reviews but does not see the thresholds', async ({ page, admin }) => {
	await page.goto('/admin/referrals')
	await expect(page.getByRole('heading', { level: 1, name: 'Referral Review' })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Review thresholds' })).toHaveCount(0)
	await expect(
		page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Referrals' }),
	).toBeVisible()
})

for (const width of [360, 1280]) {
	test(`the review page, its reject dialog and the member statement at ${width} px: axe, no overflow`, async ({
		page,
		superAdmin,
		request,
	}) => {
		await page.setViewportSize({ width, height: 900 })
		const { referrer, creditId } = await createHeldReferral(request)
		let problems = watchPageProblems(page)
		await page.goto('/admin/referrals')
		await expectAccessible(page, problems)
		await page.goto(`/admin/referrals/${creditId}/reject`)
		await expectAccessible(page, problems)
		await login(page, referrer.email)
		await expect(page).toHaveURL(/\/dashboard$/)
		problems = watchPageProblems(page)
		await page.goto('/dashboard/referrals')
		await expectAccessible(page, problems)
	})
}
