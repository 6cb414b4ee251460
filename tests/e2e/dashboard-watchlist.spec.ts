import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { bearer, E2E_DATABASE, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { makeE2eTrader } from '#tests/trader-factories.ts'
import { jsOff, open } from './support.ts'

// The watchlist (issue 40 part 2, decision 058) with JavaScript on and off:
// Watch on a trader's detail, the list with the drawdown alert (a bad value
// named at its field), Mark as seen, Stop watching; and an alert arriving
// in the inbox after a statement with a deep drawdown is applied.

const WATCHED = {
	slug: 'e2e-watchlist-calm',
	name: 'Wanda E2E Watchlist',
	brokerSlug: 'exness',
	daily: () => 0.001,
}

test.beforeAll(() => {
	makeE2eTrader(WATCHED)
})

function detail(page: Page) {
	return page.getByRole(jsOff() ? 'region' : 'dialog', { name: WATCHED.name })
}

test('watch from the detail, set the alert, mark as seen, stop watching', async ({ page, member }) => {
	void member
	await open(page, `/dashboard/traders/${WATCHED.slug}`)
	await detail(page).getByRole('button', { name: 'Watch', exact: true }).click()
	await expect(page.getByRole('status')).toHaveText(`You are watching ${WATCHED.name}.`)
	await expect(detail(page).getByRole('button', { name: 'Stop watching' })).toBeVisible()

	await open(page, '/dashboard/watchlist')
	await expect(page.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible()
	const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: WATCHED.name }) })
	const alert = card.getByLabel('Drawdown alert (%)')
	await expect(alert).toHaveValue('20')
	await alert.fill('95')
	await card.getByRole('button', { name: 'Save alert' }).click()
	await expect(card.getByLabel('Drawdown alert (%)')).toHaveAccessibleDescription(
		'The drawdown alert is a whole percentage from 1 to 90',
	)
	await card.getByLabel('Drawdown alert (%)').fill('30')
	await card.getByRole('button', { name: 'Save alert' }).click()
	await expect(page.getByRole('status')).toHaveText(`Drawdown alert for ${WATCHED.name} set to 30%.`)
	await expect(card.getByLabel('Drawdown alert (%)')).toHaveValue('30')

	await page.getByRole('button', { name: 'Mark as seen' }).click()
	await expect(page.getByRole('status')).toHaveText('Marked as seen: changes are counted from now.')
	await expect(page.getByText('Nothing changed since you last looked.')).toBeVisible()

	await card.getByRole('button', { name: `Stop watching ${WATCHED.name}` }).click()
	await expect(page.getByRole('status')).toHaveText(`You stopped watching ${WATCHED.name}.`)
	await expect(page.getByText('You are not watching any trader yet.')).toBeVisible()
})

test('a deep drawdown applied by staff reaches the watcher’s inbox, with a link to the trader', async ({
	page,
	member,
	request,
	superAdminToken,
}) => {
	test.setTimeout(120_000)
	// A trader of this test alone: the crash must not move the shared traders.
	const slug = `e2e-watch-crash-${jsOff() ? 'off' : 'on'}`
	const name = `Crash E2E ${jsOff() ? 'Off' : 'On'}`
	const trader = makeE2eTrader({ slug, name, brokerSlug: 'exness', daily: () => 0.001 })
	await open(page, `/dashboard/traders/${slug}`)
	await page.getByRole('button', { name: 'Watch', exact: true }).click()
	await expect(page.getByRole('status')).toHaveText(`You are watching ${name}.`)
	void member

	// Staff apply five days losing 12% a day.
	const last = withE2eDatabase(
		(db) =>
			db
				.prepare('select date, equity from trader_equity where trader_id = ? order by date desc limit 1')
				.get(trader.id) as { date: string; equity: number },
	)
	let equity = last.equity
	const lines = ['date,equity,deposits,withdrawals']
	for (let i = 1; i <= 5; i++) {
		equity = Math.round(equity * 0.88 * 100) / 100
		const date = new Date(Date.parse(`${last.date}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
		lines.push(`${date},${equity},0,0`)
	}
	const applied = await request.post(`/api/admin/traders/${trader.id}/statements?kind=equity`, {
		headers: { ...bearer(superAdminToken), 'Content-Type': 'text/csv' },
		data: lines.join('\n'),
	})
	expect(applied.status()).toBe(201)

	// The scheduler's watch-alerts job, made due now (the server runs it within a tick).
	execFileSync(process.execPath, [path.resolve('scripts/cli.mjs'), 'bench:run-job', 'watch-alerts'], {
		env: { ...process.env, DATABASE_URL: E2E_DATABASE, CLI_SKIP_BUILD_CHECK: 'true' },
		stdio: 'pipe',
	})
	await open(page, '/dashboard/notifications')
	const item = page.getByRole('listitem').filter({ hasText: `Red flag on ${name}: Deep drawdown` })
	await expect(item).toBeVisible()
	await expect(
		page.getByRole('listitem').filter({ hasText: new RegExp(`${name} is \\d+\\.\\d% below its peak`) }),
	).toHaveCount(1)
	await expect(item.getByRole('link').first()).toHaveAttribute('href', `/dashboard/traders/${slug}`)
})
