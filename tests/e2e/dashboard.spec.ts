import { formatLength } from '#app/content/academy.ts'
import { withAcademyLock, memberLessons } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { dashboardPages, planBadge, planCard, sidebar } from './dashboard-support.ts'
import { jsOff, open, waitForHydration } from './support.ts'
import { LEADER, makeRegistryTraders, WATCHED } from './registry-traders.ts'

/** Every dashboard URL, the nested ones (dialogs with JS) included. */
const guardedUrls = [
	...dashboardPages.map((p) => p.path),
	'/dashboard?sort=followers',
	'/dashboard/traders/amara-okafor',
	'/dashboard/academy?tab=risk',
	'/dashboard/academy/risk-2',
	'/dashboard/academy/certificates/risk',
	'/dashboard/plans/activate?plan=gold',
	'/dashboard/zero-fee/daniel-mensah',
	'/dashboard/referrals?tab=leaderboard',
	'/dashboard/settings/close',
	'/dashboard/settings/data.json',
]

test.describe('dashboard guards', () => {
	test('without a session every dashboard URL goes to /login with redirectTo', async ({ page }) => {
		for (const url of guardedUrls) {
			await page.goto(url)
			await expect(page, url).toHaveURL((u) => u.pathname === '/login')
			expect(new URL(page.url()).searchParams.get('redirectTo'), url).toBe(url)
		}
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
	})

	test('a member who has not unlocked is sent to /next-steps from every dashboard URL', async ({
		page,
		lockedMember,
	}) => {
		for (const url of guardedUrls) {
			await page.goto(url)
			await expect(page, url).toHaveURL(/\/next-steps$/)
		}
		await expect(page.getByRole('heading', { level: 1, name: /^Almost there, / })).toBeVisible()
	})

	test('signing in with redirectTo to a dashboard page lands on that page', async ({ page, createMember }) => {
		const member = await createMember({ unlocked: true })
		await page.goto('/dashboard/academy?tab=risk')
		await expect(page).toHaveURL(/\/login\?redirectTo=/)
		await waitForHydration(page)
		await page.getByLabel('Email').fill(member.email)
		await page.getByLabel('Password').fill(member.password)
		await page.getByRole('button', { name: 'Sign In' }).click()
		await expect(page).toHaveURL(/\/dashboard\/academy\?tab=risk$/)
	})
})

