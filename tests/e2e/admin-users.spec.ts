import fs from 'node:fs'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { apiLogin, expectFieldError, waitForHydration } from './support.ts'
import { PASSWORD } from '../playwright-utils.ts'
import {
	choose,
	dialog,
	filters,
	newTag,
	openUsers,
	row,
	search,
	seedUsers,
	tableNames,
	usersTable,
} from './admin-users-support.ts'

// /admin/users with JavaScript on and off: search, filters, sorts and pages
// as links; create, edit and delete (with confirmation) as nested routes;
// bulk updates; export; the user's page; what role admin is not offered.

test.describe('users list', () => {
	test('search, status and plan filters, sorts and paging: every state a link, filters reset the page', async ({
		page,
		superAdmin,
		createMember,
	}) => {
		const tag = newTag()
		const rows = Array.from({ length: 12 }, (_, i) => ({
			name: `Member ${String(i).padStart(2, '0')}`,
			status: i === 3 ? 'banned' : 'active',
			plan: i % 4 === 0 ? 'gold' : 'regular',
			deposit: i * 100,
		}))
		await seedUsers(createMember, tag, rows)
		await openUsers(page)
		await expect(page.getByText(/^\d[\d,]* users? in total$/)).toBeVisible()
		await expect(filters(page).search).toHaveAttribute('placeholder', 'Search users...')

		await search(page, tag)
		await expect(page.getByText('Showing 1 to 10 of 12 users')).toBeVisible()
		await expect(page.getByText('Page 1 of 2')).toBeVisible()
		// Newest first: the last one made comes first.
		expect((await tableNames(page))[0]).toBe(`Member 11 ${tag}`)
		await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText('Previous')).toHaveAttribute(
			'aria-disabled',
			'true',
		)

		await page.getByRole('link', { name: 'Next' }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${tag}&page=2$`))
		await expect(page.getByText('Showing 11 to 12 of 12 users')).toBeVisible()
		await expect(page.getByText('Page 2 of 2')).toBeVisible()
		expect(await tableNames(page)).toEqual([`Member 01 ${tag}`, `Member 00 ${tag}`])

		// A filter starts again at page 1.
		await choose(page, 'plan', 'Gold Room')
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${tag}&plan=gold$`))
		expect(await tableNames(page)).toEqual([`Member 08 ${tag}`, `Member 04 ${tag}`, `Member 00 ${tag}`])
		await expect(page.getByText('Showing 1 to 3 of 3 users')).toBeVisible()

		await choose(page, 'sort', 'Name A-Z')
		await expect(page).toHaveURL(new RegExp(`search=${tag}&plan=gold&sortBy=name&sortOrder=asc$`))
		expect(await tableNames(page)).toEqual([`Member 00 ${tag}`, `Member 04 ${tag}`, `Member 08 ${tag}`])
		await expect(filters(page).sort).toHaveValue('name-asc')

		await choose(page, 'plan', 'All plans')
		await choose(page, 'status', 'Banned')
		expect(await tableNames(page)).toEqual([`Member 03 ${tag}`])
		await expect(row(page, `Member 03 ${tag}`)).toContainText('banned')

		await choose(page, 'status', 'All statuses')
		await choose(page, 'sort', 'Investment High-Low')
		expect((await tableNames(page)).slice(0, 2)).toEqual([`Member 11 ${tag}`, `Member 10 ${tag}`])
		await expect(row(page, `Member 11 ${tag}`)).toContainText('$1,100.00')
		await choose(page, 'sort', 'Investment Low-High')
		expect((await tableNames(page))[0]).toBe(`Member 00 ${tag}`)
		await choose(page, 'sort', 'Oldest First')
		expect((await tableNames(page))[0]).toBe(`Member 00 ${tag}`)
		await choose(page, 'sort', 'Name Z-A')
		expect((await tableNames(page))[0]).toBe(`Member 11 ${tag}`)

		// The state is a link: opening it again shows the same page.
		const url = page.url()
		await page.goto(url)
		await expect(filters(page).sort).toHaveValue('name-desc')
		await expect(filters(page).search).toHaveValue(tag)

		// Nothing found.
		await search(page, `${tag}-nobody`)
		await expect(page.getByText('No users found')).toBeVisible()
		await expect(page.getByText('Showing 0 to 0 of 0 users')).toBeVisible()
		await expect(page.getByText('Page 1 of 1')).toBeVisible()
	})

	test('hand-edited links with bad values still show the list', async ({ page, superAdmin }) => {
		for (const query of [
			'?page=-1&limit=1000000',
			'?status=deleted&plan=x&sortBy=password&sortOrder=up',
			'?page=1e3',
			'?page=99999999',
			`?search=${'%25'.repeat(200)}`,
		]) {
			const response = await page.goto(`/admin/users${query}`)
			expect(response?.status(), query).toBe(200)
			await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
		}
	})
})

