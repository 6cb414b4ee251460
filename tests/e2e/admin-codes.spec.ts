import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { E2E_UNLOCK_CODE } from '../setup/e2e-config.ts'
import { submitActivationCode } from './dashboard-support.ts'
import { issuedByAdmin } from './db.ts'
import { expectFieldError, otherDevice, waitForHydration } from './support.ts'

// /admin/codes and a batch page with JavaScript on and off: rotate the
// unlock code (and a member unlocks with the new one), issue a batch (shown
// in full once, then masked), a member activates one of its codes, the CSV,
// revoke a code and the batch, and bad input refused at its field.
//
// Other specs run at the same time and unlock with E2E_UNLOCK_CODE: every
// rotation here keeps the previous codes valid for 7 days, and only the
// code this test typed is retired.

function tag() {
	return randomBytes(4).toString('hex').toUpperCase()
}

async function openCodes(page: Page) {
	await page.goto('/admin/codes')
	await waitForHydration(page)
}

async function expectNotice(page: Page, text: string) {
	await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible()
}

function rotateForm(page: Page) {
	return page.locator('form#unlock-rotate-form')
}

function issueForm(page: Page) {
	return page.locator('form#plan-batch-form')
}

function activeCode(page: Page, code: string) {
	return page
		.getByRole('region', { name: 'Unlock code', exact: true })
		.getByRole('listitem')
		.filter({ has: page.getByText(code, { exact: true }) })
}

test('rotate the unlock code to a typed code with a grace period; a member unlocks with it; retire it', async ({
	page,
	superAdmin,
	browser,
	createMember,
	signIn,
}) => {
	const code = `E2E-ROT-${tag()}`
	await openCodes(page)
	await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible()

	// A bad code is refused at its field.
	const form = rotateForm(page)
	await form.getByLabel('New code (optional)', { exact: true }).fill('has space')
	await form.getByLabel('Previous code stays valid for', { exact: true }).selectOption('168')
	await form.getByRole('button', { name: 'Rotate unlock code' }).click()
	await expectFieldError(
		page,
		rotateForm(page).getByLabel('New code (optional)', { exact: true }),
		'Code may hold letters, digits and dashes only',
	)

	await rotateForm(page).getByLabel('New code (optional)', { exact: true }).fill(code)
	await rotateForm(page).getByLabel('Previous code stays valid for', { exact: true }).selectOption('168')
	await rotateForm(page).getByRole('button', { name: 'Rotate unlock code' }).click()
	await expect(page).toHaveURL(/\/admin\/codes$/)
	await expectNotice(page, 'Unlock code rotated')
	// Active: current unless another spec rotated in between (then previous, with its 7 days).
	await expect(activeCode(page, code)).toContainText(/Current, no expiry|Previous, expires /)
	// The code it replaced stays valid, with its expiry shown.
	await expect(activeCode(page, E2E_UNLOCK_CODE)).toContainText(/Previous, expires [A-Z][a-z]{2} \d{1,2}, \d{4}/)
	const history = page.getByRole('region', { name: 'Unlock code history' })
	await expect(history.getByRole('row').filter({ hasText: code })).toContainText(superAdmin.email)
	await expect(history.getByRole('row').filter({ hasText: E2E_UNLOCK_CODE }).first()).toContainText('Active (expires)')

	// A member unlocks with the new code.
	const device = await otherDevice(browser)
	try {
		const other = await device.newPage()
		await signIn(other, await createMember({ unlocked: false }))
		await other.goto('/next-steps')
		await waitForHydration(other)
		await other.getByLabel('Unlock Code', { exact: true }).fill(code)
		await other.getByRole('button', { name: 'Unlock Dashboard' }).click()
		await expect(other).toHaveURL(/\/dashboard(\?.*)?$/)
	} finally {
		await device.close()
	}
	await openCodes(page)
	await expect(history.getByRole('row').filter({ hasText: code }).getByRole('cell').last()).toHaveText('1')

	// Retire the code this test made (never the E2E code other specs use).
	await activeCode(page, code)
		.getByRole('button', { name: `Retire code ${code}` })
		.click()
	await expectNotice(page, 'Unlock code retired')
	await expect(activeCode(page, code)).toHaveCount(0)
	await expect(history.getByRole('row').filter({ hasText: code })).toContainText('Retired')
	await expect(activeCode(page, E2E_UNLOCK_CODE)).toBeVisible()
})

