import type { Page } from '@playwright/test'
import { BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { expect, test } from '../fixtures.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { newTestSlug, removeTestBrokers } from './broker-support.ts'
import { expectFieldError, open, otherDevice } from './support.ts'

// /admin/brokers with JavaScript on and off: a super admin adds a broker
// (a plain http link is refused at its field), edits it (a link without
// {trackingId} is refused), deactivates it after the confirmation: the
// member no longer sees it and /go/<slug> answers 404. Then axe on the new
// pages at a phone and a desktop width.

test.afterAll(removeTestBrokers)

async function fillBroker(page: Page, slug: string) {
	await page.getByLabel('Name').fill(`Broker ${slug}`)
	await page.getByLabel('Slug').fill(slug)
	await page.getByLabel('Regulator').fill('E2E Financial Authority')
	await page.getByLabel('Licence').fill('Licence E2E-7')
	await page.getByLabel('Retail accounts that lose money (%)').fill('69.5')
	await page.getByLabel('Minimum deposit (USD)').fill('20')
	await page.getByLabel('Rating (0 to 5)').fill('4')
	await page.getByLabel('Features').fill('First feature\nSecond feature')
	await page.getByLabel('Sort order').fill('9000')
}

test('add, edit and deactivate a broker; the member no longer sees it and its link is a 404', async ({
	page,
	browser,
	createAdmin,
	createMember,
	signIn,
}) => {
	// A long flow (two browsers, a dozen page loads): about 25 s on a quiet machine.
	test.slow()
	await signIn(page, await createAdmin({ role: 'super_admin' }))
	const slug = newTestSlug()
	const name = `Broker ${slug}`

	await open(page, '/admin/brokers')
	await expect(page.getByRole('heading', { level: 1, name: 'Brokers' })).toBeVisible()
	await expect(page.locator('[data-broker-row="xm"]')).toContainText('71.32%')
	await page.getByRole('link', { name: 'Add Broker' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Add Broker' })).toBeVisible()
	await fillBroker(page, slug)
	const link = page.getByLabel('Affiliate link template')
	await link.fill(`http://${slug}.example/?sub={trackingId}`)
	await page.getByRole('button', { name: 'Add Broker' }).click()
	await expectFieldError(page, link, BROKER_MESSAGES.affiliateUrlHttps)
	await link.fill(`https://${slug}.example/?sub={trackingId}`)
	await page.getByRole('button', { name: 'Add Broker' }).click()
	await expect(page).toHaveURL(new RegExp(`/admin/brokers/${slug}$`))
	await expect(page.getByRole('status').filter({ hasText: 'Broker added.' })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

	// Edit: the template must keep {trackingId}.
	await page.getByLabel('Affiliate link template').fill(`https://${slug}.example/?sub=fixed`)
	await page.getByLabel('Retail accounts that lose money (%)').fill('72.25')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expectFieldError(page, page.getByLabel('Affiliate link template'), BROKER_MESSAGES.affiliateUrlPlaceholder)
	await page.getByLabel('Affiliate link template').fill(`https://${slug}.example/r/{trackingId}`)
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Broker updated.' })).toBeVisible()
	await expect(page.getByLabel('Retail accounts that lose money (%)')).toHaveValue('72.25')

	// The member sees it, with the new loss percentage.
	const member = await createMember({ unlocked: true })
	const memberContext = await otherDevice(browser)
	try {
		await signIn(memberContext, member)
		const memberPage = await memberContext.newPage()
		await memberPage.goto('/dashboard')
		const card = memberPage.getByRole('listitem').filter({ has: memberPage.getByRole('heading', { name }) })
		await expect(card).toContainText('72.25% of retail investor accounts lose money')

		// Deactivate, after the confirmation step.
		await page.getByRole('link', { name: 'Deactivate Broker' }).click()
		await expect(page.getByRole('alertdialog', { name: `Deactivate ${name}?` })).toBeVisible()
		await page.getByRole('button', { name: 'Yes, Deactivate' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Broker deactivated' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Reactivate Broker' })).toBeVisible()
		await open(page, '/admin/brokers')
		await expect(page.locator(`[data-broker-row="${slug}"]`)).toContainText('Inactive')

		await memberPage.goto('/dashboard')
		await expect(memberPage.getByRole('heading', { name: 'Partner Brokers' })).toBeVisible()
		await expect(memberPage.getByRole('heading', { name })).toHaveCount(0)
		const gone = await memberPage.goto(`/go/${slug}`)
		expect(gone?.status()).toBe(404)
		await expect(memberPage.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	} finally {
		await memberContext.close()
	}
})

test('a taken slug is refused at its field; role admin sees brokers without the forms', async ({
	page,
	createAdmin,
	signIn,
}) => {
	await signIn(page, await createAdmin({ role: 'super_admin' }))
	await open(page, '/admin/brokers/new')
	await fillBroker(page, 'xm')
	await page.getByLabel('Affiliate link template').fill('https://xm.example/?sub={trackingId}')
	await page.getByRole('button', { name: 'Add Broker' }).click()
	await expectFieldError(page, page.getByLabel('Slug'), BROKER_MESSAGES.slugTaken)

	await page.context().clearCookies()
	await signIn(page, await createAdmin({ role: 'admin' }))
	await open(page, '/admin/brokers')
	await expect(page.getByRole('link', { name: 'Add Broker' })).toHaveCount(0)
	await open(page, '/admin/brokers/xm')
	await expect(page.getByText('CySEC licence 120/10')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0)
	const denied = await page.goto('/admin/brokers/new')
	expect(denied?.status()).toBe(403)
})

for (const viewport of [
	{ width: 360, height: 800 },
	{ width: 1280, height: 800 },
]) {
	test.describe(`broker pages at ${viewport.width}px`, () => {
		test.use({ viewport })
		for (const url of ['/admin/brokers', '/admin/brokers/new', '/admin/brokers/hfm?confirm=deactivate']) {
			test(`${url} has no accessibility violations`, async ({ page, createAdmin, signIn }) => {
				const problems = watchPageProblems(page)
				await signIn(page, await createAdmin({ role: 'super_admin' }))
				await open(page, url)
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
				await expectAccessible(page, problems)
			})
		}
	})
}
