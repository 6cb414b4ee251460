import type { Page } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { day, participantRows, uniqueContestName } from '../contest-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { expectFieldError, jsOff, waitForHydration } from './support.ts'

// Contest management with JavaScript on and off: the list and its filters,
// create (and a bad end date), start, pause, resume, complete, participants
// (view, score change), edit, delete with confirmation, and what role admin
// does not get.

/** A dialog with JS, the page's section without. */
function dialog(page: Page, name: string | RegExp) {
	return jsOff() ? page.getByRole('region', { name }) : page.getByRole('dialog', { name })
}

function card(page: Page, name: string) {
	return page.getByRole('article', { name })
}

async function openList(page: Page, search: string) {
	await page.goto(`/admin/contests?search=${encodeURIComponent(search)}`)
	await waitForHydration(page)
}

async function expectNotice(page: Page, text: string) {
	await expect(page.getByRole('status')).toHaveText(text)
}

test.describe('contest list', () => {
	test('header, Create Contest, cards with badges, first prize, participants and dates; filters live in the URL', async ({
		page,
		superAdmin,
		createContest,
		addParticipants,
	}) => {
		const tag = uniqueContestName('List').split(' ')[1]!
		const deposit = await createContest({
			name: `Deposit ${tag}`,
			type: 'deposit',
			startDate: '2031-03-01',
			endDate: '2031-03-31',
			prizes: { first: '$2,000 cash' },
			maxParticipants: 40,
		})
		const activity = await createContest({ name: `Activity ${tag}`, type: 'activity', status: 'active' })
		await addParticipants(deposit.id, [3, 1])
		await page.goto('/admin/dashboard')
		await page
			.getByRole('navigation', { name: 'Administration' })
			.getByRole('link', { name: 'Contests' })
			.first()
			.click()
		await expect(page).toHaveURL(/\/admin\/contests$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Contest Management' })).toBeVisible()
		await expect(page.getByText('Create and manage monthly contests')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Create Contest' })).toHaveAttribute('href', '/admin/contests/new')

		await page.getByLabel('Search', { exact: true }).fill(tag)
		await page.getByRole('button', { name: 'Apply filters' }).click()
		await expect(page).toHaveURL(new RegExp(`\\?search=${tag}&status=&type=$`))
		const depositCard = card(page, deposit.name)
		await expect(depositCard).toContainText('Type: Deposit')
		await expect(depositCard).toContainText('Status: Draft')
		await expect(depositCard).toContainText('First prize$2,000 cash')
		await expect(depositCard).toContainText('Participants2 of 40')
		await expect(depositCard).toContainText('Mar 1, 2031 – Mar 31, 2031')
		await expect(depositCard.getByRole('link', { name: `View participants of ${deposit.name}` })).toBeVisible()
		await expect(depositCard.getByRole('link', { name: `Edit ${deposit.name}` })).toBeVisible()
		await expect(depositCard.getByRole('button', { name: `Start ${deposit.name}` })).toBeVisible()
		await expect(depositCard.getByRole('link', { name: `Delete ${deposit.name}` })).toBeVisible()
		await expect(card(page, activity.name).getByRole('button', { name: `Pause ${activity.name}` })).toBeVisible()
		await expect(card(page, activity.name).getByRole('link', { name: `Complete ${activity.name}` })).toBeVisible()

		await page.getByLabel('Status', { exact: true }).selectOption('active')
		await page.getByRole('button', { name: 'Apply filters' }).click()
		await expect(page).toHaveURL(new RegExp(`status=active`))
		await expect(card(page, activity.name)).toBeVisible()
		await expect(card(page, deposit.name)).toHaveCount(0)
		await page.goto(`/admin/contests?search=${tag}&type=deposit`)
		await expect(page.getByLabel('Type', { exact: true })).toHaveValue('deposit')
		await expect(page.getByRole('region', { name: /Contests/ }).getByRole('article')).toHaveCount(1)
		await page.goto(`/admin/contests?search=${tag}&type=referral`)
		await expect(page.getByText('No contests found')).toBeVisible()
		await page.getByRole('link', { name: 'Clear filters' }).click()
		await expect(page).toHaveURL(/\/admin\/contests$/)
	})
})

test.describe('create', () => {
	test('a bad end date is an error on End Date; fixed, the contest is created as a draft', async ({
		page,
		superAdmin,
	}) => {
		const name = uniqueContestName('Created')
		await openList(page, name)
		await page.getByRole('link', { name: 'Create Contest' }).click()
		const form = dialog(page, 'Create New Contest')
		await expect(form).toBeVisible()
		await expect(form.getByLabel('Type', { exact: true })).toHaveValue('referral')
		await expect(form.getByText('Leave blank for unlimited')).toBeVisible()
		await form.getByLabel('Name', { exact: true }).fill(name)
		await form.getByLabel('Type', { exact: true }).selectOption('trading')
		await form.getByLabel('Description', { exact: true }).fill('Most volume wins')
		await form.getByLabel('Start Date', { exact: true }).fill(day(45))
		await form.getByLabel('End Date', { exact: true }).fill(day(44))
		await form.getByLabel('First Prize', { exact: true }).fill('$750')
		await form.getByLabel('Rules', { exact: true }).fill('Trade fair')
		await form.getByRole('button', { name: 'Create Contest' }).click()
		const endDate = dialog(page, 'Create New Contest').getByLabel('End Date', { exact: true })
		await expectFieldError(page, endDate, 'End date must be on or after the start date')
		await endDate.fill(day(75))
		await dialog(page, 'Create New Contest').getByLabel('Max Participants', { exact: true }).fill('30')
		await dialog(page, 'Create New Contest').getByRole('button', { name: 'Create Contest' }).click()
		await expectNotice(page, 'Contest created as a draft.')
		// Back on the list with its search kept.
		await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`))
		const created = card(page, name)
		await expect(created).toContainText('Status: Draft')
		await expect(created).toContainText('Type: Trading')
		await expect(created).toContainText('Participants0 of 30')
		await expect(dialog(page, 'Create New Contest')).toHaveCount(0)
	})

	test('the required fields come back from the server (or the browser) under each field', async ({
		page,
		superAdmin,
	}) => {
		await page.goto('/admin/contests/new?search=nothing-behind')
		await waitForHydration(page)
		const form = dialog(page, 'Create New Contest')
		await form.getByRole('button', { name: 'Create Contest' }).click()
		for (const [label, message] of [
			['Name', 'Name is required'],
			['Description', 'Description is required'],
			['Start Date', 'Start date is required'],
			['End Date', 'End date is required'],
			['First Prize', 'First prize is required'],
			['Rules', 'Rules are required'],
		] as const) {
			await expectFieldError(page, dialog(page, 'Create New Contest').getByLabel(label, { exact: true }), message)
		}
	})
})

test.describe('status actions', () => {
	test('Start, Pause, Resume, then Complete after confirming; each shows only the actions its status offers', async ({
		page,
		superAdmin,
		createContest,
	}) => {
		const contest = await createContest({ name: uniqueContestName('Lifecycle') })
		await openList(page, contest.name)
		const c = card(page, contest.name)
		await expect(c.getByRole('button', { name: /^(Pause|Resume)/ })).toHaveCount(0)
		await expect(c.getByRole('link', { name: /^Complete/ })).toHaveCount(0)

		await c.getByRole('button', { name: `Start ${contest.name}` }).click()
		await expectNotice(page, 'Contest started.')
		await expect(c).toContainText('Status: Active')
		await expect(c.getByRole('button', { name: /^Start/ })).toHaveCount(0)

		await c.getByRole('button', { name: `Pause ${contest.name}` }).click()
		await expectNotice(page, 'Contest paused.')
		await expect(c).toContainText('Status: Paused')
		await expect(c.getByRole('link', { name: /^Complete/ })).toHaveCount(0)

		await c.getByRole('button', { name: `Resume ${contest.name}` }).click()
		await expectNotice(page, 'Contest resumed.')
		await expect(c).toContainText('Status: Active')
		await expect(page).toHaveURL(/search=/)

		await c.getByRole('link', { name: `Complete ${contest.name}` }).click()
		const confirm = dialog(page, 'Complete Contest')
		await expect(confirm).toContainText('Completing freezes the ranks as they stand now.')
		await confirm.getByRole('button', { name: 'Complete Contest' }).click()
		await expectNotice(page, 'Contest completed: ranks are final.')
		await expect(c).toContainText('Status: Completed')
		await expect(c.getByRole('button')).toHaveCount(0)
		// Edit and Delete stay offered in every status.
		await expect(c.getByRole('link', { name: `Edit ${contest.name}` })).toBeVisible()
		await expect(c.getByRole('link', { name: `Delete ${contest.name}` })).toBeVisible()
	})

	test('on a 360 px phone each contest is a card whose actions are all on screen', async ({
		page,
		superAdmin,
		createContest,
	}) => {
		await page.setViewportSize({ width: 360, height: 780 })
		const contest = await createContest({ name: uniqueContestName('Phone') })
		await openList(page, contest.name)
		const c = card(page, contest.name)
		const actions = [
			c.getByRole('button', { name: `Start ${contest.name}` }),
			c.getByRole('link', { name: `View participants of ${contest.name}` }),
			c.getByRole('link', { name: `Edit ${contest.name}` }),
			c.getByRole('link', { name: `Delete ${contest.name}` }),
		]
		for (const action of actions) {
			await action.scrollIntoViewIfNeeded()
			const box = await action.boundingBox()
			expect(box, 'the action is laid out').not.toBeNull()
			// Inside the window's width: reachable without scrolling sideways.
			expect(box!.x).toBeGreaterThanOrEqual(0)
			expect(box!.x + box!.width).toBeLessThanOrEqual(360)
			// A thumb-sized target.
			expect(box!.height).toBeGreaterThanOrEqual(32)
		}
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
	})

	test('a transition the spec does not offer is refused by the server with its message', async ({
		page,
		request,
		superAdmin,
		createContest,
	}) => {
		const contest = await createContest({ name: uniqueContestName('Stale') })
		await openList(page, contest.name)
		// Someone else starts it meanwhile; this page still offers Start.
		await request.put(`/api/admin/contests/${contest.id}`, {
			data: { status: 'active' },
			headers: bearer(superAdmin.token),
		})
		await card(page, contest.name)
			.getByRole('button', { name: `Start ${contest.name}` })
			.click()
		const alert = page.getByRole('alert').filter({ hasText: 'Failed to update contest status' })
		await expect(alert).toContainText('This contest is already active.')
	})
})

test.describe('participants', () => {
	test('the dialog lists rank, user, score and joined with trophies for 1 to 3; a score change re-ranks; refused once completed', async ({
		page,
		request,
		superAdmin,
		createContest,
		addParticipants,
	}) => {
		// A referral contest: deposit, trading and activity scores come from the data, without a form.
		const contest = await createContest({ name: uniqueContestName('Players'), type: 'referral', status: 'active' })
		const players = await addParticipants(contest.id, [9, 7, 5, 1])
		await openList(page, contest.name)
		await card(page, contest.name)
			.getByRole('link', { name: `View participants of ${contest.name}` })
			.click()
		const view = dialog(page, `${contest.name} - Participants`)
		await expect(view).toBeVisible()
		await expect(page).toHaveURL(new RegExp(`/admin/contests/${contest.id}/participants\\?search=`))
		const table = view.getByRole('table')
		await expect(table.getByRole('columnheader')).toHaveText(['Rank', 'User', 'Score', 'Joined'])
		const rows = table.getByRole('row')
		await expect(rows).toHaveCount(5)
		await expect(rows.nth(1).getByRole('img', { name: 'Gold trophy, 1st place' })).toBeVisible()
		await expect(rows.nth(2).getByRole('img', { name: 'Silver trophy, 2nd place' })).toBeVisible()
		await expect(rows.nth(3).getByRole('img', { name: 'Bronze trophy, 3rd place' })).toBeVisible()
		await expect(rows.nth(4).getByRole('img')).toHaveCount(0)
		await expect(rows.nth(1)).toContainText(players[0]!.name)
		await expect(rows.nth(1)).toContainText(players[0]!.email)
		await expect(rows.nth(4).getByRole('cell').first()).toHaveText('4')
		await expect(rows.nth(1).getByRole('cell').last()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)

		// A bad score is refused under its field.
		const last = players[3]!
		const lastScore = view.getByLabel(`Score for ${last.name}`)
		await lastScore.fill('-3')
		await view.getByRole('button', { name: `Save score for ${last.name}` }).click()
		await expectFieldError(
			page,
			dialog(page, `${contest.name} - Participants`).getByLabel(`Score for ${last.name}`),
			'Score must be a whole number of 0 or more',
		)

		await dialog(page, `${contest.name} - Participants`).getByLabel(`Score for ${last.name}`).fill('12')
		await dialog(page, `${contest.name} - Participants`)
			.getByRole('button', { name: `Save score for ${last.name}` })
			.click()
		const after = dialog(page, `${contest.name} - Participants`)
		await expect(after.getByRole('status')).toHaveText('Score updated.')
		const first = after.getByRole('table').getByRole('row').nth(1)
		await expect(first).toContainText(last.email)
		await expect(first.getByRole('img', { name: 'Gold trophy, 1st place' })).toBeVisible()
		await expect(after.getByLabel(`Score for ${last.name}`)).toHaveValue('12')

		// Close keeps the list's search.
		await after.getByRole('link', { name: 'Close' }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/contests\\?search=`))
		await expect(dialog(page, `${contest.name} - Participants`)).toHaveCount(0)

		// Completed: ranks frozen, no score form.
		expect(
			(
				await request.post(`/api/admin/contests/${contest.id}/complete`, { headers: bearer(superAdmin.token) })
			).status(),
		).toBe(200)
		await page.goto(`/admin/contests/${contest.id}/participants?search=${encodeURIComponent(contest.name)}`)
		const frozen = dialog(page, `${contest.name} - Participants`)
		await expect(frozen).toContainText('Ranks are final.')
		await expect(frozen.getByRole('spinbutton')).toHaveCount(0)
		await expect(frozen.getByRole('table').getByRole('row').nth(1)).toContainText('12')
	})

	test("a contest without participants says 'No participants yet'", async ({ page, superAdmin, contest }) => {
		await page.goto(`/admin/contests/${contest.id}/participants?search=${encodeURIComponent(contest.name)}`)
		await expect(dialog(page, `${contest.name} - Participants`).getByText('No participants yet')).toBeVisible()
	})
})