test('issue a batch: codes in full once, then masked; a member activates one; CSV; revoke a code and the batch', async ({
	page,
	superAdmin,
	browser,
	createMember,
	signIn,
}) => {
	const note = `E2E campaign ${tag()}`
	await openCodes(page)
	const form = issueForm(page)
	await form.getByLabel('Plan', { exact: true }).selectOption('gold')
	await form.getByLabel('Number of codes', { exact: true }).fill('3')
	await form.getByLabel('Uses per code', { exact: true }).fill('1')
	await form.getByLabel('Note (the campaign)', { exact: true }).fill(note)
	await form.getByRole('button', { name: 'Issue codes' }).click()
	await expect(page).toHaveURL(/\/admin\/codes\/batches\/\d+$/)
	await expectNotice(page, 'Codes issued')
	await expect(page.getByRole('heading', { level: 1, name: `Code batch: ${note}` })).toBeVisible()
	const full = page.getByLabel('Codes (3), one per line')
	const codes = (await full.inputValue()).split('\n')
	expect(codes).toHaveLength(3)
	for (const code of codes) expect(code).toMatch(/^GOLD-[A-Z0-9]{12}$/)
	const table = page.getByRole('region', { name: 'Codes of this batch' })
	await expect(table.getByRole('row')).toHaveCount(4)

	// Shown once: a reload shows them masked only.
	await page.reload()
	await waitForHydration(page)
	await expect(page.getByLabel('Codes (3), one per line')).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'Your new codes' })).toHaveCount(0)
	await expect(table.getByRole('row')).toHaveCount(4)
	for (const code of codes) {
		await expect(table.getByText(code)).toHaveCount(0)
		await expect(table.getByText(`${code.slice(0, 9)}••••••`, { exact: true })).toBeVisible()
	}
	await expect(page.getByText('Unused 3, Used 0, Expired 0, Revoked 0')).toBeVisible()

	// The CSV: a header row and the 3 codes in full.
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download CSV' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/^plan-codes-batch-\d+\.csv$/)
	const lines = fs
		.readFileSync((await download.path())!, 'utf8')
		.replace(/^\uFEFF/, '')
		.split('\r\n')
		.filter(Boolean)
	expect(lines[0]).toBe('code,plan,uses,max uses,expires,status')
	expect(
		lines
			.slice(1)
			.map((l) => l.split(',')[0])
			.sort(),
	).toEqual([...codes].sort())
	for (const line of lines.slice(1)) expect(line).toMatch(/^GOLD-[A-Z0-9]{12},gold,0,1,,unused$/)

	// A member activates one through the plans page.
	const member = await createMember({ unlocked: true })
	const device = await otherDevice(browser)
	try {
		const other = await device.newPage()
		await signIn(other, member)
		await submitActivationCode(other, codes[0]!)
		await expect(other).toHaveURL(/\/dashboard\/plans$/)
		await expect(other.getByRole('status')).toHaveText('Your plan is now Gold Room.')
	} finally {
		await device.close()
	}
	await page.reload()
	await waitForHydration(page)
	const used = table.getByRole('row').filter({ hasText: member.email })
	await expect(used).toContainText('Used')
	await expect(used).toContainText('1 of 1')
	await expect(used.getByRole('link', { name: member.name })).toHaveAttribute('href', `/admin/users/${member.id}`)
	await expect(used.getByRole('button', { name: /^Revoke/ })).toHaveCount(0)
	await expect(page.getByText('Unused 2, Used 1, Expired 0, Revoked 0')).toBeVisible()

	// Revoke one code, then the batch (the used code stays used).
	const second = `${codes[1]!.slice(0, 9)}••••••`
	await table.getByRole('button', { name: `Revoke code ${second}` }).click()
	await expectNotice(page, 'Code revoked')
	await expect(table.getByRole('row').filter({ hasText: second })).toContainText('Revoked')
	await expect(page.getByText('Unused 1, Used 1, Expired 0, Revoked 1')).toBeVisible()
	await page.getByRole('button', { name: 'Revoke batch' }).click()
	await expectNotice(page, 'Batch revoked')
	await expect(page.getByText('Unused 0, Used 1, Expired 0, Revoked 2')).toBeVisible()
	await expect(table.getByRole('button', { name: /^Revoke/ })).toHaveCount(0)
	await expect(used).toContainText('Used')

	// The list shows the batch and its counts.
	await openCodes(page)
	const row = page.getByRole('region', { name: 'Plan code batches' }).getByRole('row').filter({ hasText: note })
	await expect(row).toContainText('Gold')
	await expect(row).toContainText(superAdmin.email)
	await expect(row.getByRole('link', { name: note })).toHaveAttribute('href', /\/admin\/codes\/batches\/\d+$/)
})

test('bad batch input shows a message at the field and stores nothing', async ({ page, admin }) => {
	await openCodes(page)
	const field = (label: string) => issueForm(page).getByLabel(label, { exact: true })
	const submit = () => issueForm(page).getByRole('button', { name: 'Issue codes' }).click()

	await field('Number of codes').fill('0')
	await field('Note (the campaign)').fill('E2E refused')
	await submit()
	await expectFieldError(page, field('Number of codes'), 'Number of codes must be a whole number from 1 to 10,000')

	await field('Number of codes').fill('2')
	await field('Expires (UTC, optional)').fill('2020-01-01T00:00')
	await submit()
	await expectFieldError(page, field('Expires (UTC, optional)'), 'Expiry must be in the future')

	await field('Expires (UTC, optional)').fill('')
	await field('Note (the campaign)').fill('   ')
	await submit()
	await expectFieldError(page, field('Note (the campaign)'), 'Note is required: name the campaign')

	await expect(page).toHaveURL(/\/admin\/codes$/)
	expect(issuedByAdmin(admin.id)).toEqual({ batches: 0, codes: 0 })
})
