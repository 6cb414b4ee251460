import fs from 'node:fs'
import { randomUUID } from 'node:crypto'
import { expect, test } from '../fixtures.ts'
import { AUDIT_MESSAGES } from '#app/features/audit/schemas.ts'
import { expectFieldError } from './support.ts'
import { auditRows, newTargetType, openAudit, renameMember, seedAuditRows } from './admin-audit-support.ts'

// /admin/audit with JavaScript on and off: a change made by staff is found
// through the filter form, pages go Older and back to Newest, the export
// downloads the filtered view, bad filters are errors at their fields, and
// a member's page links to their full history.

test('a change is found by staff member, target and date, and links to its target', async ({
	page,
	request,
	superAdmin,
	createMember,
}) => {
	const member = await createMember()
	const name = `Audited ${randomUUID().slice(0, 8)}`
	await renameMember(request, superAdmin.token, member, name)

	await openAudit(page)
	await page.getByLabel('Staff member').selectOption({ label: superAdmin.email })
	await page.getByLabel('Action').selectOption('user.update')
	await page.getByLabel('Target type').fill('user')
	await page.getByLabel('Target id').fill(String(member.id))
	const today = new Date().toISOString().slice(0, 10)
	await page.getByLabel('From (UTC)').fill(today)
	await page.getByLabel('To (UTC, inclusive)').fill(today)
	await page.getByRole('button', { name: 'Apply filters' }).click()

	await expect(page).toHaveURL(new RegExp(`targetId=${member.id}`))
	await expect(auditRows(page)).toHaveCount(1)
	const row = auditRows(page).first()
	await expect(row).toContainText(superAdmin.email)
	await expect(row).toContainText('user.update')
	await expect(row.getByRole('listitem').filter({ hasText: 'name' })).toContainText(`${member.name} → ${name}`)
	await row.getByRole('link', { name: `user #${member.id}` }).click()
	await expect(page).toHaveURL(`/admin/users/${member.id}`)

	// The member's page links back to their whole history.
	await page.getByRole('link', { name: `Full history of ${name}` }).click()
	await expect(page).toHaveURL(`/admin/audit?targetType=user&targetId=${member.id}`)
	await expect(auditRows(page)).toHaveCount(1)
})

test('keyset pages: Older walks to the end, Newest goes back', async ({ page, superAdmin }) => {
	const targetType = newTargetType()
	seedAuditRows(targetType, 53)
	await openAudit(page, `?targetType=${targetType}`)
	await expect(auditRows(page)).toHaveCount(50)
	// Newest first: target 53 leads.
	await expect(auditRows(page).first()).toContainText(`${targetType} #53`)
	await page.getByRole('link', { name: 'Older' }).click()
	await expect(page).toHaveURL(/cursor=\d+-\d+/)
	await expect(auditRows(page)).toHaveCount(3)
	await expect(auditRows(page).last()).toContainText(`${targetType} #1`)
	await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText('Older')).toHaveAttribute(
		'aria-disabled',
		'true',
	)
	await page.getByRole('link', { name: 'Newest' }).click()
	await expect(auditRows(page)).toHaveCount(50)
	await expect(page).not.toHaveURL(/cursor=/)
})

test('Export downloads the filtered view as CSV', async ({ page, superAdmin }) => {
	const targetType = newTargetType()
	seedAuditRows(targetType, 3, '=cmd|calc')
	await openAudit(page, `?targetType=${targetType}`)
	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Export this view of the audit log as CSV' }).click()
	const file = await download
	expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\d\.csv$/)
	const lines = fs
		.readFileSync(await file.path(), 'utf8')
		.replace(/^\uFEFF/, '')
		.trim()
		.split('\r\n')
	expect(lines[0]).toMatch(/^ID,Time \(UTC\),Staff,/)
	expect(lines).toHaveLength(4)
	expect(lines[1]).toContain(`'=cmd|calc,system,user.update,${targetType},3,n: 0 → 3`)
})

test('bad filters are errors at their fields and nothing is listed', async ({ page, superAdmin }) => {
	await openAudit(page, '?targetId=12&from=2030-02-30')
	await expect(page.getByRole('alert')).toContainText('Fix the filters below')
	await expectFieldError(page, page.getByLabel('Target id'), 'Choose a target type to look up a target id')
	await expectFieldError(page, page.getByLabel('From (UTC)'), 'From must be a date (YYYY-MM-DD)')
	await expect(page.getByRole('table', { name: /Changes, newest first/ })).toHaveCount(0)

	// To before From, through the form.
	await openAudit(page)
	await page.getByLabel('From (UTC)').fill('2030-02-02')
	await page.getByLabel('To (UTC, inclusive)').fill('2030-02-01')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expectFieldError(page, page.getByLabel('To (UTC, inclusive)'), 'To must be on or after From')

	// A malformed cursor or a control character: refused, never a 500.
	await openAudit(page, '?cursor=abc')
	await expect(page.getByRole('alert')).toContainText('cursor is not one this list gave out')
	await openAudit(page, '?targetType=user%0A')
	await expectFieldError(page, page.getByLabel('Target type'), AUDIT_MESSAGES.targetType)
})
