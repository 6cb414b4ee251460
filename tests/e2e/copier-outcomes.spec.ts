import type { Page } from '@playwright/test'
import { createE2eBroker, linkTrackingId, removeE2eBroker, type E2eBroker } from '../broker-report-e2e-utils.ts'
import {
	createOutcomesTrader,
	outcomesReport,
	removeOutcomesTrader,
	type OutcomesTrader,
} from '../copier-outcomes-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { jsOff, open } from './support.ts'

// What copiers earned (issue 40 part 4, decision 061) with JavaScript on
// and off: staff upload reports with the trader and net_result columns on
// /admin/brokers/:slug/reports (a file naming an unknown trader or a
// net_result that is not a number is listed by line and cannot be
// applied); the trader's page then shows "Members who copied through
// TradeCircle" with the cohort of 5 and says the cohort of 1 is not shown.

let broker: E2eBroker
let trader: OutcomesTrader

test.beforeEach(() => {
	broker = createE2eBroker()
	trader = createOutcomesTrader()
})
test.afterEach(() => {
	removeOutcomesTrader(trader)
	removeE2eBroker(broker)
})

async function uploadFile(page: Page, month: string, heading: string, csv: string) {
	await page.getByLabel('Report month').fill(month)
	await page
		.getByLabel('Report file (CSV)')
		.setInputFiles({ name: `${month}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Preview report' }).click()
	await expect(page.getByRole('heading', { name: `Preview: ${heading}` })).toBeVisible()
}

async function applyFile(page: Page, month: string, heading: string, csv: string, rows: number) {
	await uploadFile(page, month, heading, csv)
	await page.getByRole('button', { name: 'Apply report' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: `Report for ${heading} applied: ${rows} rows.` }),
	).toBeVisible()
}

test('outcomes appear on the trader page after reports with the new columns; a cohort under 5 is hidden', async ({
	page,
	superAdmin,
	createMember,
	signIn,
}) => {
	// Three uploads, two applies and the member's page: past 30 s on a busy machine.
	test.slow()
	void superAdmin
	const ids: string[] = []
	for (let i = 0; i < 6; i++) ids.push(linkTrackingId(broker.id, (await createMember({ unlocked: true })).id))

	await open(page, `/admin/brokers/${broker.slug}/reports`)
	// Bad rows: an unknown trader, a net_result that is not a number; nothing can be applied.
	await uploadFile(
		page,
		'2001-03',
		'March 2001',
		outcomesReport('2001-03', [
			{ trackingId: ids[0]!, trader: 'no-such-trader', netResult: '1' },
			{ trackingId: ids[1]!, trader: trader.slug, netResult: 'ten' },
		]),
	)
	const badRows = page.getByRole('region', { name: 'Bad rows' })
	await expect(badRows.getByRole('row')).toHaveCount(3)
	await expect(badRows.getByRole('row').nth(1)).toContainText('2')
	await expect(badRows.getByRole('row').nth(1)).toContainText('trader "no-such-trader" is not the slug of a trader')
	await expect(badRows.getByRole('row').nth(2)).toContainText('net_result "ten" is not a number')
	await expect(page.getByRole('button', { name: 'Apply report' })).toHaveCount(0)

	// March 2001: five start (+10%, +5%, -2%, -8%, +20% of $1,000); April: a sixth starts alone.
	await applyFile(
		page,
		'2001-03',
		'March 2001',
		outcomesReport(
			'2001-03',
			['100', '50', '-20', '-80', '200'].map((netResult, i) => ({
				trackingId: ids[i]!,
				trader: trader.slug,
				netResult,
			})),
		),
		5,
	)
	await applyFile(
		page,
		'2001-04',
		'April 2001',
		outcomesReport('2001-04', [
			...ids.slice(0, 5).map((trackingId) => ({ trackingId, trader: trader.slug, netResult: '0', deposits: '0' })),
			{ trackingId: ids[5]!, trader: trader.slug, netResult: '-5' },
		]),
		6,
	)

	const member = await createMember({ unlocked: true })
	await signIn(page, member)
	const problems = watchPageProblems(page)
	await open(page, `/dashboard/traders/${trader.slug}`)
	const detail = page.getByRole(jsOff() ? 'region' : 'dialog', { name: trader.name })
	const section = detail.getByRole('region', { name: 'Members who copied through TradeCircle' })
	await expect(section.getByRole('heading', { name: 'Members who copied through TradeCircle' })).toBeVisible()
	await expect(section).toContainText('6 members copied this trader through TradeCircle, from March 2001 to April 2001')
	const table = section.getByRole('table')
	await expect(table.getByRole('row')).toHaveCount(2)
	const cohort = table.getByRole('row').nth(1)
	await expect(cohort.getByRole('rowheader')).toHaveText('March 2001')
	await expect(cohort).toContainText('+5.0% of net deposits (5 members)')
	await expect(cohort).toContainText('60% (3 of 5 members)')
	await expect(section).toContainText('1 cohort with fewer than 5 members is not shown')
	await expect(table).not.toContainText('April 2001')
	await expectAccessible(page, problems)
	await page.setViewportSize({ width: 360, height: 800 })
	await expectAccessible(page, problems)
})
