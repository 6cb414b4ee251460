import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import type { Plan, UserStatus } from '#app/domain/enums.ts'
import type { Fixtures } from '../fixtures.ts'
import { jsOff, waitForHydration } from './support.ts'

/**
 * Helpers of the users screens' browser tests: members made with the
 * fixtures (as an admin would make them: no contact details, not unlocked)
 * with a tag in their name, so a search for the tag shows this test's rows
 * only (the suite runs in parallel on one server).
 */
export const newTag = () => `zx${randomUUID().replace(/-/g, '').slice(0, 10)}`

/** Members in the order given (the last is the newest), named `<name> <tag>` (default `Member NN <tag>`). */
export async function seedUsers(
	createMember: Fixtures['createMember'],
	tag: string,
	rows: Array<{ name?: string; status?: string; plan?: string; deposit?: number; withdraw?: number }>,
) {
	const created = []
	for (const [i, row] of rows.entries()) {
		created.push(
			await createMember({
				name: row.name ? `${row.name} ${tag}` : `Member ${String(i).padStart(2, '0')} ${tag}`,
				email: `u${i}-${randomUUID().slice(0, 6)}-${tag}@example.com`,
				phone: '',
				country: '',
				telegram: '',
				investmentAmount: null,
				status: row.status as UserStatus | undefined,
				plan: row.plan as Plan | undefined,
				deposit: row.deposit,
				withdraw: row.withdraw,
			}),
		)
	}
	return created
}

/** The users list, hydrated with JS. */
export async function openUsers(page: Page, query = '') {
	await page.goto(`/admin/users${query}`)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
}

export function filters(page: Page) {
	const bar = page.getByRole('region', { name: 'Search and filters' })
	return {
		search: bar.getByLabel('Search', { exact: true }),
		status: bar.getByLabel('Status', { exact: true }),
		plan: bar.getByLabel('Plan', { exact: true }),
		sort: bar.getByLabel('Sort by', { exact: true }),
		apply: bar.getByRole('button', { name: 'Apply filters' }),
	}
}

/**
 * Picks a filter or sort option. With JS the change submits the form by
 * itself; without JS the Apply button does.
 */
export async function choose(page: Page, select: 'status' | 'plan' | 'sort', label: string) {
	const f = filters(page)
	const before = page.url()
	await f[select].selectOption({ label })
	if (jsOff()) await f.apply.click()
	await expect(page).not.toHaveURL(before)
	await waitForHydration(page)
}

export async function search(page: Page, text: string) {
	const f = filters(page)
	await f.search.fill(text)
	await f.search.press('Enter')
	await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`))
	await waitForHydration(page)
}

export function usersTable(page: Page) {
	return page.getByRole('region', { name: 'Users table' })
}

/** The names in the table, in order (first line of the User cell). */
export async function tableNames(page: Page) {
	return usersTable(page).locator('tbody tr td:nth-child(2) p:first-child').allInnerTexts()
}

export function row(page: Page, text: string) {
	return usersTable(page).getByRole('row').filter({ hasText: text })
}

/** The create or edit form: a dialog with JS, a section at the top without. */
export function dialog(page: Page, title: string) {
	return jsOff() ? page.getByRole('region', { name: title }) : page.getByRole('dialog', { name: title })
}