test.describe('edit', () => {
	test('the form is filled with the contest; a bad end date is refused; saved, the card shows the change', async ({
		page,
		superAdmin,
		createContest,
	}) => {
		const contest = await createContest({
			name: uniqueContestName('Editable'),
			startDate: '2032-05-01',
			endDate: '2032-05-31',
			maxParticipants: 20,
		})
		await openList(page, contest.name)
		await card(page, contest.name)
			.getByRole('link', { name: `Edit ${contest.name}` })
			.click()
		const form = dialog(page, 'Edit Contest')
		await expect(form.getByLabel('Name', { exact: true })).toHaveValue(contest.name)
		await expect(form.getByLabel('Type', { exact: true })).toHaveValue('trading')
		await expect(form.getByLabel('Start Date', { exact: true })).toHaveValue('2032-05-01')
		await expect(form.getByLabel('End Date', { exact: true })).toHaveValue('2032-05-31')
		await expect(form.getByLabel('First Prize', { exact: true })).toHaveValue('$500')
		await expect(form.getByLabel('Second Prize (optional)', { exact: true })).toHaveValue('Phone')
		await expect(form.getByLabel('Max Participants', { exact: true })).toHaveValue('20')
		await form.getByLabel('End Date', { exact: true }).fill('2032-04-30')
		await form.getByRole('button', { name: 'Save Changes' }).click()
		await expectFieldError(
			page,
			dialog(page, 'Edit Contest').getByLabel('End Date', { exact: true }),
			'End date must be on or after the start date',
		)

		const renamed = `${contest.name} Renamed`
		const again = dialog(page, 'Edit Contest')
		await again.getByLabel('End Date', { exact: true }).fill('2032-06-15')
		await again.getByLabel('Name', { exact: true }).fill(renamed)
		await again.getByLabel('Max Participants', { exact: true }).fill('')
		await again.getByRole('button', { name: 'Save Changes' }).click()
		await expectNotice(page, 'Contest updated.')
		const edited = card(page, renamed)
		await expect(edited).toContainText('May 1, 2032 – Jun 15, 2032')
		// Blank max participants: unlimited, no "of N".
		await expect(edited).toContainText('Participants0Dates')
		await expect(edited).toContainText('Status: Draft')
	})
})