test.describe('create, edit, delete', () => {
	test('Add User: field errors, then the member is created with the defaults', async ({
		page,
		request,
		superAdmin,
	}) => {
		const tag = newTag()
		await openUsers(page, `?search=${tag}`)
		await page.getByRole('link', { name: 'Add User' }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users/new\\?search=${tag}$`))
		const form = dialog(page, 'Create New User')
		await expect(form).toBeVisible()
		await waitForHydration(page)
		await expect(form.getByLabel('Plan', { exact: true })).toHaveValue('regular')
		await expect(form.getByLabel('Status', { exact: true })).toHaveValue('active')

		await form.getByLabel('Email', { exact: true }).fill('not-an-email')
		await form.getByLabel('Password', { exact: true }).fill('weak')
		await form.getByLabel('Telegram (optional)', { exact: true }).fill('nope')
		await form.getByRole('button', { name: 'Create User' }).click()
		await expectFieldError(page, form.getByLabel('Name', { exact: true }), 'Name is required')
		await expectFieldError(page, form.getByLabel('Email', { exact: true }), 'Invalid email address')
		await expectFieldError(page, form.getByLabel('Password', { exact: true }), 'Password must be at least 8 characters')
		await expectFieldError(
			page,
			form.getByLabel('Telegram (optional)', { exact: true }),
			'Telegram username must start with @',
		)

		const email = `created-${tag}@example.com`
		await form.getByLabel('Name', { exact: true }).fill(`Created ${tag}`)
		await form.getByLabel('Email', { exact: true }).fill(email)
		await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
		await form.getByLabel('Telegram (optional)', { exact: true }).fill('@created')
		await form.getByRole('button', { name: 'Create User' }).click()
		await expect(page.getByRole('status')).toHaveText('User created')
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${tag}$`))
		await expect(row(page, `Created ${tag}`)).toContainText('Regular')
		await expect(row(page, `Created ${tag}`)).toContainText('active')
		await expect(row(page, `Created ${tag}`)).toContainText('$0.00')
		expect((await apiLogin(request, email, PASSWORD)).status).toBe(200)

		// The same email again: 'An account with this email already exists'.
		await page.getByRole('link', { name: 'Add User' }).click()
		const again = dialog(page, 'Create New User')
		await waitForHydration(page)
		await again.getByLabel('Name', { exact: true }).fill('Twin')
		await again.getByLabel('Email', { exact: true }).fill(email.toUpperCase())
		await again.getByLabel('Password', { exact: true }).fill(PASSWORD)
		await again.getByRole('button', { name: 'Create User' }).click()
		await expectFieldError(
			page,
			again.getByLabel('Email', { exact: true }),
			'An account with this email already exists',
		)
		// Close goes back to the list as it was.
		await again.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${tag}$`))
	})

	test('Edit User: the password stays when left blank; status and name change; a ban signs the member out', async ({
		page,
		request,
		superAdmin,
		createMember,
	}) => {
		const tag = newTag()
		const [user] = await seedUsers(createMember, tag, [{ name: 'Editable' }])
		const member = user!
		await openUsers(page, `?search=${tag}`)
		await row(page, user!.name)
			.getByRole('link', { name: `Edit ${user!.name}` })
			.click()
		const form = dialog(page, 'Edit User')
		await expect(form).toBeVisible()
		await waitForHydration(page)
		await expect(form.getByLabel('Name', { exact: true })).toHaveValue(user!.name)
		const password = form.getByLabel('Password (leave blank to keep current)', { exact: true })
		await expect(password).toHaveValue('')
		await form.getByLabel('Name', { exact: true }).fill(`Edited ${tag}`)
		await form.getByLabel('Status', { exact: true }).selectOption('banned')
		await form.getByLabel('Plan', { exact: true }).selectOption('platinum')
		await form.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByRole('status')).toHaveText('User updated')
		await expect(row(page, `Edited ${tag}`)).toContainText('banned')
		await expect(row(page, `Edited ${tag}`)).toContainText('Platinum')
		// Banned: the member's token no longer works.
		expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${member.token}` } })).status()).toBe(
			401,
		)

		// A bad new password is refused under its field.
		await row(page, `Edited ${tag}`)
			.getByRole('link', { name: /^Edit / })
			.click()
		const again = dialog(page, 'Edit User')
		await waitForHydration(page)
		await again.getByLabel('Password (leave blank to keep current)', { exact: true }).fill('short')
		await again.getByRole('button', { name: 'Save Changes' }).click()
		await expectFieldError(
			page,
			again.getByLabel('Password (leave blank to keep current)', { exact: true }),
			'Password must be at least 8 characters',
		)
	})

	test('Delete User asks for confirmation; Cancel keeps the member, Delete User removes them', async ({
		page,
		request,
		superAdmin,
		createMember,
	}) => {
		const tag = newTag()
		const [user] = await seedUsers(createMember, tag, [{ name: 'Doomed' }])
		await openUsers(page, `?search=${tag}`)
		await row(page, user!.name)
			.getByRole('link', { name: `Delete ${user!.name}` })
			.click()
		const confirm = dialog(page, 'Delete User')
		await expect(confirm).toBeVisible()
		await expect(confirm).toContainText('This action cannot be undone')
		await expect(confirm).toContainText('This will permanently remove the user and all associated data.')
		await expect(confirm).toContainText(user!.email)
		await confirm.getByRole('link', { name: 'Cancel' }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${tag}$`))
		await expect(row(page, user!.name)).toBeVisible()

		await row(page, user!.name)
			.getByRole('link', { name: `Delete ${user!.name}` })
			.click()
		await waitForHydration(page)
		await dialog(page, 'Delete User').getByRole('button', { name: 'Delete User' }).click()
		await expect(page.getByRole('status')).toHaveText('User deleted')
		await expect(page.getByText('No users found')).toBeVisible()
		expect((await apiLogin(request, user!.email, PASSWORD)).status).toBe(401)
	})

	test('role admin: no Delete, no bulk delete or ban offered; the delete page is Access Denied', async ({
		page,
		admin,
		createMember,
	}) => {
		const tag = newTag()
		const [user] = await seedUsers(createMember, tag, [{ name: 'Protected' }])
		await openUsers(page, `?search=${tag}`)
		await expect(row(page, user!.name).getByRole('link', { name: `Edit ${user!.name}` })).toBeVisible()
		await expect(row(page, user!.name).getByRole('link', { name: /^Delete/ })).toHaveCount(0)
		const bulkAction = page.getByLabel('Bulk action', { exact: true })
		await expect(bulkAction.locator('option')).toHaveText(['Choose an action', 'Set status', 'Set plan'])
		await expect(page.getByLabel('Value', { exact: true }).locator('option', { hasText: 'Banned' })).toHaveCount(0)
		await page.goto(`/admin/users/${user!.id}/delete`)
		await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
		await expect(page.getByText('Access denied. Super admin privileges required.')).toBeVisible()
	})
})

test.describe('bulk update, export, view', () => {
	test('bulk: set status on the checked rows ("2 users updated"), then delete two after confirming', async ({
		page,
		superAdmin,
		createMember,
	}) => {
		const tag = newTag()
		const users = await seedUsers(createMember, tag, [{ name: 'Bulk A' }, { name: 'Bulk B' }, { name: 'Bulk C' }])
		await openUsers(page, `?search=${tag}&sortBy=name&sortOrder=asc`)

		// Nothing checked: no bulk panel, only the hint (CSS :has, with JS or without).
		const apply = page.getByRole('button', { name: 'Apply to selected' })
		const hint = page.getByText('Select users in the table to apply an action to all of them.')
		await expect(apply).toBeHidden()
		await expect(hint).toBeVisible()

		await page.getByRole('checkbox', { name: `Select ${users[0]!.name}` }).check()
		// The panel appears with the first checked row; the hint goes.
		await expect(apply).toBeVisible()
		await expect(hint).toBeHidden()
		await page.getByRole('checkbox', { name: `Select ${users[1]!.name}` }).check()
		await page.getByLabel('Bulk action', { exact: true }).selectOption({ label: 'Set status' })
		await page.getByLabel('Value', { exact: true }).selectOption({ label: 'Suspended' })
		await page.getByRole('button', { name: 'Apply to selected' }).click()
		await expect(page.getByRole('status')).toHaveText('2 users updated')
		await expect(page).toHaveURL(new RegExp(`search=${tag}&sortBy=name&sortOrder=asc$`))
		await expect(row(page, users[0]!.name)).toContainText('suspended')
		await expect(row(page, users[1]!.name)).toContainText('suspended')
		await expect(row(page, users[2]!.name)).toContainText('active')
		await waitForHydration(page)

		// A value of the wrong kind is refused under the value.
		await page.getByRole('checkbox', { name: `Select ${users[2]!.name}` }).check()
		await page.getByLabel('Bulk action', { exact: true }).selectOption({ label: 'Set plan' })
		await page.getByLabel('Value', { exact: true }).selectOption({ label: 'Banned' })
		await page.getByRole('button', { name: 'Apply to selected' }).click()
		await expect(page.getByText('Choose a plan')).toBeVisible()

		await page.getByRole('checkbox', { name: `Select ${users[0]!.name}` }).check()
		await page.getByRole('checkbox', { name: `Select ${users[1]!.name}` }).check()
		// With JS the row checked before the refused attempt is still checked.
		await page.getByRole('checkbox', { name: `Select ${users[2]!.name}` }).uncheck()
		await page.getByLabel('Bulk action', { exact: true }).selectOption({ label: 'Delete' })
		await page.getByRole('button', { name: 'Apply to selected' }).click()
		const confirm = page.getByRole('region', { name: 'Delete 2 users?' })
		await expect(confirm).toBeVisible()
		await expect(confirm).toContainText('This action cannot be undone')
		await expect(confirm).toContainText(users[0]!.email)
		await expect(confirm).toContainText(users[1]!.email)
		await confirm.getByRole('button', { name: 'Delete 2 users' }).click()
		await expect(page.getByRole('status')).toHaveText('2 users deleted')
		expect(await tableNames(page)).toEqual([users[2]!.name])
	})

	test('Export downloads the filtered list as CSV, every page', async ({ page, superAdmin, createMember }) => {
		const tag = newTag()
		await seedUsers(
			createMember,
			tag,
			Array.from({ length: 12 }, (_, i) => ({ name: i === 0 ? '=SUM(1+1)' : `Export ${i}` })),
		)
		await openUsers(page, `?search=${tag}&page=2`)
		const download = page.waitForEvent('download')
		await page.getByRole('link', { name: 'Export users as CSV' }).click()
		const file = await download
		expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d\d-\d\d\.csv$/)
		const text = fs.readFileSync(await file.path(), 'utf8')
		const lines = text
			.replace(/^\uFEFF/, '')
			.trim()
			.split('\r\n')
		expect(lines[0]).toMatch(/^ID,Name,Email,/)
		expect(lines).toHaveLength(13)
		expect(text).toContain(`'=SUM(1+1) ${tag}`)
	})

	test('View opens the user page with the figures; Edit from there', async ({ page, request, superAdmin, cleanup }) => {
		const tag = newTag()
		// Made through the admin API: its plan history starts with that creation.
		const res = await request.post('/api/admin/users', {
			headers: bearer(superAdmin.token),
			data: { name: `Viewed ${tag}`, email: `viewed-${tag}@example.com`, password: PASSWORD, plan: 'gold' },
		})
		expect(res.status(), await res.text()).toBe(201)
		const user = (await res.json()).data.user as { id: number; name: string }
		cleanup.members(user.id)
		withE2eDatabase((db) =>
			db.prepare('update users set total_deposit = 250, total_withdraw = 50 where id = ?').run(user.id),
		)
		await openUsers(page, `?search=${tag}`)
		await row(page, user!.name)
			.getByRole('link', { name: `View ${user!.name}` })
			.click()
		await expect(page).toHaveURL(new RegExp(`/admin/users/${user!.id}$`))
		await expect(page.getByRole('heading', { level: 1, name: user!.name })).toBeVisible()
		await expect(page.getByRole('region', { name: 'Investment' })).toContainText('$300.00')
		await expect(page.getByRole('region', { name: 'Referrals' })).toContainText('Premium referrals')
		await expect(page.getByRole('region', { name: 'Sessions and activity' })).toContainText('Active sessions')
		const history = page.getByRole('region', { name: 'Plan history' })
		await expect(history.getByRole('row').nth(1)).toContainText('Gold Room')
		await expect(history.getByRole('row').nth(1)).toContainText('Created by an admin')
		await page.getByRole('link', { name: `Edit ${user!.name}` }).click()
		await expect(dialog(page, 'Edit User')).toBeVisible()
		await expect(usersTable(page)).toBeVisible()
	})
})

test.describe('users list on a 360 px phone', () => {
	test.use({ viewport: { width: 360, height: 780 } })

	test('each user is a card with its actions on screen; the bulk panel stays in view once a row is checked', async ({
		page,
		superAdmin,
		createMember,
	}) => {
		void superAdmin
		const tag = newTag()
		const [user] = await seedUsers(createMember, tag, [{ name: 'Phone Card' }])
		await openUsers(page, `?search=${tag}`)
		const card = row(page, user!.name)
		for (const name of [`View ${user!.name}`, `Edit ${user!.name}`, `Delete ${user!.name}`]) {
			const box = (await card.getByRole('link', { name }).boundingBox())!
			expect(box.x + box.width, name).toBeLessThanOrEqual(360)
		}
		// Each figure names itself on the card (the column headers are for screen readers only there).
		expect(
			await card
				.locator('td[data-label]')
				.evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content)),
		).toEqual(['"Plan"', '"Status"', '"Investment"', '"Joined"'])
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
		await card.getByRole('checkbox', { name: `Select ${user!.name}` }).check()
		const apply = page.getByRole('button', { name: 'Apply to selected' })
		await expect(apply).toBeInViewport()
	})
})
