import { expect, test } from '../fixtures.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { newTargetType, openAudit, seedAuditRows } from './admin-audit-support.ts'

/**
 * /admin/audit at a phone and a desktop width, JS on and off: zero axe
 * violations, no horizontal overflow on the phone, no CSP violation or page
 * error (tests/e2e/axe.ts), with rows and paging, and with field errors.
 */
test.describe('/admin/audit', () => {
	test.use({ viewport: PHONE })

	test(`rows and pages ${AT_BOTH_WIDTHS} have no accessibility violations`, async ({ page, superAdmin }) => {
		const problems = watchPageProblems(page)
		const targetType = newTargetType()
		seedAuditRows(targetType, 52)
		await openAudit(page, `?targetType=${targetType}`)
		await expect(page.getByRole('link', { name: 'Older' })).toBeVisible()
		await expectAccessibleAtWidths(page, problems)
	})

	test(`field errors ${AT_BOTH_WIDTHS} have no accessibility violations`, async ({ page, superAdmin }) => {
		const problems = watchPageProblems(page)
		await openAudit(page, '?targetId=12&from=2030-02-30&to=x&action=Bad')
		await expect(page.getByRole('alert')).toBeVisible()
		await expectAccessibleAtWidths(page, problems)
	})
})
