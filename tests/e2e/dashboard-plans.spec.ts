import type { Page } from '@playwright/test'
import { SAMPLE_OFFERS } from '#app/features/content/offer-samples.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { issuePlanCode, planCodeUses } from './db.ts'
import { activateGold, offerCard, planBadge, planCard, sidebar, submitActivationCode } from './dashboard-support.ts'
import { expectFieldError, jsOff, open, otherDevice, waitForHydration } from './support.ts'

const INVALID = 'Invalid activation code. Please check the code and try again.'
const USED = 'This activation code has already been used'
const REQUIRED = 'Please enter your activation code'
const LOCKED = 'Upgrade to a premium plan to access this feature'

function codeField(page: Page) {
	return page.getByLabel('Activation code', { exact: true })
}

/** The activation form is shown: a dialog with JS, a section of the plans page without. */
function activationView(page: Page, title = 'Activate Gold Room') {
	return jsOff() ? page.getByRole('region', { name: title }) : page.getByRole('dialog', { name: title })
}

/** Nothing changed: still Regular in the header and on the cards. */
async function expectStillRegular(page: Page) {
	await expect(planBadge(page)).toHaveText('Your plan: Regular')
	await page.goto('/dashboard/plans')
	await expect(planCard(page, 'Regular').getByRole('button', { name: 'Current Plan' })).toBeDisabled()
	await expect(planCard(page, 'Gold Room').getByRole('link', { name: 'Activate Gold Room' })).toBeVisible()
}

