import type { Page } from '@playwright/test'
import { TRADER_SORTS, traders, type TraderSort } from '#app/content/dashboard.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { jsOff, open, waitForHydration } from './support.ts'

/** The content's traders in the order a sort must show them: highest first, ties in content order. */
function expectedOrder(sort: TraderSort) {
	return traders
		.map((t, i) => ({ t, i }))
		.sort((a, b) => b.t[sort] - a.t[sort] || a.i - b.i)
		.map(({ t }) => t.name)
}

function traderTable(page: Page) {
	return page.getByRole('region', { name: 'Live Top Traders' }).getByRole('table')
}

function traderNames(page: Page) {
	return traderTable(page).locator('tbody tr').getByRole('link')
}

test.describe('Live Top Traders sort', () => {
	test('the default order is Weekly Return', async ({ page, member }) => {
		await open(page, '/dashboard')
		await expect(page.getByLabel('Sort by')).toHaveValue('weeklyReturn')
		await expect(traderNames(page)).toHaveText(expectedOrder('weeklyReturn'))
	})

	test('each option reorders the table on the server and puts ?sort= in the URL', async ({ page, member }) => {
		await open(page, '/dashboard')
		const select = page.getByLabel('Sort by')
		await expect(select.getByRole('option')).toHaveText(TRADER_SORTS.map((s) => s.label))
		if (jsOff()) await expect(page.getByRole('button', { name: 'Sort', exact: true })).toBeVisible()
		// Weekly Return last, so that every step is a change.
		for (const sort of ['monthlyReturn', 'winRate', 'followers', 'weeklyReturn'] as const) {
			const label = TRADER_SORTS.find((s) => s.value === sort)!.label
			// With JS the select submits itself (a client navigation, no reload);
			// without JS the Sort button submits the GET form.
			if (!jsOff()) await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
			await select.selectOption({ label })
			if (jsOff()) await page.getByRole('button', { name: 'Sort', exact: true }).click()
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard?sort=${sort}`)
			const order = expectedOrder(sort)
			await expect(traderNames(page).first(), `${label} leader`).toHaveText(order[0]!)
			await expect(traderNames(page)).toHaveText(order)
			await expect(page.getByLabel('Sort by')).toHaveValue(sort)
			if (!jsOff())
				expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
		}
	})

	test('a sort in the URL is applied on load; an unknown one falls back to Weekly Return', async ({ page, member }) => {
		await page.goto('/dashboard?sort=winRate')
		await expect(traderNames(page).first()).toHaveText(expectedOrder('winRate')[0]!)
		await expect(traderNames(page)).toHaveText(expectedOrder('winRate'))
		await expect(page.getByLabel('Sort by')).toHaveValue('winRate')
		await page.goto('/dashboard?sort=__proto__')
		await expect(traderNames(page)).toHaveText(expectedOrder('weeklyReturn'))
		await expect(page.getByLabel('Sort by')).toHaveValue('weeklyReturn')
	})
})

test.describe('trader detail', () => {
	const trader = traders.find((t) => t.id === 'tunde-bakare')!

	test('a trader opens over the home page (a dialog with JS, a page section without) and closes back to /dashboard with ?sort=', async ({
		page,
		member,
	}) => {
		await page.goto('/dashboard?sort=followers')
		await waitForHydration(page)
		await traderTable(page).getByRole('link', { name: trader.name }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/traders/${trader.id}?sort=followers`)
		// The home page stays rendered behind (JS) or below (no JS) the details.
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/, includeHidden: true })).toBeAttached()

		const detail = jsOff()
			? page.getByRole('region', { name: trader.name })
			: page.getByRole('dialog', { name: trader.name })
		await expect(detail).toBeVisible()
		await expect(detail).toContainText(trader.strategy)
		await expect(detail).toContainText(`Weekly return+${trader.weeklyReturn}%`)
		await expect(detail).toContainText(`Win rate${trader.winRate}%`)
		await expect(detail).toContainText(`Total trades${trader.totalTrades.toLocaleString('en-US')}`)
		await expect(detail).toContainText(trader.monthlyRecord)
		// The recommended broker, through its tracked link (tests/e2e/broker-links.spec.ts follows it).
		await expect(
			detail.getByRole('link', { name: `Copy ${trader.name} with Exness (opens in a new tab)` }),
		).toHaveAttribute('href', '/go/exness')

		if (jsOff()) {
			await expect(page.getByRole('dialog')).toHaveCount(0)
		} else {
			// A modal dialog: described by the strategy, focus inside, Escape closes it.
			await expect(detail).toHaveAccessibleDescription(trader.strategy)
			expect(await detail.evaluate((d) => d.matches(':modal') && d.contains(document.activeElement))).toBe(true)
			await page.keyboard.press('Escape')
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard?sort=followers`)
			await expect(detail).toHaveCount(0)
			await expect(traderNames(page)).toHaveText(expectedOrder('followers'))
			await traderTable(page).getByRole('link', { name: trader.name }).click()
			await expect(detail).toBeVisible()
		}

		await detail.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard?sort=followers`)
		await expect(detail).toHaveCount(0)
		await expect(traderNames(page)).toHaveText(expectedOrder('followers'))
	})

	test('the detail URL loaded directly shows the trader (a page section without JS, the dialog with JS)', async ({
		page,
		member,
	}) => {
		const response = await page.goto(`/dashboard/traders/${trader.id}`)
		expect(response?.status()).toBe(200)
		await waitForHydration(page)
		await expect(page).toHaveTitle(new RegExp(`^${trader.name} \\| `))
		if (jsOff()) {
			await expect(page.getByRole('region', { name: trader.name })).toBeVisible()
			await expect(page.getByRole('dialog')).toHaveCount(0)
		} else {
			await expect(page.getByRole('dialog', { name: trader.name })).toBeVisible()
		}
		const detail = page.getByRole(jsOff() ? 'region' : 'dialog', { name: trader.name })
		await expect(detail.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/dashboard')
		await detail.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`)
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible()
	})

	test('an unknown trader is a 404', async ({ page, member }) => {
		const response = await page.goto('/dashboard/traders/no-such-trader')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(page.getByText('no-such-trader')).toHaveCount(0)
	})
})

test.describe('charts (SVG drawn on the server)', () => {
	test('a 12-week sparkline per trader, and an equity curve and monthly bars on the detail, in the server HTML', async ({
		page,
		member,
		request,
	}) => {
		// The server's HTML itself, without a browser: every chart is there before any script.
		const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
		const home = await (await request.get('/dashboard', { headers: { Cookie: cookie } })).text()
		expect(home.match(/data-chart="sparkline"/g)).toHaveLength(traders.length)
		const detail = await (
			await request.get(`/dashboard/traders/${traders[0]!.id}`, { headers: { Cookie: cookie } })
		).text()
		expect(detail).toContain('data-chart="equity-curve"')
		expect(detail).toContain('data-chart="monthly-bars"')

		await open(page, '/dashboard')
		const table = traderTable(page)
		const first = table.locator('tbody tr').first()
		await expect(first.getByRole('img', { name: /weekly returns: 12 weeks from .* \(sample figures\)$/ })).toBeVisible()
		await open(page, `/dashboard/traders/${traders[0]!.id}`)
		await expect(page.getByRole('img', { name: /^\$1,000 copied 12 months ago would be \$[\d,]+ now/ })).toBeVisible()
		await expect(page.getByRole('img', { name: /^Monthly returns, last 12 months: 11 of 12 profitable/ })).toBeVisible()
		// The figures behind the bars, as a table (a <details>: works without JavaScript).
		const bars = page.locator('[data-chart="monthly-bars"]')
		await bars.getByText('Show the figures').click()
		await expect(bars.getByRole('row').filter({ hasText: '+18.2%' })).toBeVisible()
		expect(member.email).toBeTruthy()
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
		// The copy buttons are the JS enhancement.
		await expect(page.getByRole('button', { name: /^Copy code / })).toHaveCount(jsOff() ? 0 : 3)
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
		await open(page, '/dashboard')
		const table = traderTable(page)
		// No sideways scrolling: the cards fit the screen.
		const box = await page.getByRole('region', { name: 'Traders table' }).evaluate((el) => ({
			scroll: el.scrollWidth,
			client: el.clientWidth,
		}))
		expect(box.scroll).toBeLessThanOrEqual(box.client)
		const first = table.locator('tbody tr').first()
		const trader = traders.find((t) => t.name === expectedOrder('weeklyReturn')[0])!
		await expect(first).toContainText(`1.${trader.name}`)
		await expect(first.locator('td[data-label="Weekly"]')).toHaveText(`+${trader.weeklyReturn}%`)
		await expect(first.locator('td[data-label="Monthly"]')).toHaveText(`+${trader.monthlyReturn}%`)
		await expect(first).toContainText(`${trader.riskLevel} risk`)
		await expect(first.locator('svg[data-chart="sparkline"]')).toBeVisible()
		// Win rate and followers wait for the detail.
		await expect(first.getByText(`${trader.winRate}%`, { exact: true })).toBeHidden()
		// Live Top Traders comes before the quick-start guide.
		const tradersTop = (await page.getByRole('heading', { name: 'Live Top Traders' }).boundingBox())!.y
		const guideTop = (await page.getByRole('heading', { name: 'Quick-start guide' }).boundingBox())!.y
		expect(tradersTop).toBeLessThan(guideTop)
		expect(tradersTop).toBeLessThan(800)
		// The whole card is the link: tapping the sparkline opens the trader.
		const spark = (await first.locator('svg[data-chart="sparkline"]').boundingBox())!
		await page.mouse.click(spark.x + spark.width / 2, spark.y + spark.height / 2)
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/traders/${trader.id}`)
		await expect(page.getByRole(jsOff() ? 'region' : 'dialog', { name: trader.name })).toBeVisible()
	})
})
