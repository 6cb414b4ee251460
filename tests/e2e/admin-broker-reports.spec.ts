import type { Page } from '@playwright/test'
import {
	brokerRows,
	createE2eBroker,
	linkTrackingId,
	memberTotals,
	removeE2eBroker,
	reportCsv,
	type E2eBroker,
} from '../broker-report-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { open } from './support.ts'

// /admin/brokers/:slug/reports with JavaScript on and off: a file with bad
// rows is previewed with each line and reason and cannot be applied; a good
// file is previewed, applied and listed; the same file again offers only a
// confirmed replace; a corrected file replaces the applied report.

const MONTH = '2001-07'
let broker: E2eBroker

test.beforeEach(() => {
	broker = createE2eBroker()
})
test.afterEach(() => removeE2eBroker(broker))

async function uploadFile(page: Page, name: string, csv: string) {
	await page.getByLabel('Report month').fill(MONTH)
	await page.getByLabel('Report file (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Preview report' }).click()
	await expect(page.getByRole('heading', { name: 'Preview: July 2001' })).toBeVisible()
}

test('bad rows are listed by line; a good file is applied, listed, and only a confirmed replace comes after', async ({
	page,
	superAdmin,
	createMember,
}) => {
	// A long flow (three uploads, previews, apply, replace): past 30 s once on a busy machine.
	test.slow()
	void superAdmin
	const member = await createMember({ unlocked: true })
	const trackingId = linkTrackingId(broker.id, member.id)
	const problems = watchPageProblems(page)
	await open(page, `/admin/brokers/${broker.slug}/reports`)
	await expect(page.getByRole('heading', { level: 1, name: `Broker Reports: ${broker.name}` })).toBeVisible()
	await expect(page.getByText('No reports applied yet')).toBeVisible()

	// Bad rows: listed with their line and reason, no apply button.
	const bad = reportCsv([
		{ trackingId, deposits: '100', month: MONTH },
		{ trackingId: 'tc_nobody', month: MONTH },
		{ trackingId: 'x', deposits: '-3', month: MONTH },
	])
	await uploadFile(page, 'bad.csv', bad)
	const badRows = page.getByRole('region', { name: 'Bad rows' })
	await expect(badRows.getByRole('row')).toHaveCount(3)
	await expect(badRows.getByRole('row').nth(1)).toContainText('3')
	await expect(badRows.getByRole('row').nth(1)).toContainText('"tc_nobody" is not a member\'s tracking id')
	await expect(badRows.getByRole('row').nth(2)).toContainText('is negative')
	await expect(page.getByText('cannot be applied until every row is good')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Apply report' })).toHaveCount(0)
	expect(brokerRows(broker).reports).toEqual([])

	// A good file: totals, apply, flash, listed; the member's totals follow.
	const good = reportCsv([
		{ trackingId, deposits: '1250.50', withdrawals: '50', volume: '9000', commission: '12', month: MONTH },
	])
	await uploadFile(page, 'july.csv', good)
	const preview = page.locator('#report-preview')
	await expect(preview.getByText('$1,250.50')).toBeVisible()
	await expect(preview.getByText('$12.00')).toBeVisible()
	await page.getByRole('button', { name: 'Apply report' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Report for July 2001 applied: 1 row.' })).toBeVisible()
	const applied = page.getByRole('region', { name: 'Reports table' })
	await expect(applied.getByRole('row').nth(1)).toContainText('July 2001')
	await expect(applied.getByRole('row').nth(1)).toContainText('july.csv')
	await expect(applied.getByRole('row').nth(1)).toContainText('Applied')
	expect(memberTotals(member.id)).toEqual({ deposit: 1250.5, withdraw: 50 })
	expect(brokerRows(broker).uploads).toBe(0)

	// The same file again: the preview says so and offers nothing to do (applying it again would change nothing).
	await uploadFile(page, 'july.csv', good)
	await expect(page.getByText('This file was already applied')).toBeVisible()
	await expect(page.getByText('Applying it again would change nothing')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Apply report' })).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'Replace the report for July 2001' })).toHaveCount(0)
	await expectAccessible(page, problems)

	// A corrected file replaces it once the checkbox is ticked.
	const corrected = reportCsv([{ trackingId, deposits: '1000', commission: '10', month: MONTH }])
	await uploadFile(page, 'july-v2.csv', corrected)
	await expect(page.getByText('A report for July 2001 was already applied')).toBeVisible()
	await page.getByLabel('Reverse the applied report for July 2001 and apply this one').check()
	await page.getByRole('button', { name: 'Replace the report for July 2001' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Report for July 2001 replaced' })).toBeVisible()
	await expect(applied.getByRole('row')).toHaveCount(3)
	await expect(applied.getByRole('row').nth(1)).toContainText('july-v2.csv')
	await expect(applied.getByRole('row').nth(2)).toContainText('Replaced by report #')
	expect(memberTotals(member.id)).toEqual({ deposit: 1000, withdraw: 0 })
	expect(brokerRows(broker).revenue.map((r) => [r.cents, r.voidedAt !== null])).toEqual([
		[1200, true],
		[1000, false],
	])
})

test('not a CSV file and a file over 5 MB are refused at the field; nothing is stored', async ({
	page,
	superAdmin,
}) => {
	void superAdmin
	await open(page, `/admin/brokers/${broker.slug}/reports`)
	await page.getByLabel('Report month').fill(MONTH)
	await page
		.getByLabel('Report file (CSV)')
		.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]) })
	await page.getByRole('button', { name: 'Preview report' }).click()
	await expect(
		page.getByText('Upload the report as a CSV file (.csv, UTF-8 text); this file is not one.'),
	).toBeVisible()
	await expect(page.getByLabel('Report file (CSV)')).toHaveAttribute('aria-invalid', 'true')

	// Over 5 MiB: the page says so (413), with the month kept for the next try.
	await page.getByLabel('Report month').fill(MONTH)
	await page.getByLabel('Report file (CSV)').setInputFiles({
		name: 'huge.csv',
		mimeType: 'text/csv',
		buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
	})
	await page.getByRole('button', { name: 'Preview report' }).click()
	await expect(page.getByText('The file is larger than 5 MB (5,242,880 bytes).')).toBeVisible()
	expect(brokerRows(broker).uploads).toBe(0)
})

test('an unknown broker is a 404', async ({ page, superAdmin }) => {
	void superAdmin
	const res = await page.goto('/admin/brokers/no-such-broker/reports')
	expect(res?.status()).toBe(404)
})
