import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { bearer } from '../admin-utils.ts'
import { E2E_UNLOCK_CODE } from '../playwright-utils.ts'
import { activateGold, submitActivationCode } from './dashboard-support.ts'
import { AT_BOTH_WIDTHS, expectAccessible, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { jsOff, open, waitForHydration } from './support.ts'
import { FOLLOWED, LEADER, makeRegistryTraders, RETIRED, WATCHED } from './registry-traders.ts'

/**
 * Every page and dialog of the member dashboard, at a phone and a desktop
 * width: zero axe violations of any impact, no horizontal overflow on the
 * phone, and (with JS) no Content-Security-Policy violation or page error.
 * The checks are those of a11y.spec.ts (the account journey).
 */

/** Every setup runs with the page signed in as `member` (the fixture). */
type Setup = (
	page: Page,
	fixtures: { request: APIRequestContext } & Pick<Fixtures, 'member' | 'createMember' | 'completeLessons'>,
) => Promise<void>

/** One referral credited to the signed-in member (so statement, leaderboard and contest rows render): a member they referred unlocks. */
async function withReferral({ request, member, createMember }: Parameters<Setup>[1]) {
	const friend = await createMember({ referrer: member })
	const unlock = await request.post('/api/auth/verify-code', {
		data: { code: E2E_UNLOCK_CODE },
		headers: bearer(friend.token),
	})
	expect(unlock.status()).toBe(200)
}

async function goto(page: Page, url: string, heading: string | RegExp) {
	await page.goto(url)
	await expect(page.getByRole('heading', { level: 1, name: heading, includeHidden: true })).toBeAttached()
}

const pages: Array<{ name: string; setup: Setup }> = [
	{
		name: '/dashboard (home)',
		// With the registry's traders: a listed, a watch and a retired one (Past traders).
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, '/dashboard', /^Welcome back/)
		},
	},
	{
		name: '/dashboard filtered, a field error and the short-returns warning',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, '/dashboard?sort=weeklyReturn&maxDrawdown=150&markets=XAUUSD&noFlags=1', /^Welcome back/)
			await expect(page.getByLabel('Max drawdown up to (%)')).toHaveAttribute('aria-invalid', 'true')
		},
	},
	{
		name: '/dashboard/traders/:slug (trader detail)',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, `/dashboard/traders/${LEADER.slug}?sort=winRate`, /^Welcome back/)
			await waitForHydration(page)
			await expect(page.getByRole(jsOff() ? 'region' : 'dialog', { name: LEADER.name })).toBeVisible()
		},
	},
	{
		name: '/dashboard/traders/:slug (the cost at each broker, decision 060)',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, `/dashboard/traders/${LEADER.slug}`, /^Welcome back/)
			await waitForHydration(page)
			await expect(page.getByRole('region', { name: 'Broker costs table', exact: true })).toBeVisible()
		},
	},
	{
		name: '/dashboard/traders/:slug (a retired trader)',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, `/dashboard/traders/${RETIRED.slug}`, /^Welcome back/)
			await waitForHydration(page)
			await expect(page.getByRole(jsOff() ? 'region' : 'dialog', { name: RETIRED.name })).toBeVisible()
		},
	},
	{
		name: '/dashboard/watchlist (a watched trader, a bad alert value at its field)',
		setup: async (page, { request, member }) => {
			makeRegistryTraders()
			const watch = await request.post('/api/member/watchlist', {
				data: { slug: LEADER.slug },
				headers: bearer(member.token),
			})
			expect(watch.status()).toBe(201)
			await goto(page, '/dashboard/watchlist', 'Watchlist')
			await waitForHydration(page)
			await page.getByLabel('Drawdown alert (%)').fill('95')
			await page.getByRole('button', { name: 'Save alert' }).click()
			await expect(page.getByLabel('Drawdown alert (%)')).toHaveAttribute('aria-invalid', 'true')
		},
	},
	{
		name: '/dashboard/compare (three traders side by side: figures, index chart and tables)',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, `/dashboard/compare?ids=${LEADER.slug},${FOLLOWED.slug},${WATCHED.slug}`, 'Compare traders')
			await expect(page.getByRole('img', { name: /^Index, 100 at the start of/ })).toBeVisible()
		},
	},
	{
		name: '/dashboard/compare (five traders chosen: the message at the picker)',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, `/dashboard/compare?ids=${LEADER.slug},${FOLLOWED.slug},${WATCHED.slug},a,b`, 'Compare traders')
			await expect(page.getByRole('group', { name: /^Traders to compare/ })).toHaveAccessibleDescription(
				'You can compare at most 4 traders at once; you chose 5. Leave some out',
			)
		},
	},
	{
		name: '/dashboard/compare (the picker: one trader chosen first, a search too long named at its field)',
		setup: async (page) => {
			makeRegistryTraders()
			await goto(page, `/dashboard/compare?ids=${LEADER.slug}&q=${'x'.repeat(101)}`, 'Compare traders')
			await expect(page.getByRole('searchbox', { name: 'Search traders' })).toHaveAccessibleDescription(
				'Search is at most 80 characters',
			)
			await expect(page.getByRole('list', { name: 'Chosen' }).getByRole('checkbox')).toBeChecked()
		},
	},
	{
		name: '/dashboard/academy (a lesson completed)',
		setup: async (page) => {
			await goto(page, '/dashboard/academy?tab=risk', 'Academy')
			await waitForHydration(page)
			await page
				.getByRole('button', { name: /^Mark as complete/ })
				.first()
				.click()
			await expect(page.getByText('1 of 15 lessons completed (7%)')).toBeVisible()
		},
	},
	{
		name: '/dashboard/academy (a certificate earned)',
		setup: async (page, { member, completeLessons }) => {
			await completeLessons(member, ['basics-1', 'basics-2', 'basics-3', 'basics-4', 'basics-5', 'risk-1'])
			await goto(page, '/dashboard/academy?tab=risk', 'Academy')
			await expect(
				page.getByRole('heading', { level: 3, name: 'Certificate of completion: Trading Basics' }),
			).toBeVisible()
		},
	},
	{
		name: '/dashboard/academy/:lessonId (a lesson, before and after marking it complete)',
		setup: async (page) => {
			await goto(page, '/dashboard/academy/risk-1', 'Why most CFD accounts lose money')
			await expectAccessibleAtWidths(page)
			await page.getByRole('button', { name: /^Mark as complete/ }).click()
			await expect(page.getByRole('region', { name: 'Lesson completed' })).toBeVisible()
		},
	},
	{
		name: '/dashboard/academy/certificates/:tab (printable certificate)',
		setup: async (page, { member, completeLessons }) => {
			await completeLessons(member, ['portfolio-1', 'portfolio-2', 'portfolio-3', 'portfolio-4', 'portfolio-5'])
			await goto(page, '/dashboard/academy/certificates/portfolio', 'Certificate of completion: Portfolio Building')
		},
	},
	{
		name: '/dashboard/plans',
		setup: async (page) => {
			await goto(page, '/dashboard/plans', 'Plans')
		},
	},
	{
		name: '/dashboard/plans after activating gold',
		setup: async (page) => {
			await activateGold(page)
			await expect(page.getByRole('status')).toHaveText('Your plan is now Gold Room.')
		},
	},
	{
		name: '/dashboard/plans/activate (activation dialog)',
		setup: async (page) => {
			await goto(page, '/dashboard/plans/activate?plan=gold', 'Plans')
			await waitForHydration(page)
			await expect(page.getByLabel('Activation code', { exact: true })).toBeVisible()
		},
	},
	{
		name: '/dashboard/plans/activate after a bad code (error shown)',
		setup: async (page) => {
			await submitActivationCode(page, 'GOLD-NOT-ISSUED')
			await expect(page.getByText('Invalid activation code. Please check the code and try again.')).toBeVisible()
		},
	},
	{
		name: '/dashboard/zero-fee locked (regular plan)',
		setup: async (page) => {
			await goto(page, '/dashboard/zero-fee', '0% Fee Offers')
			await expect(page.getByText('Upgrade to a premium plan to access this feature')).toBeVisible()
		},
	},
	{
		name: '/dashboard/zero-fee unlocked (gold plan)',
		setup: async (page) => {
			await activateGold(page)
			await goto(page, '/dashboard/zero-fee', '0% Fee Offers')
			await expect(page.getByRole('link', { name: /^Claim 0% offer/ }).first()).toBeVisible()
		},
	},
	{
		name: '/dashboard/zero-fee/:id (confirm dialog)',
		setup: async (page) => {
			await activateGold(page)
			await goto(page, '/dashboard/zero-fee/chioma-eze', '0% Fee Offers')
			await waitForHydration(page)
			await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible()
		},
	},
	{
		name: '/dashboard/referrals info tab (with a statement line)',
		setup: async (page, fixtures) => {
			await withReferral(fixtures)
			await goto(page, '/dashboard/referrals', 'Referrals & Invite')
			await expect(page.getByRole('region', { name: 'Points statement' })).toBeVisible()
		},
	},
	{
		name: '/dashboard/referrals milestones tab',
		setup: async (page) => {
			await goto(page, '/dashboard/referrals?tab=milestones', 'Referrals & Invite')
		},
	},
	{
		name: '/dashboard/referrals leaderboard tab (ranked)',
		setup: async (page, fixtures) => {
			await withReferral(fixtures)
			await goto(page, '/dashboard/referrals?tab=leaderboard', 'Referrals & Invite')
			await expect(page.getByText(/^Your rank: #\d+$/)).toBeVisible()
		},
	},
	{
		name: '/dashboard/contests (ranked)',
		setup: async (page, fixtures) => {
			await withReferral(fixtures)
			await goto(page, '/dashboard/contests', 'Monthly Contest')
			await expect(page.getByRole('region', { name: 'Your standing' })).toContainText('Your referrals this month1')
		},
	},
]

test.describe('dashboard', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			request,
			member,
			createMember,
			completeLessons,
		}) => {
			const problems = watchPageProblems(page)
			await setup(page, { request, member, createMember, completeLessons })
			await expectAccessibleAtWidths(page, problems)
		})
	}
})

test.describe('dashboard at 360x800', () => {
	test.use({ viewport: PHONE })

	test('the open Menu drawer has no accessibility violations', async ({ page, member }) => {
		const problems = watchPageProblems(page)
		await open(page, '/dashboard')
		await page.getByText('Menu', { exact: true }).click()
		await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible()
		await expectAccessible(page, problems)
	})
})
