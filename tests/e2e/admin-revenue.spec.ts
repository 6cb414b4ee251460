import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { dialog } from './admin-users-support.ts'
import { expectFieldError, waitForHydration } from './support.ts'

// /admin/revenue with JavaScript on and off: edit an entry and void it, each
// with a required reason; the voided entry stays listed; Monthly Revenue on
// the dashboard follows (it equals the month's entries that are not voided).

const thisMonth = () => new Date().toISOString().slice(0, 7)

/** The current month's total in cents: `counted` = not voided (the rule), else every entry. */
function monthCents(counted: boolean) {
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare(
						`select coalesce(sum(amount_cents), 0) as n from revenue_entries where month = ?${counted ? ' and voided_at is null' : ''}`,
					)
					.get(thisMonth()) as { n: number }
			).n,
	)
}

/** Monthly Revenue as shown ("$12,346" → 12346). */
async function monthlyRevenue(page: Page) {
	const card = page.getByRole('listitem').filter({ has: page.getByText('Monthly Revenue', { exact: true }) })
	return Number((await card.locator('p').nth(1).innerText()).replace(/[$,]/g, ''))
}

/**
 * The dashboard shows the month's counted entries, and (the same moment)
 * leaves out at least `excludedCents` that are voided. Other suites record
 * revenue in parallel, so it reloads until one reading is consistent.
 */
async function expectDashboardFollows(page: Page, excludedCents = 0) {
	await expect(async () => {
		await page.goto('/admin/dashboard')
		const shown = await monthlyRevenue(page)
		const counted = monthCents(true)
		expect(shown).toBe(Math.round(counted / 100))
		expect(monthCents(false) - counted).toBeGreaterThanOrEqual(excludedCents)
	}).toPass({ timeout: 15_000 })
}

test('edit and void an entry with a reason; it stays listed and Monthly Revenue follows', async ({
	page,
	admin,
	request,
}) => {
	const broker = `Broker ${randomUUID().slice(0, 8)}`
	const recorded = await request.post('/api/admin/revenue', {
		headers: bearer(admin.token),
		data: { broker, month: thisMonth(), amount: 4_000_000 },
	})
	expect(recorded.status()).toBe(201)

	await page.goto('/admin/revenue')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'Revenue' })).toBeVisible()
	const row = page.getByRole('row').filter({ hasText: broker })
	await expect(row).toContainText('$4,000,000.00')
	await row.getByRole('link', { name: /^Edit/ }).click()

	const edit = dialog(page, 'Edit Revenue Entry')
	await expect(edit).toBeVisible()
	await edit.getByLabel('Amount (USD)').fill('4000100')
	await edit.getByRole('button', { name: 'Save Correction' }).click()
	await expectFieldError(page, edit.getByLabel('Reason for the correction'), 'Reason is required')
	await edit.getByLabel('Reason for the correction').fill('The broker re-issued the report')
	await edit.getByRole('button', { name: 'Save Correction' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Revenue entry updated.' })).toBeVisible()
	await expect(page).toHaveURL(/\/admin\/revenue$/)
	await expect(row).toContainText('$4,000,100.00')
	await expect(row).toContainText('Corrected')
	await expect(row).toContainText('Reason: The broker re-issued the report')
	await expectDashboardFollows(page)

	await page.goto('/admin/revenue')
	await waitForHydration(page)
	await row.getByRole('link', { name: /^Void/ }).click()
	const voidForm = dialog(page, 'Void Revenue Entry')
	await voidForm.getByLabel('Reason for voiding').fill('Duplicate of another report')
	await voidForm.getByRole('button', { name: 'Void Entry' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Revenue entry voided.' })).toBeVisible()
	await expect(row).toContainText('Voided')
	await expect(row).toContainText('Reason: Duplicate of another report')
	await expect(row.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
	await expectDashboardFollows(page, 400_010_000)

	// The dashboard's list links here and marks it voided too.
	const section = page.getByRole('region', { name: 'Record Revenue' })
	await expect(section.getByRole('link', { name: 'View All revenue entries' })).toHaveAttribute(
		'href',
		'/admin/revenue',
	)
})

test('voiding twice (a stale form) is refused with a message', async ({ page, admin, request }) => {
	const broker = `Broker ${randomUUID().slice(0, 8)}`
	const recorded = await request.post('/api/admin/revenue', {
		headers: bearer(admin.token),
		data: { broker, month: '2000-03', amount: 10 },
	})
	const id = (await recorded.json()).data.id as number
	await page.goto(`/admin/revenue/${id}/void`)
	await waitForHydration(page)
	const voidForm = dialog(page, 'Void Revenue Entry')
	// Someone else voids it first.
	await request.post(`/api/admin/revenue/${id}/void`, { headers: bearer(admin.token), data: { reason: 'First' } })
	await voidForm.getByLabel('Reason for voiding').fill('Second')
	await voidForm.getByRole('button', { name: 'Void Entry' }).click()
	await expect(voidForm.getByText('This revenue entry is already voided.')).toBeVisible()
})
