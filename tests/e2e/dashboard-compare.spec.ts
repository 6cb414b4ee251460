import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { makeE2eTrader, type TraderSpec } from '#tests/trader-factories.ts'
import { figuresOf } from './registry-traders.ts'
import { jsOff, open } from './support.ts'

// Comparing traders (issue 40 part 3, decision 059) with JavaScript on and
// off: pick two traders with the picker (a GET form: a search, 20 choices a
// page, the traders chosen first), see both side by side with the index
// chart, its table and the monthly returns over the months they share;
// five traders chosen are refused with the message at the picker; the
// picker's pages keep the ticks; "Compare" on a trader's page starts a
// comparison with them.

const LONG = {
	slug: 'e2e-compare-long',
	name: 'Cora E2E Compare',
	brokerSlug: 'exness',
	days: 500,
	daily: () => 0.001,
} satisfies TraderSpec
const SHORT = {
	slug: 'e2e-compare-short',
	name: 'Cole E2E Compare',
	brokerSlug: 'exness',
	days: 130,
	daily: (i: number) => (i % 4 === 0 ? -0.003 : 0.0015),
} satisfies TraderSpec
const MORE = [
	{ slug: 'e2e-compare-third', name: 'Cleo E2E Compare', brokerSlug: 'exness' },
	{ slug: 'e2e-compare-fourth', name: 'Cruz E2E Compare', brokerSlug: 'exness' },
	{ slug: 'e2e-compare-fifth', name: 'Cyd E2E Compare', brokerSlug: 'exness' },
] satisfies TraderSpec[]

/** More than a page of the picker's choices, found by one search. */
const PAGED = Array.from({ length: 22 }, (_, i) => {
	const n = String(i + 1).padStart(2, '0')
	return { slug: `e2e-compare-paged-${n}`, name: `Pax ${n} E2E Paged`, brokerSlug: 'exness', days: 40 }
}) satisfies TraderSpec[]

test.beforeAll(() => {
	for (const spec of [LONG, SHORT, ...MORE, ...PAGED] as TraderSpec[]) makeE2eTrader(spec)
})

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** The short trader's complete months (the long one has them all), as the table names them. */
function sharedMonths() {
	const long = new Set(figuresOf(LONG).monthlyReturns.map((m) => m.month))
	return figuresOf(SHORT)
		.monthlyReturns.filter((m) => m.return !== null && long.has(m.month))
		.map((m) => monthFormat.format(new Date(`${m.month}-01T00:00:00Z`)))
}

function picker(page: Page) {
	return page.getByRole('form', { name: 'Choose traders to compare' })
}