test.describe('dashboard pages for an unlocked member', () => {
	test('home shows the greeting, tiles, guide, traders, promotions, brokers, community and account', async ({
		page,
		createMember,
		signIn,
	}) => {
		makeRegistryTraders()
		const member = await createMember({ unlocked: true, name: 'Ngozi Adebayo' })
		await signIn(page, member)
		await open(page, '/dashboard')
		await expect(page).toHaveTitle(/^Dashboard \| /)
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ngozi!' })).toBeVisible()
		for (const label of ['Verified Traders', 'Verified Win Rate', 'Your Referral Points', 'Academy Progress']) {
			await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible()
		}
		await expect(page.getByRole('definition').filter({ hasText: /^0 points$/ })).toBeVisible()
		for (const heading of [
			'Setup progress',
			'Quick-start guide',
			'Live Top Traders',
			'Past traders',
			'Active Promotions',
			'Partner Brokers',
			'Community Hub',
			'Account Overview',
		]) {
			await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible()
		}
		const setup = page.getByRole('progressbar', { name: 'Setup progress' })
		await expect(setup).toHaveAttribute('aria-valuenow', '25')
		// The registry's listed and watch traders (samples may be there too): at least the specs' own.
		const traders = page.getByRole('region', { name: 'Live Top Traders' }).getByRole('table')
		await expect(traders.locator(`tr[data-trader="${LEADER.slug}"]`)).toBeVisible()
		await expect(traders.locator(`tr[data-trader="${WATCHED.slug}"]`)).toContainText('On watch')
		for (const code of ['WELCOME100', 'SPLIT50', 'ZEROFEE']) {
			await expect(page.getByText(code, { exact: true })).toBeVisible()
		}
		for (const broker of ['Exness', 'XM', 'HFM']) {
			await expect(page.getByRole('heading', { level: 3, name: broker, exact: true })).toBeVisible()
		}
		await expect(page.getByRole('link', { name: 'Telegram channel' })).toHaveAttribute('href', /^https:\/\/t\.me\//)

		const account = page.getByRole('region', { name: 'Account Overview' })
		await expect(account).toContainText('PlanRegular')
		await expect(account.getByText(member.referralCode, { exact: true })).toBeVisible()
		await expect(account).toContainText(/Dashboard unlockedYes, since \w{3} \d{1,2}, \d{4}/)
		await expect(page.getByText('Risk disclaimer:')).toBeVisible()
	})

	test("academy shows the tabs, five lessons and the member's own totals", async ({ page, member }) => {
		// Held so that a lessons spec's published test lesson is not counted (tests/content-e2e-utils.ts).
		await withAcademyLock(async () => {
			const lessons = memberLessons()
			await page.goto('/dashboard/academy')
			await expect(page).toHaveTitle(/^Academy \| /)
			await expect(page.getByRole('heading', { level: 1, name: 'Academy' })).toBeVisible()
			await expect(page.getByText('0 of 15 lessons completed (0%)')).toBeVisible()
			const progress = page.getByRole('region', { name: 'Your progress' })
			// The reading time of all lessons (the spec's "2.5 h" described placeholder lessons: decision 016).
			await expect(progress).toContainText(
				`Total length${formatLength(lessons.reduce((sum, l) => sum + l.duration, 0))}`,
			)
			await expect(progress).toContainText('Certificates0/3')
			const tabs = page.getByRole('navigation', { name: 'Lesson topics' }).getByRole('link')
			await expect(tabs).toHaveText(['Trading Basics', 'Risk Management', 'Portfolio Building'])
			await expect(tabs.first()).toHaveAttribute('aria-current', 'page')
			await expect(page.getByRole('list', { name: 'Trading Basics lessons' }).getByRole('listitem')).toHaveCount(5)
			await expect(page.getByRole('button', { name: /^Mark as complete/ })).toHaveCount(5)
			await expect(page.getByText('Risk disclaimer:')).toBeVisible()
		})
	})

	test('plans shows the four cards with Regular as the current plan', async ({ page, member }) => {
		await page.goto('/dashboard/plans')
		await expect(page).toHaveTitle(/^Plans \| /)
		await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
		const cards = [
			['Regular', '$50 to $999'],
			['Gold Room', '$1,000 to $4,999'],
			['Titanium Vault', '$5,000 to $9,999'],
			['Platinum Room', '$10,000+'],
		] as const
		for (const [name, range] of cards) await expect(planCard(page, name)).toContainText(range)
		await expect(planCard(page, 'Regular').getByRole('button', { name: 'Current Plan' })).toBeDisabled()
		await expect(page.getByRole('button', { name: 'Current Plan' })).toHaveCount(1)
		for (const name of ['Gold Room', 'Titanium Vault', 'Platinum Room']) {
			await expect(planCard(page, name).getByRole('link', { name: `Activate ${name}` })).toBeVisible()
		}
		await expect(page.getByText('Risk disclaimer:')).toBeVisible()
	})

	test('referrals shows the link, zero-padded points, the next milestone and the tabs', async ({ page, member }) => {
		await page.goto('/dashboard/referrals')
		await expect(page).toHaveTitle(/^Referrals & Invite \| /)
		await expect(page.getByRole('heading', { level: 1, name: 'Referrals & Invite' })).toBeVisible()
		const code = member.referralCode
		await expect(page.getByText(`${E2E_BASE_URL}/signup?ref=${code}`, { exact: true })).toBeVisible()
		await expect(page.getByRole('definition').filter({ hasText: /^0 points$/ })).toBeVisible()
		await expect(page.getByText('Next milestone: 100 points (Gift Pack + VIP Call), 100 to go')).toBeVisible()
		await expect(page.getByRole('progressbar', { name: /^Next milestone/ })).toHaveAttribute('aria-valuenow', '0')
		await expect(page.getByText('No points yet. Share your link to earn your first point.')).toBeVisible()
		const tabs = page.getByRole('navigation', { name: 'Referral sections' }).getByRole('link')
		await expect(tabs).toHaveText(['Referral Info', 'Milestone Rewards', 'Leaderboard'])
		await expect(tabs.first()).toHaveAttribute('aria-current', 'page')

		await tabs.nth(1).click()
		await expect(page).toHaveURL(/\/dashboard\/referrals\?tab=milestones$/)
		await expect(page.getByRole('heading', { level: 2, name: 'Milestone Rewards' })).toBeVisible()
		const milestones = page.getByRole('region', { name: 'Milestone Rewards' }).getByRole('listitem')
		await expect(milestones).toHaveCount(7)
		await expect(milestones.first()).toContainText('100 points')
		await expect(milestones.first()).toContainText('Locked')
		await expect(milestones.last()).toContainText('200,000 points')

		await tabs.nth(2).click()
		await expect(page).toHaveURL(/\/dashboard\/referrals\?tab=leaderboard$/)
		await expect(tabs.nth(2)).toHaveAttribute('aria-current', 'page')
		await expect(page.getByText('You are not ranked yet: your first point puts you on the board.')).toBeVisible()
		await expect(page.getByText('Risk disclaimer:')).toBeVisible()
	})

	test('contests shows the running contest, countdown, standing, prizes, rules and top 10', async ({
		page,
		member,
	}) => {
		await page.goto('/dashboard/contests')
		await expect(page).toHaveTitle(/^Monthly Contest \| /)
		await expect(page.getByRole('heading', { level: 1, name: 'Monthly Contest' })).toBeVisible()
		const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
		await expect(page.getByText(`${month} Referral Contest`, { exact: true })).toBeVisible()
		await expect(page.getByRole('timer', { name: 'Time left in the contest' })).toBeVisible()
		const standing = page.getByRole('region', { name: 'Your standing' })
		await expect(standing).toContainText('Your rankNot ranked')
		await expect(standing).toContainText('Your referrals this month0')
		const prizes = page.getByRole('region', { name: 'Prizes' })
		await expect(prizes.getByRole('listitem')).toHaveText([
			'1st$1,000 + Jacket',
			'2ndSmartphone',
			'3rd$300',
			'4th to 10th$50 each',
		])
		const rules = page.getByRole('region', { name: 'Rules' })
		await expect(rules).toContainText('Only referrals that unlock premium within the month count.')
		await expect(rules).toContainText('Rankings reset on the 1st of each month.')
		await expect(page.getByRole('heading', { level: 2, name: 'Top 10' })).toBeVisible()
		await expect(page.getByText('Risk disclaimer:')).toBeVisible()
	})
})

test.describe('dashboard sidebar', () => {
	test('lists every entry and marks the current page', async ({ page, member }) => {
		await open(page, '/dashboard')
		const nav = sidebar(page)
		const links = nav.getByRole('link')
		const names = [
			'Dashboard',
			'Watchlist',
			'Academy',
			'Plans',
			'0% Fee Offers Premium',
			'Referrals & Invite',
			'Monthly Contest',
			'Settings',
			'Notifications',
		]
		await expect(links).toHaveCount(names.length)
		for (const [i, name] of names.entries()) await expect(links.nth(i)).toHaveAccessibleName(name)
		await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible()
		for (const { path, label, heading } of dashboardPages) {
			await page.goto(path)
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			const current = nav.locator('[aria-current="page"]')
			await expect(current, path).toHaveCount(1)
			await expect(current).toHaveAttribute('href', path)
			await expect(current).toContainText(label)
		}
		// Nested routes keep their parent's entry highlighted.
		await page.goto('/dashboard/academy?tab=portfolio')
		await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', '/dashboard/academy')
		await page.goto('/dashboard/plans/activate?plan=gold')
		await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', '/dashboard/plans')
	})

	test('the locked 0% Fee Offers entry leads to the upgrade card: no alert, never prefetched', async ({
		page,
		member,
	}) => {
		void member
		await open(page, '/dashboard')
		const dialogs: string[] = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		const zeroFeeRequests: string[] = []
		page.on('request', (request) => {
			// The page or its data (a prefetch asks for /dashboard/zero-fee.data); the route manifest
			// lookup (/__manifest?p=...) names every rendered link's path and is not a prefetch.
			const { pathname } = new URL(request.url())
			if (/^\/dashboard\/zero-fee(\.data)?$/.test(pathname)) zeroFeeRequests.push(request.url())
		})
		const entry = sidebar(page).getByRole('link', { name: '0% Fee Offers Premium' })
		await entry.hover()
		await entry.focus()
		await page.waitForTimeout(300)
		expect(zeroFeeRequests, 'the forbidden page is not prefetched').toEqual([])
		await entry.click()
		await expect(page).toHaveURL(/\/dashboard\/zero-fee$/)
		await expect(page.getByText('Upgrade to a premium plan to access this feature')).toBeVisible()
		await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/dashboard/plans')
		expect(dialogs).toEqual([])
	})

	test('moving between pages through the sidebar', async ({ page, member }) => {
		await open(page, '/dashboard')
		const nav = sidebar(page)
		for (const { path, label, heading } of dashboardPages.filter((p) => p.path !== '/dashboard/zero-fee')) {
			await nav.getByRole('link', { name: label, exact: true }).click()
			await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`))
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
		}
	})

	test.describe('at 360 px', () => {
		test.use({ viewport: { width: 360, height: 800 } })

		test('the Menu drawer opens and leads to another page', async ({ page, member }) => {
			await open(page, '/dashboard')
			const nav = sidebar(page)
			// Closed: the entries are not shown.
			await expect(nav).toBeHidden()
			await page.getByText('Menu', { exact: true }).click()
			await expect(nav).toBeVisible()
			await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page')
			await nav.getByRole('link', { name: 'Academy', exact: true }).click()
			await expect(page).toHaveURL(/\/dashboard\/academy$/)
			await expect(page.getByRole('heading', { level: 1, name: 'Academy' })).toBeVisible()
			// The new page starts with the drawer closed (with JS it closes on navigation).
			await expect(nav).toBeHidden()
			// Closed, the drawer's summary names the section you are in.
			await expect(page.locator('details[data-nav-drawer] > summary')).toHaveText(/^Menu, current section: · Academy$/)
			await page.getByText('Menu', { exact: true }).click()
			await expect(nav.getByRole('link', { name: 'Academy', exact: true })).toHaveAttribute('aria-current', 'page')
			const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
			expect(scrollWidth, 'no horizontal overflow at 360px').toBeLessThanOrEqual(360)
		})

		test('Logout from the drawer goes to /', async ({ page, member }) => {
			await open(page, '/dashboard')
			await page.getByText('Menu', { exact: true }).click()
			await sidebar(page).getByRole('button', { name: 'Logout' }).click()
			await expect(page).toHaveURL(`${E2E_BASE_URL}/`)
		})
	})

	test('Logout goes to / and ends the session', async ({ page, member }) => {
		await page.goto('/dashboard/referrals')
		await waitForHydration(page)
		await sidebar(page).getByRole('button', { name: 'Logout' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/`)
		await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible()
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
	})

	test('the header plan badge shows the stored plan', async ({ page, member }) => {
		await open(page, '/dashboard')
		await expect(planBadge(page)).toHaveText('Your plan: Regular')
		if (!jsOff()) {
			// With JS, client-side navigation keeps the badge.
			await sidebar(page).getByRole('link', { name: 'Plans', exact: true }).click()
			await expect(planBadge(page)).toHaveText('Your plan: Regular')
		}
	})
})
