import type { Page } from '@playwright/test'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { PASSWORD } from '../playwright-utils.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { dialog, newTag, openUsers, seedUsers } from './admin-users-support.ts'
import { waitForHydration } from './support.ts'

/**
 * Every users page, dialog and state at a phone and a desktop width, JS on
 * and off: zero axe violations, no horizontal overflow on the phone, no CSP
 * violation or page error (tests/e2e/axe.ts).
 */
type SetupFixtures = Pick<Fixtures, 'createMember' | 'createAdmin' | 'signIn'>
type Setup = (page: Page, fixtures: SetupFixtures) => Promise<void>

/** The page signed in as a new admin of `role`. */
async function signInAs(
	page: Page,
	{ createAdmin, signIn }: SetupFixtures,
	role: 'admin' | 'super_admin' = 'super_admin',
) {
	await signIn(page, await createAdmin({ role }))
}

async function seeded({ createMember }: SetupFixtures) {
	const tag = newTag()
	const users = await seedUsers(createMember, tag, [
		{ name: 'Ada Lovelace', plan: 'gold', deposit: 1250.5 },
		{ name: 'Grace Hopper', status: 'banned' },
		{ name: 'A very long name that keeps going and going without end', status: 'pending', plan: 'platinum' },
	])
	return { tag, users }
}

const pages: Array<{ name: string; setup: Setup }> = [
	{
		name: '/admin/users (super admin, rows, filters)',
		setup: async (page, fixtures) => {
			const { tag } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await openUsers(page, `?search=${tag}&sortBy=name&sortOrder=asc`)
		},
	},
	{
		name: '/admin/users (role admin, many pages)',
		setup: async (page, fixtures) => {
			await signInAs(page, fixtures, 'admin')
			await openUsers(page, '?page=2')
		},
	},
	{
		name: '/admin/users with nothing found and a notice',
		setup: async (page, fixtures) => {
			// A member made through the dialog over a list that does not show them.
			const tag = newTag()
			await signInAs(page, fixtures)
			await page.goto(`/admin/users/new?search=nobody-${tag}&status=banned`)
			await waitForHydration(page)
			const form = dialog(page, 'Create New User')
			await form.getByLabel('Name', { exact: true }).fill(`Notice ${tag}`)
			await form.getByLabel('Email', { exact: true }).fill(`notice-${tag}@example.com`)
			await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
			await form.getByRole('button', { name: 'Create User' }).click()
			await expect(page.getByRole('status')).toHaveText('User created')
			await expect(page.getByText('No users found')).toBeVisible()
		},
	},
	{
		name: '/admin/users with bulk errors',
		setup: async (page, fixtures) => {
			const { tag, users } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await openUsers(page, `?search=${tag}`)
			// The panel shows once a row is checked; a plan action without a plan is refused at the field.
			await page.getByRole('checkbox', { name: `Select ${users[0]!.name}` }).check()
			await page.getByLabel('Bulk action', { exact: true }).selectOption({ label: 'Set plan' })
			await page.getByRole('button', { name: 'Apply to selected' }).click()
			await expect(page.getByText('Choose a plan')).toBeVisible()
		},
	},
	{
		name: '/admin/users bulk delete confirmation',
		setup: async (page, fixtures) => {
			const { tag, users } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await openUsers(page, `?search=${tag}`)
			await page.getByRole('checkbox', { name: `Select ${users[0]!.name}` }).check()
			await page.getByLabel('Bulk action', { exact: true }).selectOption({ label: 'Delete' })
			await page.getByRole('button', { name: 'Apply to selected' }).click()
			await expect(page.getByRole('region', { name: 'Delete 1 user?' })).toBeVisible()
		},
	},
	{
		name: 'Create New User',
		setup: async (page, fixtures) => {
			const { tag } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await openUsers(page, `?search=${tag}`)
			await page.getByRole('link', { name: 'Add User' }).click()
			await expect(dialog(page, 'Create New User')).toBeVisible()
		},
	},
	{
		name: 'Create New User with field errors',
		setup: async (page, fixtures) => {
			await signInAs(page, fixtures)
			await page.goto('/admin/users/new')
			await waitForHydration(page)
			const form = dialog(page, 'Create New User')
			await form.getByLabel('Email', { exact: true }).fill('bad')
			await form.getByRole('button', { name: 'Create User' }).click()
			await expect(form.getByText('Name is required')).toBeVisible()
		},
	},
	{
		name: 'Edit User',
		setup: async (page, fixtures) => {
			const { tag, users } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await openUsers(page, `?search=${tag}`)
			await page.getByRole('link', { name: `Edit ${users[0]!.name}` }).click()
			await expect(dialog(page, 'Edit User')).toBeVisible()
		},
	},
	{
		name: 'Delete User',
		setup: async (page, fixtures) => {
			const { tag, users } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await openUsers(page, `?search=${tag}`)
			await page.getByRole('link', { name: `Delete ${users[1]!.name}` }).click()
			await expect(dialog(page, 'Delete User')).toBeVisible()
		},
	},
	{
		name: "the user's page",
		setup: async (page, fixtures) => {
			const { users } = await seeded(fixtures)
			await signInAs(page, fixtures)
			await page.goto(`/admin/users/${users[0]!.id}`)
			await expect(page.getByRole('heading', { level: 1, name: users[0]!.name })).toBeVisible()
		},
	},
	{
		name: 'an unknown user (the error view)',
		setup: async (page, fixtures) => {
			await signInAs(page, fixtures)
			await page.goto('/admin/users/987654321')
			await expect(page.getByRole('heading', { name: 'Error Loading Users' })).toBeVisible()
		},
	},
]

test.describe('admin users pages', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			createMember,
			createAdmin,
			signIn,
		}) => {
			const problems = watchPageProblems(page)
			await setup(page, { createMember, createAdmin, signIn })
			await expectAccessibleAtWidths(page, problems)
		})
	}
})