/** Searches the picker (the ticks are sent along). */
async function search(page: Page, text: string) {
	await picker(page).getByRole('searchbox', { name: 'Search traders' }).fill(text)
	await picker(page).getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`))
}

test('pick two traders: both side by side, one chart with its table, the monthly returns of the same months', async ({
	page,
	member,
}) => {
	void member
	// The traders section of /dashboard leads here.
	await open(page, '/dashboard')
	await page.getByRole('link', { name: 'Compare traders side by side' }).click()
	await expect(page).toHaveURL('/dashboard/compare')
	await expect(page.getByRole('heading', { level: 1, name: 'Compare traders' })).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: 'Choose traders' })).toBeVisible()
	// Search for one, tick it, search for the other: the first stays ticked, first.
	await search(page, 'Cole E2E')
	await expect(picker(page).getByRole('checkbox')).toHaveCount(1)
	await picker(page).getByLabel(SHORT.name, { exact: true }).check()
	await search(page, 'Cora E2E')
	const chosen = picker(page).getByRole('list', { name: 'Chosen' })
	await expect(chosen.getByRole('checkbox')).toHaveCount(1)
	await expect(chosen.getByLabel(SHORT.name, { exact: true })).toBeChecked()
	await picker(page).getByRole('list', { name: 'Choices' }).getByLabel(LONG.name, { exact: true }).check()
	await picker(page).getByRole('button', { name: 'Compare' }).click()
	await expect(page).toHaveURL(/\/dashboard\/compare\?.*ids=/)
	// The trader chosen first comes first: the comparison keeps the order.
	const figures = page.getByRole('table', { name: 'Every figure of the traders compared' })
	await expect(figures.getByRole('columnheader')).toHaveText(['Figure', SHORT.name, LONG.name])
	const sinceStart = figures.getByRole('row', { name: /^Return since start/ })
	await expect(sinceStart.getByRole('cell')).toHaveCount(2)
	await expect(sinceStart.getByRole('cell').nth(1)).toHaveText(/^\+\d+\.\d%$/)
	await expect(figures.getByRole('row', { name: /^Red flags/ })).toContainText('Short history')

	const months = sharedMonths()
	expect(months.length).toBeGreaterThanOrEqual(3)
	const chart = page.getByRole('img', { name: `Index, 100 at the start of ${months[0]}` })
	await expect(chart).toBeVisible()
	await expect(chart).toHaveAccessibleDescription(
		/^Each trader’s index from start of .* \(100\) to .*: Cole E2E Compare \d+\.\d, Cora E2E Compare \d+\.\d\.$/,
	)
	const index = page.getByRole('table', { name: 'The index’s figures' })
	await expect(index.getByRole('row')).toHaveCount(months.length + 2)
	await expect(index.getByRole('row').nth(1).getByRole('cell')).toHaveText(['100.00', '100.00'])

	const monthly = page.getByRole('table', { name: 'Monthly returns over the same months' })
	await expect(monthly.getByRole('columnheader')).toHaveText(['Month', SHORT.name, LONG.name])
	await expect(monthly.getByRole('rowheader')).toHaveText(months)
	await expect(monthly.getByRole('row').nth(1).getByRole('cell')).toHaveText([/^[+-]\d+\.\d%$/, /^\+\d+\.\d%$/])
})

test('five traders chosen: the message at the picker, nothing compared', async ({ page, member }) => {
	void member
	await open(page, '/dashboard/compare')
	await search(page, 'E2E Compare')
	for (const spec of [LONG, SHORT, ...MORE]) await picker(page).getByLabel(spec.name, { exact: true }).check()
	await picker(page).getByRole('button', { name: 'Compare' }).click()
	const message = 'You can compare at most 4 traders at once; you chose 5. Leave some out'
	await expect(picker(page).getByRole('group', { name: /^Traders to compare/ })).toHaveAccessibleDescription(message)
	await expect(page.getByText(message)).toBeVisible()
	await expect(page.getByRole('table')).toHaveCount(0)
	// The boxes stay as chosen, to leave some out.
	for (const spec of [LONG, SHORT, ...MORE]) {
		await expect(picker(page).getByLabel(spec.name, { exact: true })).toBeChecked()
	}
	// The same selection by link answers 400.
	const response = await page.goto(`/dashboard/compare?ids=${[LONG, SHORT, ...MORE].map((s) => s.slug).join(',')}`)
	expect(response?.status()).toBe(400)
})

test('"Compare" on a trader’s page starts a comparison with that trader', async ({ page, member }) => {
	void member
	await open(page, `/dashboard/traders/${LONG.slug}`)
	const detail = page.getByRole(jsOff() ? 'region' : 'dialog', { name: LONG.name })
	await detail.getByRole('link', { name: 'Compare', exact: true }).click()
	await expect(page).toHaveURL(`/dashboard/compare?ids=${LONG.slug}`)
	await expect(page.getByText('Choose at least 2 traders to compare')).toBeVisible()
	await expect(picker(page).getByLabel(LONG.name, { exact: true })).toBeChecked()
	await search(page, MORE[0]!.name)
	await picker(page).getByLabel(MORE[0]!.name, { exact: true }).check()
	await picker(page).getByRole('button', { name: 'Compare' }).click()
	const figures = page.getByRole('table', { name: 'Every figure of the traders compared' })
	await expect(figures.getByRole('columnheader')).toHaveText(['Figure', LONG.name, MORE[0]!.name])
	// After a comparison the picker changes it: the traders compared are ticked.
	await expect(page.getByRole('heading', { level: 2, name: 'Change the traders' })).toBeVisible()
	await expect(picker(page).getByLabel(LONG.name, { exact: true })).toBeChecked()
})

test('the picker pages 20 choices at a time, keeping the search and the ticks; a search too long is named', async ({
	page,
	member,
}) => {
	void member
	await open(page, '/dashboard/compare')
	await search(page, 'E2E Paged')
	const choices = picker(page).getByRole('list', { name: 'Choices' })
	await expect(choices.getByRole('checkbox')).toHaveCount(20)
	const pages = picker(page).getByRole('navigation', { name: 'Pages of traders to choose from' })
	await expect(pages).toContainText('Page 1 of 2 (22 traders)')
	await expect(pages.getByRole('button', { name: /^Previous/ })).toHaveCount(0)
	// Tick one on the first page, then the next page: it stays ticked, first.
	const first = await choices.getByRole('checkbox').first().getAttribute('value')
	const firstName = PAGED.find((s) => s.slug === first)!.name
	await choices.getByLabel(firstName, { exact: true }).check()
	await pages.getByRole('button', { name: /^Next/ }).click()
	await expect(page).toHaveURL(/[?&]page=2/)
	await expect(pages).toContainText('Page 2 of 2 (21 traders)')
	await expect(picker(page).getByRole('searchbox', { name: 'Search traders' })).toHaveValue('E2E Paged')
	await expect(picker(page).getByRole('list', { name: 'Chosen' }).getByLabel(firstName, { exact: true })).toBeChecked()
	await expect(choices.getByRole('checkbox')).toHaveCount(1)
	// Previous and back: the tick and the search stay.
	await pages.getByRole('button', { name: /^Previous/ }).click()
	await expect(pages).toContainText('Page 1 of 2 (21 traders)')
	await expect(picker(page).getByRole('list', { name: 'Chosen' }).getByLabel(firstName, { exact: true })).toBeChecked()
	await pages.getByRole('button', { name: /^Next/ }).click()
	await expect(pages).toContainText('Page 2 of 2 (21 traders)')
	await expect(choices.getByRole('checkbox')).toHaveCount(1)
	const last = (await choices.getByRole('checkbox').getAttribute('value'))!
	await choices.getByRole('checkbox').check()
	await picker(page).getByRole('button', { name: 'Compare' }).click()
	const figures = page.getByRole('table', { name: 'Every figure of the traders compared' })
	await expect(figures.getByRole('columnheader')).toHaveText([
		'Figure',
		firstName,
		PAGED.find((s) => s.slug === last)!.name,
	])
	// The picker keeps the search: the two compared ticked first, the 20 others on one page.
	await expect(picker(page).getByRole('searchbox', { name: 'Search traders' })).toHaveValue('E2E Paged')
	await expect(picker(page).getByRole('list', { name: 'Chosen' }).getByRole('checkbox')).toHaveCount(2)
	await expect(choices.getByRole('checkbox')).toHaveCount(20)
	await expect(pages).toHaveCount(0)

	const long = 'x'.repeat(101)
	await picker(page).getByRole('searchbox', { name: 'Search traders' }).fill(long)
	await picker(page).getByRole('button', { name: 'Search' }).click()
	const message = 'Search is at most 80 characters'
	await expect(picker(page).getByRole('searchbox', { name: 'Search traders' })).toHaveAccessibleDescription(message)
	await expect(picker(page).getByRole('searchbox', { name: 'Search traders' })).toHaveAttribute('aria-invalid', 'true')
	// The search is not applied; the ticks are kept.
	await expect(picker(page).getByRole('list', { name: 'Chosen' }).getByRole('checkbox')).toHaveCount(2)
})
