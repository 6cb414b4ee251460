import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { waitForHydration } from './support.ts'

/**
 * /admin/codes and a batch page at a phone and a desktop width, JS on and
 * off: zero axe violations, no horizontal overflow on the phone, no CSP
 * violation or page error (tests/e2e/axe.ts). The batch is issued through
 * the page, so its codes are shown in full once, then masked.
 */

async function issueBatch(page: Page, note: string) {
	await page.goto('/admin/codes')
	await waitForHydration(page)
	const form = page.locator('form#plan-batch-form')
	await form.getByLabel('Number of codes', { exact: true }).fill('3')
	await form.getByLabel('Note (the campaign)', { exact: true }).fill(note)
	await form.getByRole('button', { name: 'Issue codes' }).click()
	await expect(page).toHaveURL(/\/admin\/codes\/batches\/\d+$/)
}

const pages: Array<{ name: string; setup: (page: Page) => Promise<void> }> = [
	{
		name: '/admin/codes with field errors in both forms',
		setup: async (page) => {
			await page.goto('/admin/codes')
			await waitForHydration(page)
			const rotate = page.locator('form#unlock-rotate-form')
			await rotate.getByLabel('New code (optional)', { exact: true }).fill('has space')
			await rotate.getByRole('button', { name: 'Rotate unlock code' }).click()
			await expect(page.getByText('Code may hold letters, digits and dashes only').first()).toBeVisible()
			const issue = page.locator('form#plan-batch-form')
			await issue.getByLabel('Number of codes', { exact: true }).fill('0')
			await issue.getByRole('button', { name: 'Issue codes' }).click()
			await expect(page.getByText('Note is required: name the campaign').first()).toBeVisible()
		},
	},
	{
		name: 'a batch page right after issue (codes in full)',
		setup: async (page) => {
			await issueBatch(page, 'A11y campaign, shown once')
			await expect(page.getByRole('heading', { name: 'Your new codes' })).toBeVisible()
		},
	},
	{
		name: 'a batch page with masked codes, one revoked',
		setup: async (page) => {
			await issueBatch(page, 'A11y campaign, masked')
			await page.reload()
			await waitForHydration(page)
			await page
				.getByRole('button', { name: /^Revoke code / })
				.first()
				.click()
			await expect(page.getByRole('status').filter({ hasText: 'Code revoked' })).toBeVisible()
		},
	},
]

test.describe('codes pages', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({ page, superAdmin }) => {
			expect(superAdmin.role).toBe('super_admin')
			const problems = watchPageProblems(page)
			await setup(page)
			await expectAccessibleAtWidths(page, problems)
		})
	}
})
