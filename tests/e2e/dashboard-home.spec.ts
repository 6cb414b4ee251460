import type { Page } from '@playwright/test'
import { TRADER_SORTS } from '#app/features/traders/schemas.ts'
import { percent, signedPercent } from '#app/features/traders/format.ts'
import { RANKING_RULE } from '#app/features/traders/metrics.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { FOLLOWED, figuresOf, IN_REVIEW, LEADER, makeRegistryTraders, RETIRED, WATCHED } from './registry-traders.ts'
import { jsOff, open, waitForHydration } from './support.ts'

// Live Top Traders read the registry (decision 056). Sample traders may be
// listed too: these specs check their own traders' places and figures.
test.beforeAll(() => makeRegistryTraders())

function traderTable(page: Page) {
	return page.getByRole('region', { name: 'Live Top Traders' }).getByRole('table')
}

function traderNames(page: Page) {
	return traderTable(page).locator('tbody tr td:first-child').getByRole('link')
}

/** Who tops each sort among the specs' traders (they are made to top them all). */
const LEADS = {
	score: LEADER.name,
	weeklyReturn: LEADER.name,
	monthlyReturn: LEADER.name,
	winRate: LEADER.name,
	followers: FOLLOWED.name,
} as const

test.describe('Live Top Traders sort', () => {
	test('the default order is the ranking score, with the How we rank note', async ({ page, member }) => {
		void member
		await open(page, '/dashboard')
		await expect(page.getByLabel('Sort by')).toHaveValue('score')
		await expect(traderNames(page).first()).toHaveText(LEADER.name)
		const section = page.getByRole('region', { name: 'Live Top Traders' })
		await section.getByText('How we rank', { exact: true }).click()
		await expect(section.getByText(RANKING_RULE)).toBeVisible()
	})

	test('each option reorders the table on the server and puts ?sort= in the URL', async ({ page, member }) => {
		void member
		await open(page, '/dashboard')
		const select = page.getByLabel('Sort by')
		await expect(select.getByRole('option')).toHaveText(TRADER_SORTS.map((s) => s.label))
		if (jsOff()) await expect(page.getByRole('button', { name: 'Sort', exact: true })).toBeVisible()
		for (const sort of ['followers', 'weeklyReturn', 'monthlyReturn', 'winRate', 'followers'] as const) {
			const label = TRADER_SORTS.find((s) => s.value === sort)!.label
			// With JS the select submits itself (a client navigation, no reload);
			// without JS the Sort button submits the GET form.
			if (!jsOff()) await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
			await select.selectOption({ label })
			if (jsOff()) await page.getByRole('button', { name: 'Sort', exact: true }).click()
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard?sort=${sort}`)
			await expect(traderNames(page).first(), `${label} leader`).toHaveText(LEADS[sort])
			await expect(page.getByLabel('Sort by')).toHaveValue(sort)
			if (!jsOff())
				expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
		}
		// Followers: the watch trader second, with its warning.
		await expect(traderNames(page).nth(1)).toHaveText(WATCHED.name)
		await expect(traderTable(page).locator(`tr[data-trader="${WATCHED.slug}"]`)).toContainText(
			`On watch: ${WATCHED.note}`,
		)
	})

	test('a sort in the URL is applied on load; ascending puts nulls last; an unknown sort falls back to the score', async ({
		page,
		member,
	}) => {
		void member
		await page.goto('/dashboard?sort=followers')
		await expect(traderNames(page).first()).toHaveText(FOLLOWED.name)
		await expect(page.getByLabel('Sort by')).toHaveValue('followers')
		await page.goto('/dashboard?sort=__proto__')
		await expect(traderNames(page).first()).toHaveText(LEADER.name)
		await expect(page.getByLabel('Sort by')).toHaveValue('score')
	})

	test('the leader’s row shows its computed figures; not-yet-reviewed traders are not listed', async ({
		page,
		member,
	}) => {
		void member
		const f = figuresOf(LEADER)
		await open(page, '/dashboard')
		const row = traderTable(page).locator(`tr[data-trader="${LEADER.slug}"]`)
		await expect(row.locator('td[data-label="Weekly"]')).toHaveText(signedPercent(f.return1w))
		await expect(row.locator('td[data-label="Monthly"]')).toHaveText(signedPercent(f.metrics.return1m))
		await expect(row).toContainText(percent(f.metrics.winRate))
		await expect(row).toContainText(`Risk ${f.riskScore}/10`)
		await expect(traderTable(page).getByRole('link', { name: IN_REVIEW.name })).toHaveCount(0)
		await expect(traderTable(page).getByRole('link', { name: RETIRED.name })).toHaveCount(0)
	})
})

test.describe('Past traders', () => {
	test('a retired trader is listed with its reason and its detail stays open to members', async ({ page, member }) => {
		void member
		await open(page, '/dashboard')
		const past = page.getByRole('region', { name: 'Past traders' })
		const row = past.locator(`tr[data-past-trader="${RETIRED.slug}"]`)
		await expect(row).toContainText('Retired')
		await expect(row).toContainText(RETIRED.note)
		await row.getByRole('link', { name: RETIRED.name }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/traders/${RETIRED.slug}`)
		const detail = page.getByRole(jsOff() ? 'region' : 'dialog', { name: RETIRED.name })
		await expect(detail).toContainText(`Retired: ${RETIRED.note}`)
		// No Copy button for a past trader.
		await expect(detail.getByRole('link', { name: /^Copy / })).toHaveCount(0)
	})
})