test.describe('plan activation', () => {
	test('a good code moves the plan: header badge, Current Plan and the cards below it', async ({ page, member }) => {
		await open(page, '/dashboard')
		await expect(planBadge(page)).toHaveText('Your plan: Regular')
		const code = issuePlanCode('gold')

		await page.goto('/dashboard/plans')
		await waitForHydration(page)
		await planCard(page, 'Gold Room').getByRole('link', { name: 'Activate Gold Room' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans/activate?plan=gold`)
		const view = activationView(page)
		await expect(view).toBeVisible()
		await expect(view).toContainText('Codes are case sensitive.')
		if (jsOff()) await expect(page.getByRole('dialog')).toHaveCount(0)
		// The plans stay on the page behind or below the form.
		await expect(page.getByRole('heading', { level: 1, name: 'Plans', includeHidden: true })).toBeAttached()

		await codeField(page).fill(code)
		await view.getByRole('button', { name: 'Activate Plan' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans`)
		await expect(page.getByRole('status')).toHaveText('Your plan is now Gold Room.')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(planBadge(page)).toHaveText('Your plan: Gold Room')
		await expect(page.getByRole('button', { name: 'Current Plan' })).toHaveCount(1)
		await expect(planCard(page, 'Gold Room').getByRole('button', { name: 'Current Plan' })).toBeDisabled()
		await expect(planCard(page, 'Regular').getByRole('button', { name: 'Included in your plan' })).toBeDisabled()
		await expect(planCard(page, 'Titanium Vault').getByRole('link', { name: 'Activate Titanium Vault' })).toBeVisible()
		expect(planCodeUses(code)).toBe(1)

		// Stored: the new plan is there on the next visit and in Account Overview.
		await page.goto('/dashboard')
		await expect(planBadge(page)).toHaveText('Your plan: Gold Room')
		await expect(page.getByRole('region', { name: 'Account Overview' })).toContainText('PlanGold Room')
		// The note was shown once: coming back to the plans shows none.
		await page.goto('/dashboard/plans')
		await expect(planCard(page, 'Gold Room').getByRole('button', { name: 'Current Plan' })).toBeVisible()
		await expect(page.getByRole('status')).toHaveCount(0)
	})

	test('a higher plan after gold: a titanium code', async ({ page, member }) => {
		await activateGold(page)
		await submitActivationCode(page, issuePlanCode('titanium'), 'Titanium Vault')
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans`)
		await expect(page.getByRole('status')).toHaveText('Your plan is now Titanium Vault.')
		await expect(planBadge(page)).toHaveText('Your plan: Titanium Vault')
		await expect(planCard(page, 'Titanium Vault').getByRole('button', { name: 'Current Plan' })).toBeDisabled()
		await expect(planCard(page, 'Gold Room').getByRole('button', { name: 'Included in your plan' })).toBeDisabled()
	})

	test('a bad code shows the field error and changes nothing', async ({ page, member }) => {
		const code = issuePlanCode('gold')
		// Not issued, and an issued code in the wrong case (codes are case sensitive).
		for (const bad of ['GOLD-NOT-ISSUED-1', code.toLowerCase()]) {
			await submitActivationCode(page, bad)
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans/activate?plan=gold`)
			await expect(activationView(page)).toBeVisible()
			await expectFieldError(page, codeField(page), INVALID)
			await expect(planBadge(page)).toHaveText('Your plan: Regular')
		}
		expect(planCodeUses(code)).toBe(0)
		await expectStillRegular(page)
	})

	test('an expired code is refused as invalid', async ({ page, member }) => {
		const code = issuePlanCode('gold', { expiresAt: new Date(Date.now() - 60_000) })
		await submitActivationCode(page, code)
		await expectFieldError(page, codeField(page), INVALID)
		expect(planCodeUses(code)).toBe(0)
		await expectStillRegular(page)
	})

	test('a code another member has used is refused as an invalid code; its user is told it was used', async ({
		browser,
		page,
		member,
		createMember,
		signIn,
	}) => {
		const code = await activateGold(page)
		// The member who used it is told so when they enter it again.
		await submitActivationCode(page, code, 'Titanium Vault')
		await expectFieldError(page, codeField(page), USED)
		await expect(planBadge(page)).toHaveText('Your plan: Gold Room')

		const device = await otherDevice(browser)
		try {
			const other = await device.newPage()
			await signIn(other, await createMember({ unlocked: true }))
			await submitActivationCode(other, code)
			await expectFieldError(other, codeField(other), INVALID)
			await expectStillRegular(other)
		} finally {
			await device.close()
		}
		expect(planCodeUses(code)).toBe(1)
	})

	test('an empty code asks for the activation code', async ({ page, member }) => {
		await submitActivationCode(page, '   ')
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans/activate?plan=gold`)
		await expectFieldError(page, codeField(page), REQUIRED)
		await expectStillRegular(page)
	})

	test('the activation form closes back to the plans', async ({ page, member }) => {
		await page.goto('/dashboard/plans/activate?plan=platinum')
		await waitForHydration(page)
		const view = activationView(page, 'Activate Platinum Room')
		await expect(view).toBeVisible()
		if (!jsOff()) {
			await page.keyboard.press('Escape')
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans`)
			await expect(view).toHaveCount(0)
			await planCard(page, 'Platinum Room').getByRole('link', { name: 'Activate Platinum Room' }).click()
			await expect(view).toBeVisible()
		}
		await view.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans`)
		await expect(view).toHaveCount(0)
	})
})

test.describe('0% Fee Offers', () => {
	test('regular plan: the menu entry is locked and leads to the upgrade card, with JS or without (decision 015)', async ({
		page,
		member,
	}) => {
		void member
		await open(page, '/dashboard')
		const entry = sidebar(page).getByRole('link', { name: /^0% Fee Offers/ })
		await expect(entry).toContainText('Premium')
		let dialogs = 0
		page.on('dialog', (dialog) => {
			dialogs += 1
			void dialog.dismiss()
		})
		await entry.click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/zero-fee`)
		await expect(page.getByRole('heading', { level: 1, name: '0% Fee Offers' })).toBeVisible()
		await expect(page.getByText(LOCKED, { exact: true })).toBeVisible()
		expect(dialogs, 'no alert()').toBe(0)
		await page.getByRole('link', { name: 'See the plans' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/plans`)
	})

	test('regular plan: the loader answers 403 with the upgrade message and no offers', async ({ page, member }) => {
		const response = await page.goto('/dashboard/zero-fee')
		expect(response?.status()).toBe(403)
		await waitForHydration(page)
		await expect(page.getByText(LOCKED, { exact: true })).toBeVisible()
		await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/dashboard/plans')
		for (const offer of SAMPLE_OFFERS) await expect(page.getByText(offer.trader)).toHaveCount(0)

		// The confirm step is locked too: the page and the form post.
		const confirmPage = await page.goto('/dashboard/zero-fee/daniel-mensah')
		expect(confirmPage?.status()).toBe(403)
		await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0)
		const post = await page.request.post('/dashboard/zero-fee/daniel-mensah', {
			form: {},
			headers: { Origin: E2E_BASE_URL },
			maxRedirects: 0,
		})
		expect(post.status()).toBe(403)
	})

	test('gold plan: five offers with spots labels, and one confirmation per member takes one spot', async ({
		page,
		member,
	}) => {
		await activateGold(page)
		// Each project confirms a different offer, so that the two runs do not race for one counter.
		const offer = SAMPLE_OFFERS.find((o) => o.key === (jsOff() ? 'kwame-asante' : 'daniel-mensah'))!

		const response = await page.goto('/dashboard/zero-fee')
		expect(response?.status()).toBe(200)
		await waitForHydration(page)
		await expect(page.getByText(LOCKED)).toHaveCount(0)
		const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
		// The five seeded samples, in their order (offers other specs publish may show after them meanwhile).
		await expect(cards.getByRole('heading', { level: 2 })).toContainText(SAMPLE_OFFERS.map((o) => o.trader))
		for (const card of await cards.all()) {
			await expect(card).toContainText(/(Almost Full!|Filling Fast|Available) \d+ of \d+ spots left/)
			await expect(card).toContainText(/0% fee instead of \d+%/)
		}
		// No member claims these two in the suite: every spot is left (spots left = total minus claims).
		await expect(offerCard(page, 'Amara Okafor')).toContainText('Available 50 of 50 spots left')
		await expect(offerCard(page, 'Chioma Eze')).toContainText('Available 40 of 40 spots left')
		await expect(offerCard(page, 'Chioma Eze')).toContainText(/(Low|Medium|High) risk|Risk not rated yet/)

		const card = offerCard(page, offer.trader)
		const before = Number(/(\d+) of \d+ spots left/.exec((await card.textContent()) ?? '')![1])
		expect(before).toBeGreaterThan(0)
		await card.getByRole('link', { name: `Claim 0% offer with ${offer.trader}` }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/zero-fee/${offer.key}`)
		const confirmTitle = `Confirm ${offer.trader}'s 0% offer`
		const confirm = jsOff()
			? page.getByRole('region', { name: confirmTitle })
			: page.getByRole('dialog', { name: confirmTitle })
		await expect(confirm).toBeVisible()
		await expect(confirm).toContainText(`Spots left${before} of ${offer.totalSpots}`)
		await confirm.getByRole('button', { name: 'Confirm', exact: true }).click()

		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/zero-fee`)
		await expect(page.getByRole('status')).toContainText(`Your interest in ${offer.trader}'s 0% offer is confirmed.`)
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(card).toContainText(`${before - 1} of ${offer.totalSpots} spots left`)
		await expect(card.getByRole('button', { name: 'Interest confirmed' })).toBeDisabled()
		await expect(card.getByRole('link', { name: /^Claim 0% offer/ })).toHaveCount(0)

		// Once per member: the confirm step no longer offers the button, and a second post is refused.
		await page.goto(`/dashboard/zero-fee/${offer.key}`)
		await waitForHydration(page)
		await expect(page.getByText('You have already confirmed this offer.')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0)
		const again = await page.request.post(`/dashboard/zero-fee/${offer.key}`, {
			form: {},
			headers: { Origin: E2E_BASE_URL },
			maxRedirects: 0,
		})
		expect(again.status()).toBe(409)
		await page.goto('/dashboard/zero-fee')
		await expect(offerCard(page, offer.trader)).toContainText(`${before - 1} of ${offer.totalSpots} spots left`)
	})

	test('gold plan: the menu entry is a plain link to the offers', async ({ page, member }) => {
		await activateGold(page)
		const entry = sidebar(page).getByRole('link', { name: '0% Fee Offers', exact: true })
		await expect(entry).not.toContainText('Premium')
		await entry.click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/zero-fee`)
		await expect(entry).toHaveAttribute('aria-current', 'page')
		await expect(offerCard(page, 'Amara Okafor')).toBeVisible()
	})

	test('an unknown offer is a 404 for a gold member', async ({ page, member }) => {
		await activateGold(page)
		const response = await page.goto('/dashboard/zero-fee/no-such-offer')
		expect(response?.status()).toBe(404)
	})
})