test.describe('delete', () => {
	test('super admin deletes after confirming (Cancel keeps it); the participants go too', async ({
		page,
		superAdmin,
		createContest,
		addParticipants,
	}) => {
		const contest = await createContest({ name: uniqueContestName('Doomed') })
		await addParticipants(contest.id, [4, 2])
		await openList(page, contest.name)
		await card(page, contest.name)
			.getByRole('link', { name: `Delete ${contest.name}` })
			.click()
		let confirm = dialog(page, 'Delete Contest')
		await expect(confirm).toContainText(`Delete ${contest.name} and its 2 participants?`)
		await expect(confirm).toContainText('This will permanently remove the contest and all participant data.')
		await confirm.getByRole('link', { name: 'Cancel' }).click()
		await expect(dialog(page, 'Delete Contest')).toHaveCount(0)
		await expect(card(page, contest.name)).toBeVisible()

		await card(page, contest.name)
			.getByRole('link', { name: `Delete ${contest.name}` })
			.click()
		confirm = dialog(page, 'Delete Contest')
		await confirm.getByRole('button', { name: 'Delete Contest' }).click()
		await expectNotice(page, 'Contest deleted.')
		await expect(card(page, contest.name)).toHaveCount(0)
		expect(participantRows(contest.id)).toBe(0)
	})

	test('role admin sees no Delete and gets Access Denied on the delete page; the other actions are there', async ({
		page,
		admin,
		createContest,
	}) => {
		const contest = await createContest({ name: uniqueContestName('Kept') })
		await openList(page, contest.name)
		const c = card(page, contest.name)
		await expect(c.getByRole('link', { name: `Edit ${contest.name}` })).toBeVisible()
		await expect(c.getByRole('button', { name: `Start ${contest.name}` })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Create Contest' })).toBeVisible()
		await expect(c.getByRole('link', { name: /^Delete/ })).toHaveCount(0)
		const response = await page.goto(`/admin/contests/${contest.id}/delete?search=${encodeURIComponent(contest.name)}`)
		expect(response?.status()).toBe(403)
		await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
		await expect(page.getByText('Access denied. Super admin privileges required.')).toBeVisible()
		// A forged form post is refused too, and the contest stays.
		const post = await page.request.post(`/admin/contests/${contest.id}/delete`, {
			form: {},
			headers: { Origin: new URL(page.url()).origin },
		})
		expect(post.status()).toBe(403)
		await openList(page, contest.name)
		await expect(card(page, contest.name)).toBeVisible()
	})

	test("an unknown contest's dialog shows 'Contest not found' with Retry", async ({ page, superAdmin }) => {
		const response = await page.goto('/admin/contests/999999999/edit')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Error Loading Contests' })).toBeVisible()
		await expect(page.getByText('Contest not found')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Retry' })).toBeVisible()
	})
})