test.describe('trader detail', () => {
	test('a trader opens over the home page (a dialog with JS, a page section without) with the computed figures, and closes back with ?sort=', async ({
		page,
		member,
	}) => {
		void member
		const f = figuresOf(LEADER)
		await page.goto('/dashboard?sort=winRate')
		await waitForHydration(page)
		await traderTable(page).getByRole('link', { name: LEADER.name }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/traders/${LEADER.slug}?sort=winRate`)
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/, includeHidden: true })).toBeAttached()

		const detail = jsOff()
			? page.getByRole('region', { name: LEADER.name })
			: page.getByRole('dialog', { name: LEADER.name })
		await expect(detail).toBeVisible()
		await expect(detail).toContainText(`Return, 12 months${signedPercent(f.metrics.return12m)}`)
		await expect(detail).toContainText(`Max drawdown${percent(f.metrics.maxDrawdown)}`)
		await expect(detail).toContainText(`Win rate${percent(f.metrics.winRate)}`)
		await expect(detail).toContainText(`Trades${f.metrics.trades}`)
		await expect(detail).toContainText(`Risk ${f.riskScore}/10`)
		await expect(detail).toContainText(
			/Reviewed by TradeCircle staff on \d{1,2} \w+ \d{4}; next review \d{1,2} \w+ \d{4}/,
		)
		await expect(detail).toContainText('Source: Daily equity and closed trades from the trader’s account at')
		// Past performance: complete 12-month periods, with the source, currency and the sentence.
		const pastPerformance = detail.getByRole('region', { name: 'Past performance, complete 12-month periods' })
		await expect(pastPerformance.getByRole('listitem')).toHaveCount(f.periods.length)
		await expect(pastPerformance).toContainText(signedPercent(f.periods[0]!.return))
		await expect(pastPerformance).toContainText('in USD')
		await expect(pastPerformance).toContainText('Past performance is not a reliable indicator of future results.')
		// The trader's broker, through its tracked link naming the trader (followers).
		await expect(
			detail.getByRole('link', { name: `Copy ${LEADER.name} with Exness (opens in a new tab)` }),
		).toHaveAttribute('href', `/go/exness?trader=${LEADER.slug}`)

		if (!jsOff()) {
			expect(await detail.evaluate((d) => d.matches(':modal') && d.contains(document.activeElement))).toBe(true)
			// Opened from the list, the list stays behind the dialog, through the Watch form's post too (docs/decisions/065-read-replicas.md).
			const behind = page.locator(`#traders tr[data-trader="${LEADER.slug}"]`)
			await expect(behind).toBeAttached()
			await detail.getByRole('button', { name: 'Watch' }).click()
			await expect(detail.getByRole('button', { name: 'Stop watching' })).toBeVisible()
			await expect(behind).toBeAttached()
			await detail.getByRole('button', { name: 'Stop watching' }).click()
			await expect(detail.getByRole('button', { name: 'Watch' })).toBeVisible()
			await page.keyboard.press('Escape')
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard?sort=winRate`)
			await expect(detail).toHaveCount(0)
			await traderTable(page).getByRole('link', { name: LEADER.name }).click()
			await expect(detail).toBeVisible()
		} else {
			await expect(page.getByRole('dialog')).toHaveCount(0)
		}
		await detail.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard?sort=winRate`)
		await expect(detail).toHaveCount(0)
	})

	test('the detail URL loaded directly shows the greeting and the trader only; the list loads on closing it', async ({
		page,
		member,
	}) => {
		void member
		const response = await page.goto(`/dashboard/traders/${LEADER.slug}`)
		expect(response?.status()).toBe(200)
		await waitForHydration(page)
		await expect(page).toHaveTitle(new RegExp(`^${LEADER.name} \\| `))
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/, includeHidden: true })).toBeAttached()
		const detail = page.getByRole(jsOff() ? 'region' : 'dialog', { name: LEADER.name })
		await expect(detail).toBeVisible()
		// Decision 063: no list rendered behind a trader's own page.
		await expect(page.locator('#traders')).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'All reviewed traders', includeHidden: true })).toHaveAttribute(
			'href',
			'/dashboard#traders',
		)
		await expect(detail.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/dashboard')
		await detail.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`)
		await expect(traderNames(page).first()).toHaveText(LEADER.name)
	})

	test('an unknown trader and one still in review are 404', async ({ page, member }) => {
		void member
		for (const slug of ['no-such-trader', IN_REVIEW.slug]) {
			const response = await page.goto(`/dashboard/traders/${slug}`)
			expect(response?.status()).toBe(404)
			await expect(page.getByRole('dialog')).toHaveCount(0)
		}
	})
})

test.describe('charts (SVG drawn on the server)', () => {
	test('a sparkline per trader with months, and an equity curve and monthly bars on the detail, in the server HTML', async ({
		page,
		member,
		request,
	}) => {
		void member
		const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
		const home = await (await request.get('/dashboard', { headers: { Cookie: cookie } })).text()
		expect(home).toMatch(/data-chart="sparkline"/)
		const detail = await (
			await request.get(`/dashboard/traders/${LEADER.slug}`, { headers: { Cookie: cookie } })
		).text()
		expect(detail).toContain('data-chart="equity-curve"')
		expect(detail).toContain('data-chart="monthly-bars"')
		await open(page, '/dashboard')
		const row = traderTable(page).locator(`tr[data-trader="${LEADER.slug}"]`)
		await expect(
			row.getByRole('img', { name: /monthly returns: 12 months from .* \(from verified statements\)$/ }),
		).toBeVisible()
		await open(page, `/dashboard/traders/${LEADER.slug}`)
		await expect(page.getByRole('img', { name: /^Monthly returns, 12 complete months: / })).toBeVisible()
	})
})

test.describe('copy buttons', () => {
	test('codes are visible as text; with JS a copy button copies and shows Copied! for 2 seconds', async ({
		page,
		context,
		member,
	}) => {
		if (!jsOff()) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL })
		await open(page, '/dashboard')
		for (const code of ['WELCOME100', 'SPLIT50', 'ZEROFEE', member.referralCode]) {
			await expect(page.getByText(code, { exact: true })).toBeVisible()
		}
		// The copy buttons are the JS enhancement. Staff run the promotions (decision 062): other
		// specs may publish some of their own meanwhile, so the samples' buttons are counted.
		if (jsOff()) await expect(page.getByRole('button', { name: /^Copy code / })).toHaveCount(0)
		else
			for (const code of ['WELCOME100', 'SPLIT50', 'ZEROFEE'])
				await expect(page.getByRole('button', { name: `Copy code ${code}`, exact: true })).toHaveCount(1)
		if (!jsOff()) {
			const promo = page.getByRole('listitem').filter({ has: page.getByText('SPLIT50', { exact: true }) })
			const button = promo.getByRole('button')
			await expect(button).toHaveText('Copy code SPLIT50')
			await button.click()
			await expect(button).toHaveText('Copied!')
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SPLIT50')
			await expect(button).toHaveText('Copy code SPLIT50', { timeout: 5_000 })
		}

		await page.goto('/dashboard/referrals')
		await waitForHydration(page)
		const section = page.getByRole('region', { name: 'Your referral link' })
		const link = `${E2E_BASE_URL}/signup?ref=${member.referralCode}`
		await expect(section.getByText(link, { exact: true })).toBeVisible()
		await expect(section.getByRole('button')).toHaveCount(jsOff() ? 0 : 1)
		if (!jsOff()) {
			const copy = section.getByRole('button')
			await expect(copy).toHaveText('Copy link')
			await copy.click()
			await expect(copy).toHaveText('Copied!')
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
		}
	})
})

test.describe('Live Top Traders on a 360 px phone', () => {
	test.use({ viewport: { width: 360, height: 780 } })

	test('traders are stacked cards (rank, name, sparkline, returns, risk) before the guide; a tap anywhere opens the detail', async ({
		page,
		member,
	}) => {
		void member
		const f = figuresOf(LEADER)
		await open(page, '/dashboard')
		const table = traderTable(page)
		const box = await page.getByRole('region', { name: 'Traders table', exact: true }).evaluate((el) => ({
			scroll: el.scrollWidth,
			client: el.clientWidth,
		}))
		expect(box.scroll).toBeLessThanOrEqual(box.client)
		const first = table.locator('tbody tr').first()
		await expect(first).toContainText(`1.${LEADER.name}`)
		await expect(first.locator('td[data-label="Weekly"]')).toHaveText(signedPercent(f.return1w))
		await expect(first.locator('td[data-label="Monthly"]')).toHaveText(signedPercent(f.metrics.return1m))
		await expect(first).toContainText(`Risk ${f.riskScore}/10`)
		await expect(first.locator('svg[data-chart="sparkline"]')).toBeVisible()
		await expect(first.getByText(percent(f.metrics.winRate), { exact: true })).toBeHidden()
		const tradersTop = (await page.getByRole('heading', { name: 'Live Top Traders' }).boundingBox())!.y
		const guideTop = (await page.getByRole('heading', { name: 'Quick-start guide' }).boundingBox())!.y
		expect(tradersTop).toBeLessThan(guideTop)
		expect(tradersTop).toBeLessThan(800)
		await first.locator('svg[data-chart="sparkline"]').scrollIntoViewIfNeeded()
		const spark = (await first.locator('svg[data-chart="sparkline"]').boundingBox())!
		await page.mouse.click(spark.x + spark.width / 2, spark.y + spark.height / 2)
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/traders/${LEADER.slug}`)
		await expect(page.getByRole(jsOff() ? 'region' : 'dialog', { name: LEADER.name })).toBeVisible()
	})
})
