import type { Page } from '@playwright/test'
import { withE2eDatabase } from '../admin-utils.ts'
import { draftAnnouncementId } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { open } from './support.ts'

/**
 * The staff content pages (issue 41, decision 062) at a phone and then a
 * desktop width (one setup): zero axe violations, no horizontal overflow on
 * the phone, no CSP violation or page error (tests/e2e/axe.ts). The new
 * promotion form with field errors and a preview; a sample promotion's page
 * with the delete confirmation. The same for the 0% fee offers (part 2),
 * the lessons (part 3: a Markdown preview, an old version open), the
 * testimonials (part 4) and the announcements (part 5: a draft of its
 * own, there are no samples).
 */

const pages: Array<{ name: string; setup: (page: Page) => Promise<void> }> = [
	{ name: '/admin/content', setup: async (page) => void (await open(page, '/admin/content')) },
	{ name: '/admin/content/promotions', setup: async (page) => void (await open(page, '/admin/content/promotions')) },
	{
		name: '/admin/content/promotions/new with field errors, then a preview',
		setup: async (page) => {
			await open(page, '/admin/content/promotions/new')
			await page.getByRole('button', { name: 'Save Draft' }).click()
			await expect(page.getByText('Code is required').first()).toBeVisible()
			await page.getByLabel('Code').fill('A11Y10')
			await page.getByLabel('Description').fill('A preview for the accessibility check')
			await page.getByRole('button', { name: 'Preview' }).click()
			await expect(page.getByRole('list', { name: 'Preview of the promotion' })).toBeVisible()
		},
	},
	{
		name: 'a sample promotion with the delete confirmation',
		setup: async (page) => {
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from promotions where code = 'SPLIT50'").get() as { id: number },
			)
			await open(page, `/admin/content/promotions/${id}?confirm=delete`)
			await expect(page.getByRole('alertdialog')).toBeVisible()
		},
	},
	{ name: '/admin/content/offers', setup: async (page) => void (await open(page, '/admin/content/offers')) },
	{
		name: '/admin/content/offers/new with field errors, then a preview',
		setup: async (page) => {
			await open(page, '/admin/content/offers/new')
			await page.getByRole('button', { name: 'Save Draft' }).click()
			await expect(page.getByText('Description is required').first()).toBeVisible()
			await page.getByLabel('Trader').selectOption({ label: 'Tunde Bakare' })
			await page.getByLabel('Original fee (%)').fill('30')
			await page.getByLabel('Current fee (%)').fill('0')
			await page.getByLabel('Minimum capital (US$)').fill('1000')
			await page.getByLabel('Total spots').fill('10')
			await page.getByLabel('Description').fill('A preview for the accessibility check')
			await page.getByRole('button', { name: 'Preview' }).click()
			await expect(page.getByRole('list', { name: 'Preview of the offer' })).toBeVisible()
		},
	},
	{
		name: 'a sample offer with the delete confirmation',
		setup: async (page) => {
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from fee_offers where key = 'chioma-eze'").get() as { id: number },
			)
			await open(page, `/admin/content/offers/${id}?confirm=delete`)
			await expect(page.getByRole('alertdialog')).toBeVisible()
		},
	},
	{
		name: '/admin/content/testimonials',
		setup: async (page) => void (await open(page, '/admin/content/testimonials')),
	},
	{
		name: '/admin/content/testimonials/new with field errors, then a preview',
		setup: async (page) => {
			await open(page, '/admin/content/testimonials/new')
			await page.getByRole('button', { name: 'Save Draft' }).click()
			await expect(page.getByText('Consent date is required').first()).toBeVisible()
			await page.getByLabel('Name').fill('Ada A11y')
			await page.getByLabel('Role').fill('Tester')
			await page.getByLabel('Country').fill('Nigeria')
			await page.getByLabel('Figure quoted').fill('+$1,000')
			await page.getByLabel('Text').fill('A preview for the accessibility check')
			await page.getByLabel('Consent date').fill('2026-01-02')
			await page.getByLabel('How consent was given').fill('Signed release form')
			await page.getByRole('button', { name: 'Preview' }).click()
			await expect(page.getByRole('group', { name: 'Preview of the testimonial' })).toBeVisible()
		},
	},
	{
		name: 'a sample testimonial with the delete confirmation',
		setup: async (page) => {
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from testimonials where name = 'Chidi Okafor'").get() as { id: number },
			)
			await open(page, `/admin/content/testimonials/${id}?confirm=delete`)
			await expect(page.getByRole('alertdialog')).toBeVisible()
		},
	},
	{ name: '/admin/content/lessons', setup: async (page) => void (await open(page, '/admin/content/lessons')) },
	{
		name: '/admin/content/lessons/new with field errors, then a preview',
		setup: async (page) => {
			await open(page, '/admin/content/lessons/new')
			await page.getByRole('button', { name: 'Save Draft' }).click()
			await expect(page.getByText('Title is required').first()).toBeVisible()
			await page.getByLabel('Title').fill('A preview for the accessibility check')
			await page.getByLabel('Description').fill('A preview for the accessibility check')
			await page.getByLabel('Topic').selectOption({ label: 'Risk Management' })
			await page
				.getByLabel('Lesson text (Markdown)')
				.fill(
					'## A heading\n\nA paragraph with [a link](https://example.com).\n\n- one\n- two\n\n> **Key point:** remember.',
				)
			await page.getByRole('button', { name: 'Preview' }).click()
			await expect(page.getByRole('article', { name: 'Preview of the lesson' })).toBeVisible()
		},
	},
	{
		name: 'a sample lesson with an old version open and the delete confirmation',
		setup: async (page) => {
			const { id } = withE2eDatabase(
				(db) => db.prepare("select id from lessons where key = 'risk-1'").get() as { id: number },
			)
			await open(page, `/admin/content/lessons/${id}?version=1&confirm=delete`)
			await expect(page.getByRole('alertdialog')).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Version 1 (read only)' })).toBeVisible()
		},
	},
	{
		name: '/admin/content/announcements',
		setup: async (page) => {
			draftAnnouncementId('An accessibility announcement')
			await open(page, '/admin/content/announcements')
		},
	},
	{
		name: '/admin/content/announcements/new with field errors, then a preview',
		setup: async (page) => {
			await open(page, '/admin/content/announcements/new')
			await page.getByRole('button', { name: 'Save Draft' }).click()
			await expect(page.getByText('Title is required').first()).toBeVisible()
			await page.getByLabel('Title').fill('A preview for the accessibility check')
			await page.getByLabel('Message').fill('One paragraph.\n\nAnother paragraph.')
			await page.getByRole('button', { name: 'Preview' }).click()
			await expect(page.getByRole('article', { name: 'Preview of the announcement' })).toBeVisible()
		},
	},
	{
		name: 'a draft announcement with the delete confirmation',
		setup: async (page) => {
			const id = draftAnnouncementId('An accessibility announcement')
			await open(page, `/admin/content/announcements/${id}?confirm=delete`)
			await expect(page.getByRole('alertdialog')).toBeVisible()
		},
	},
]

test.describe('content pages', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({ page, superAdmin }) => {
			expect(superAdmin.role).toBe('super_admin')
			const problems = watchPageProblems(page)
			await setup(page)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			await expectAccessibleAtWidths(page, problems)
		})
	}
})
