import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { alertRow, deleteAlerts, insertAlert } from '../offer-alert-utils.ts'
import { withE2eDatabase } from '../admin-utils.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { expectFieldError, open } from './support.ts'

// Alerts end to end, JS on and off: staff acknowledge then resolve an alert
// from the dashboard and from /admin/alerts (plain POST forms), see who did
// it and when, and filter the list by state and type.

const made: number[] = []
test.afterEach(() => deleteAlerts(...made.splice(0)))

function alert(type: 'error' | 'warning' | 'info' = 'warning') {
	const title = `E2E alert ${randomUUID().slice(0, 8)}`
	made.push(insertAlert(title, type))
	return { id: made.at(-1)!, title }
}

function button(page: Page, name: string, title: string) {
	return page.getByRole('button', { name: `${name}: ${title}` })
}

test('from the dashboard: Acknowledge keeps it listed and marked, Resolve removes it', async ({
	page,
	createAdmin,
	signIn,
}) => {
	const { id, title } = alert('error')
	const staff = await createAdmin({ role: 'admin' })
	await signIn(page, staff)
	await open(page, '/admin/dashboard')
	const section = page.getByRole('region', { name: 'System Alerts' })
	await expect(section.getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/admin/alerts')
	const item = section.getByRole('listitem').filter({ hasText: title })
	await expect(item).toBeVisible()

	await button(page, 'Acknowledge', title).click()
	await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/dashboard#system-alerts`)
	await expect(page.getByRole('status')).toHaveText('Alert acknowledged')
	await expect(item).toContainText(`Acknowledged by ${staff.email} on`)
	await expect(button(page, 'Acknowledge', title)).toHaveCount(0)
	expect(alertRow(id)).toMatchObject({ acknowledgedByEmail: staff.email, resolvedAt: null })

	await button(page, 'Resolve', title).click()
	await expect(page.getByRole('status')).toHaveText('Alert resolved')
	await expect(section.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
	expect(alertRow(id)).toMatchObject({ resolvedByEmail: staff.email })
})

test('from /admin/alerts: filters, acknowledge, resolve, who and when; the system resolves too', async ({
	page,
	createAdmin,
	signIn,
}) => {
	const { id, title } = alert('info')
	const bySystem = alert('info')
	withE2eDatabase((db) =>
		db.prepare('update system_alerts set resolved_at = ? where id = ?').run(Date.now(), bySystem.id),
	)
	const staff = await createAdmin({ role: 'admin' })
	await signIn(page, staff)

	await open(page, '/admin/alerts?state=closed&type=fatal')
	await expectFieldError(
		page,
		page.getByLabel('State', { exact: true }),
		'state must be one of open, acknowledged, resolved',
	)
	await expectFieldError(page, page.getByLabel('Type', { exact: true }), 'type must be one of error, warning, info')
	await page.getByLabel('State', { exact: true }).selectOption('open')
	await page.getByLabel('Type', { exact: true }).selectOption('info')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/alerts?state=open&type=info`)
	const row = page.getByRole('row').filter({ hasText: title })
	await expect(row).toContainText('Open')
	await expect(row).toContainText('Not yet')

	await button(page, 'Acknowledge', title).click()
	await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/alerts?state=open&type=info`)
	await expect(page.getByRole('status')).toHaveText('Alert acknowledged')
	await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)

	await open(page, '/admin/alerts?state=acknowledged&type=info')
	await expect(row).toContainText(`Acknowledged by ${staff.email} on`)
	await button(page, 'Resolve', title).click()
	await expect(page.getByRole('status')).toHaveText('Alert resolved')

	await open(page, '/admin/alerts?state=resolved&type=info')
	await expect(row).toContainText(`Resolved by ${staff.email} on`)
	await expect(row).toContainText(`Acknowledged by ${staff.email} on`)
	await expect(button(page, 'Resolve', title)).toHaveCount(0)
	await expect(page.getByRole('row').filter({ hasText: bySystem.title })).toContainText('Resolved by the system on')
	expect(alertRow(id)).toMatchObject({ acknowledgedByEmail: staff.email, resolvedByEmail: staff.email })
})
