import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { LEADER, makeRegistryTraders } from './registry-traders.ts'
import { jsOff, open } from './support.ts'

// The members' trader filters (issue 40 part 1, decision 057): a GET form
// in Live Top Traders, so a filtered list is a link and works with
// JavaScript off; a bad value is named at its field and left out; the sort
// keeps the filters and the filters keep the sort; a sort by short returns
// carries the warning.

test.beforeAll(() => makeRegistryTraders())

function section(page: Page) {
	return page.getByRole('region', { name: 'Live Top Traders' })
}

function names(page: Page) {
	return section(page).getByRole('table').locator('tbody tr td:first-child').getByRole('link')
}

async function openFilters(page: Page) {
	const form = page.getByRole('form', { name: 'Filter traders' })
	if (!(await form.isVisible()))
		await section(page)
			.getByText(/^Filter traders/)
			.click()
	await expect(form).toBeVisible()
	return form
}

test('search, then a sort that keeps it, then clear: the list follows the URL', async ({ page, member }) => {
	void member
	await open(page, '/dashboard')
	const form = await openFilters(page)
	await form.getByLabel('Search name or strategy').fill('E2E Leader')
	await form.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/\/dashboard\?q=E2E\+Leader$/)
	await expect(names(page)).toHaveText([LEADER.name])
	await expect(section(page).getByText('Filter traders (1 in use)')).toBeVisible()

	// The sort keeps the filter.
	await page.getByLabel('Sort by').selectOption({ label: 'Win Rate' })
	if (jsOff()) await page.getByRole('button', { name: 'Sort', exact: true }).click()
	await expect(page).toHaveURL(/\/dashboard\?sort=winRate&q=E2E\+Leader$/)
	await expect(names(page)).toHaveText([LEADER.name])

	// No match: said so.
	const again = await openFilters(page)
	await again.getByLabel('Search name or strategy').fill('nobody-trades-like-this')
	await again.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/sort=winRate&q=nobody-trades-like-this$/)
	await expect(section(page).getByText('No traders match these filters.')).toBeVisible()

	// Clear: every trader again, the sort kept.
	await section(page).getByRole('link', { name: 'Clear filters' }).click()
	await expect(page).toHaveURL(/\/dashboard\?sort=winRate$/)
	// Polled: with JS the URL changes a moment before the list renders (the empty one was still shown).
	await expect.poll(() => names(page).count()).toBeGreaterThan(1)
})

test('markets, red flags and risk: the rows shown meet them', async ({ page, member }) => {
	void member
	await open(page, '/dashboard')
	const form = await openFilters(page)
	await form.getByLabel('XAUUSD').check()
	await form.getByLabel('No red flags').check()
	await form.getByLabel('Risk score up to').selectOption('8')
	await form.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/\?riskMax=8&noFlags=1&markets=XAUUSD$/)
	// With JS the URL can change a moment before the filtered list renders: the summary names the three filters
	// once it has (counting the rows before that read the unfiltered list, whose rows then went away).
	await expect(section(page).getByText('Filter traders (3 in use)')).toBeVisible()
	const rows = section(page).getByRole('table').locator('tbody tr')
	await expect(rows).not.toHaveCount(0)
	await expect(rows.filter({ hasText: 'Red flags:' })).toHaveCount(0)
	await expect((await openFilters(page)).getByLabel('XAUUSD')).toBeChecked()
})

test('a bad value is named at its field and left out of the list', async ({ page, member }) => {
	void member
	await open(page, '/dashboard?maxDrawdown=150&q=E2E%20Leader')
	const form = await openFilters(page)
	const drawdown = form.getByLabel('Max drawdown up to (%)')
	await expect(drawdown).toHaveValue('150')
	await expect(drawdown).toHaveAttribute('aria-invalid', 'true')
	await expect(drawdown).toHaveAccessibleDescription(/Maximum drawdown is a percentage from 1 to 100/)
	// The good filter still applies.
	await expect(names(page)).toHaveText([LEADER.name])
	await open(page, '/dashboard?broker=no-such-broker')
	await expect((await openFilters(page)).getByLabel('Broker')).toHaveAccessibleDescription(
		'Unknown broker: no-such-broker',
	)
})

test('a sort by a week’s or a month’s return says short results mostly reflect luck', async ({ page, member }) => {
	void member
	const warning =
		'Returns over a week or a month mostly reflect luck, not skill: compare the 12-month record and the risk score too.'
	await open(page, '/dashboard')
	await expect(section(page).getByText(warning)).toHaveCount(0)
	await open(page, '/dashboard?sort=weeklyReturn')
	await expect(section(page).getByText(warning)).toBeVisible()
	await open(page, '/dashboard?sort=monthlyReturn')
	await expect(section(page).getByText(warning)).toBeVisible()
})
