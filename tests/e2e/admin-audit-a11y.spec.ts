import { expect, test } from '../fixtures.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { newTargetType, openAudit, seedAuditRows } from './admin-audit-support.ts'

/**
 * /admin/audit at a phone and a desktop width, JS on and off: zero axe
 * violations, no horizontal overflow on the phone, no CSP violation or page
 * error (tests/e2e/axe.ts), with rows and paging, and with field errors.
 */
const viewports = [
	{ width: 360, height: 800 },
	{ width: 1280, height: 800 },
]

for (const viewport of viewports) {
	test.describe(`/admin/audit at ${viewport.width}x${viewport.height}`, () => {
		test.use({ viewport })

		test('rows and pages have no accessibility violations', async ({ page, superAdmin }) => {
			const problems = watchPageProblems(page)
			const targetType = newTargetType()
			seedAuditRows(targetType, 52)
			await openAudit(page, `?targetType=${targetType}`)
			await expect(page.getByRole('link', { name: 'Older' })).toBeVisible()
			await expectAccessible(page, problems)
		})

		test('field errors have no accessibility violations', async ({ page, superAdmin }) => {
			const problems = watchPageProblems(page)
			await openAudit(page, '?targetId=12&from=2030-02-30&to=x&action=Bad')
			await expect(page.getByRole('alert')).toBeVisible()
			await expectAccessible(page, problems)
		})
	})
}
