import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { E2E_UNLOCK_CODE } from '../playwright-utils.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { apiLogin, fillSignup, jsOff, otherDevice, signupData, signupForm, waitForHydration } from './support.ts'

async function me(request: APIRequestContext, token: string) {
	const res = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
	expect(res.status()).toBe(200)
	return (await res.json()).data.user as { referralPoints: number; referralCount: number; referredBy: string | null }
}

function standing(page: Page) {
	return page.getByRole('region', { name: 'Your standing' })
}

/** "#12" from the contest's "Your rank" tile, or null when not ranked. */
async function contestRank(page: Page) {
	const text = (await standing(page).getByRole('definition').first().textContent()) ?? ''
	if (text === 'Not ranked') return null
	const match = /^#(\d+)$/.exec(text)
	expect(match, `contest rank "${text}"`).not.toBeNull()
	return Number(match![1])
}

test.describe('referrals', () => {
	test("a member signs up with another's link and unlocks: the referrer's points, statement, leaderboard and contest move", async ({
		page,
		request,
		browser,
		createMember,
		signIn,
	}) => {
		// Two members, two browsers, a sign-up, an unlock and four pages.
		test.setTimeout(60_000)
		// The referrer, signed in on this page.
		const referrer = await createMember({ unlocked: true, name: 'Folake Adeyemi' })
		await signIn(page, referrer)
		const code = referrer.referralCode
		expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 0, referralCount: 0 })

		await page.goto('/dashboard/referrals?tab=leaderboard')
		await expect(page.getByText('You are not ranked yet: your first point puts you on the board.')).toBeVisible()
		await page.goto('/dashboard/contests')
		await expect(standing(page)).toContainText('Your rankNot ranked')
		await expect(standing(page)).toContainText('Your referrals this month0')
		await page.goto('/dashboard/referrals')
		const link = await page.getByRole('region', { name: 'Your referral link' }).locator('code').first().textContent()
		expect(link).toBe(`${E2E_BASE_URL}/signup?ref=${code}`)

		// The friend, on another device: the link prefills the code; sign up, then unlock.
		const friend = signupData({ name: 'Emeka Nwosu' })
		let unlockStarted = new Date()
		const device = await otherDevice(browser)
		try {
			const other = await device.newPage()
			await other.goto(link!)
			await waitForHydration(other)
			await expect(signupForm(other).referralCode).toHaveValue(code)
			await fillSignup(other, friend)
			await signupForm(other).submit.click()
			await expect(other).toHaveURL(/\/next-steps$/)
			await waitForHydration(other)
			// Signing up alone earns nothing: the referral counts at unlock.
			expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 0, referralCount: 0 })
			unlockStarted = new Date()
			await other.getByLabel('Unlock Code', { exact: true }).fill(E2E_UNLOCK_CODE)
			await other.getByRole('button', { name: 'Unlock Dashboard' }).click()
			await expect(other).toHaveURL(/\/dashboard$/)
			await expect(other.getByRole('heading', { level: 1, name: 'Welcome back, Emeka!' })).toBeVisible()
		} finally {
			await device.close()
		}

		// The API: raised by one.
		expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 1, referralCount: 1 })

		// Referrals page: zero-padded points, the count, the next milestone and the statement line.
		await page.goto('/dashboard/referrals')
		await waitForHydration(page)
		const linkSection = page.getByRole('region', { name: 'Your referral link' })
		await expect(linkSection).toContainText('Your points1 point')
		await expect(linkSection).toContainText('Premium referrals1')
		await expect(page.getByText('Next milestone: 100 points (Gift Pack + VIP Call), 99 to go')).toBeVisible()
		await expect(page.getByRole('progressbar', { name: /^Next milestone/ })).toHaveAttribute('aria-valuenow', '1')
		const statement = page.getByRole('region', { name: 'Points statement' }).getByRole('table')
		const rows = statement.locator('tbody tr')
		await expect(rows).toHaveCount(1)
		// Dated the day of the unlock (UTC; either side of midnight if the test straddles it).
		const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
		const days = new Set([day.format(unlockStarted), day.format(new Date())])
		await expect(rows.first().getByRole('cell')).toHaveText([
			/.+/,
			'Premium referral: Emeka N. unlocked their dashboard',
			'+1',
		])
		expect(days).toContain(await rows.first().getByRole('cell').first().textContent())

		// Leaderboard: from unranked to ranked (other tests credit referrals too, so no absolute rank).
		await page.getByRole('navigation', { name: 'Referral sections' }).getByRole('link', { name: 'Leaderboard' }).click()
		await expect(page).toHaveURL(/\/dashboard\/referrals\?tab=leaderboard$/)
		await expect(page.getByText(/^Your rank: #\d+$/)).toBeVisible()
		const rank = Number(/#(\d+)/.exec((await page.getByText(/^Your rank: #\d+$/).textContent())!)![1])
		expect(rank).toBeGreaterThanOrEqual(1)
		const board = page.getByRole('region', { name: 'Referral leaderboard' }).locator('tbody tr')
		if (rank <= 10) {
			const mine = board.filter({ hasText: '(you)' })
			await expect(mine).toHaveCount(1)
			await expect(mine.getByRole('cell')).toHaveText([`#${rank}`, /^Folake A\.\s*\(you\)$/, '1 point', '+1', /.+/])
		}
		// Names on the board are first name and initial only.
		await expect(page.getByText('Folake Adeyemi')).toHaveCount(0)

		// Contest: ranked, with one referral this month.
		await page.goto('/dashboard/contests')
		const contest = await contestRank(page)
		expect(contest).not.toBeNull()
		expect(contest!).toBeGreaterThanOrEqual(1)
		await expect(standing(page)).toContainText('Your referrals this month1')
		if (contest! <= 10) {
			await expect(
				page.getByRole('region', { name: 'Top 10' }).getByRole('listitem').filter({ hasText: '(you)' }),
			).toHaveText(new RegExp(`^#${contest}\\s*Folake A\\.\\s*\\(you\\)\\s*1 referral$`))
		}

		// Home: the points tile.
		await page.goto('/dashboard')
		await expect(
			page.getByRole('term').filter({ hasText: 'Your Referral Points' }).locator('xpath=following-sibling::dd'),
		).toHaveText('1 point')

		// The referred member unlocking again through the API credits nothing more.
		const { token } = await apiLogin(request, friend.email, friend.password)
		const again = await request.post('/api/auth/verify-code', {
			data: { code: E2E_UNLOCK_CODE },
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(again.status()).toBe(200)
		expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 1, referralCount: 1 })
		expect((await me(request, token!)).referredBy).toBe(code)
	})

	test('points over time: an empty state without points; after a premium referral, a chart in the server HTML with its summary and figures', async ({
		page,
		request,
		member,
		createMember,
	}) => {
		const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
		const serverHtml = async () => (await request.get('/dashboard/referrals', { headers: { Cookie: cookie } })).text()
		const empty = await serverHtml()
		expect(empty).toContain('No points yet: your chart starts with your first premium referral.')
		expect(empty).not.toContain('data-chart="points-over-time"')

		// A friend with the member's link unlocks: the first point.
		const friend = await createMember({ referrer: member })
		const unlock = await request.post('/api/auth/verify-code', {
			data: { code: E2E_UNLOCK_CODE },
			headers: { Authorization: `Bearer ${friend.token}` },
		})
		expect(unlock.status()).toBe(200)
		const html = await serverHtml()
		expect(html.match(/data-chart="points-over-time"/g)).toHaveLength(1)
		expect(html).not.toContain('No points yet')

		await page.goto('/dashboard/referrals')
		// This week's Monday (UTC) names the one bar.
		const now = new Date()
		const monday = new Date(
			Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)),
		)
		const week = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(monday)
		const chart = page.locator('[data-chart="points-over-time"]')
		await expect(
			chart.getByRole('img', { name: `Your points by week, ${week}: 1 point in total, 1 point gained this week` }),
		).toBeVisible()
		await expect(chart.locator('figcaption')).toHaveText('Cumulative points by week')
		await chart.getByText('Show the figures').click()
		await expect(chart.getByRole('row')).toHaveCount(1)
		await expect(chart.getByRole('row').first()).toHaveText(`${week}1 point (+1)`)
	})

	test('the milestones tab marks milestones from stored points', async ({ page, member }) => {
		await page.goto('/dashboard/referrals?tab=milestones')
		const items = page.getByRole('region', { name: 'Milestone Rewards' }).getByRole('listitem')
		await expect(items).toHaveCount(7)
		await expect(items.filter({ hasText: 'Achieved' })).toHaveCount(0)
		await expect(items.filter({ hasText: 'Locked' })).toHaveCount(7)
		await expect(items.first()).toContainText('Gift Pack + VIP Call')
	})
})

test.describe('contest countdown', () => {
	test('renders the time to the contest end on the server, and ticks with JS', async ({ page, member }) => {
		const before = Date.now()
		await page.goto('/dashboard/contests')
		const after = Date.now()
		const timer = page.getByRole('timer', { name: 'Time left in the contest' })
		const read = async () => {
			const text = (await timer.textContent()) ?? ''
			const m = /^(\d+)days(\d{2})hours(\d{2})minutes(\d{2})seconds$/.exec(text)
			expect(m, `timer text "${text}"`).not.toBeNull()
			const [, d, h, min, s] = m!.map(Number)
			expect(h).toBeLessThan(24)
			expect(min).toBeLessThan(60)
			expect(s).toBeLessThan(60)
			return { text, seconds: d! * 86_400 + h! * 3_600 + min! * 60 + s! }
		}
		// The seeded contest runs to the end of the current month (UTC).
		const now = new Date()
		const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
		const first = await read()
		expect(first.seconds).toBeLessThanOrEqual(Math.ceil((end - before) / 1000))
		expect(first.seconds).toBeGreaterThanOrEqual(Math.floor((end - after) / 1000) - 5)

		if (jsOff()) {
			// Without JS the server's value stays as rendered.
			await page.waitForTimeout(1_500)
			expect((await read()).text).toBe(first.text)
		} else {
			await waitForHydration(page)
			await expect(timer).not.toHaveText(first.text, { timeout: 2_500 })
			const later = await read()
			expect(later.seconds).toBeLessThan(first.seconds)
			expect(first.seconds - later.seconds).toBeLessThanOrEqual(5)
		}
	})
})
