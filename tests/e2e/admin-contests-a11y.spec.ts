import type { APIRequestContext, Page } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { uniqueContestName } from '../contest-e2e-utils.ts'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { jsOff, waitForHydration } from './support.ts'

/**
 * Every contests page, dialog and state at a phone and a desktop width, JS
 * on and off: zero axe violations, no horizontal overflow on the phone, no
 * CSP violation or page error (tests/e2e/axe.ts).
 */
type SetupFixtures = { request: APIRequestContext } & Pick<
	Fixtures,
	'createAdmin' | 'createContest' | 'addParticipants' | 'signIn'
>
type Setup = (page: Page, fixtures: SetupFixtures) => Promise<void>

/** The page signed in as a new admin of `role`; returns the admin. */
async function signInAs(
	page: Page,
	{ createAdmin, signIn }: SetupFixtures,
	role: 'admin' | 'super_admin' = 'super_admin',
) {
	const admin = await createAdmin({ role })
	await signIn(page, admin)
	return admin
}

/** A contest in `status` with participants of the given scores; completed through the API (the ranks are frozen there). */
async function contestWith(
	fixtures: SetupFixtures,
	status: 'draft' | 'active' | 'paused' | 'completed',
	scores: number[] = [],
	tag?: string,
	type: 'referral' | 'trading' = 'trading',
) {
	const contest = await fixtures.createContest({
		name: tag ? `A11y ${status} ${tag}` : uniqueContestName(`A11y ${status}`),
		type,
		maxParticipants: 50,
		status: status === 'completed' ? 'active' : status,
	})
	await fixtures.addParticipants(contest.id, scores)
	if (status === 'completed') {
		const { token } = await fixtures.createAdmin({ role: 'super_admin' })
		expect(
			(await fixtures.request.post(`/api/admin/contests/${contest.id}/complete`, { headers: bearer(token) })).status(),
		).toBe(200)
	}
	return contest
}

/**
 * The list's search for one contest: a dialog renders over the list, and
 * the shared test database holds many contests (the list is not paged).
 */
function only(contest: { name: string }) {
	return `?search=${encodeURIComponent(contest.name)}`
}

function dialog(page: Page, name: string | RegExp) {
	return jsOff() ? page.getByRole('region', { name }) : page.getByRole('dialog', { name })
}

const pages: Array<{ name: string; setup: Setup }> = [
	{
		name: '/admin/contests with a contest of every status (super admin)',
		setup: async (page, fixtures) => {
			const tag = (await contestWith(fixtures, 'draft', [1])).name.split(' ').pop()!
			for (const status of ['active', 'paused', 'completed'] as const) await contestWith(fixtures, status, [1], tag)
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests?search=${encodeURIComponent(tag)}`)
			await expect(page.getByRole('article').first()).toBeVisible()
		},
	},
	{
		name: '/admin/contests (role admin), filtered to nothing',
		setup: async (page, fixtures) => {
			await signInAs(page, fixtures, 'admin')
			await page.goto('/admin/contests?search=nothing-matches-this&status=completed&type=deposit')
			await expect(page.getByText('No contests found')).toBeVisible()
		},
	},
	{
		name: '/admin/contests after a status change (notice) and a refused one (alert)',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'draft')
			const admin = await signInAs(page, fixtures)
			await page.goto(`/admin/contests?search=${encodeURIComponent(contest.name)}`)
			await waitForHydration(page)
			await fixtures.request.put(`/api/admin/contests/${contest.id}`, {
				data: { status: 'active' },
				headers: bearer(admin.token),
			})
			await page.getByRole('button', { name: `Start ${contest.name}` }).click()
			await expect(page.getByRole('alert').filter({ hasText: 'Failed to update contest status' })).toBeVisible()
		},
	},
	{
		name: 'Create New Contest with field errors',
		setup: async (page, fixtures) => {
			await signInAs(page, fixtures)
			await page.goto('/admin/contests/new?search=nothing-behind')
			await waitForHydration(page)
			await dialog(page, 'Create New Contest').getByLabel('Start Date', { exact: true }).fill('2031-05-02')
			await dialog(page, 'Create New Contest').getByLabel('End Date', { exact: true }).fill('2031-05-01')
			await dialog(page, 'Create New Contest').getByRole('button', { name: 'Create Contest' }).click()
			await expect(dialog(page, 'Create New Contest').getByText('Name is required')).toBeVisible()
		},
	},
	{
		name: 'Edit Contest',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'active')
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/edit${only(contest)}`)
			await expect(dialog(page, 'Edit Contest').getByLabel('Name', { exact: true })).toHaveValue(contest.name)
		},
	},
	{
		name: 'Delete Contest confirmation',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'draft', [2])
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/delete${only(contest)}`)
			await expect(dialog(page, 'Delete Contest')).toContainText(
				'This will permanently remove the contest and all participant data.',
			)
		},
	},
	{
		name: 'Complete Contest confirmation',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'active', [2])
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/complete${only(contest)}`)
			await expect(dialog(page, 'Complete Contest').getByRole('button', { name: 'Complete Contest' })).toBeVisible()
		},
	},
	{
		name: 'Participants of a trading contest (scores from the data, no forms)',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'active', [9, 7, 5, 3])
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			const view = dialog(page, `${contest.name} - Participants`)
			await expect(view.getByText('Scores come from the data.')).toBeVisible()
			await expect(view.getByRole('spinbutton')).toHaveCount(0)
		},
	},
	{
		// Manual scores: a referral contest (deposit, trading and activity ones come from the data).
		name: 'Participants with trophies, score forms and a score error',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'active', [9, 7, 5, 3], undefined, 'referral')
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			await waitForHydration(page)
			const view = dialog(page, `${contest.name} - Participants`)
			await view.getByRole('spinbutton').last().fill('-1')
			await view
				.getByRole('button', { name: /^Save score/ })
				.last()
				.click()
			await expect(
				dialog(page, `${contest.name} - Participants`).getByText('Score must be a whole number of 0 or more'),
			).toBeVisible()
		},
	},
	{
		name: 'Participants of a completed contest (frozen ranks)',
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'completed', [4, 4, 1])
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			await expect(dialog(page, `${contest.name} - Participants`)).toContainText('Ranks are final.')
		},
	},
	{
		name: "Participants: 'No participants yet'",
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'draft')
			await signInAs(page, fixtures)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			await expect(dialog(page, `${contest.name} - Participants`).getByText('No participants yet')).toBeVisible()
		},
	},
	{
		name: "'Error Loading Contests' (unknown contest)",
		setup: async (page, fixtures) => {
			await signInAs(page, fixtures)
			await page.goto('/admin/contests/999999999/participants')
			await expect(page.getByRole('heading', { name: 'Error Loading Contests' })).toBeVisible()
		},
	},
	{
		name: "'Access Denied' (role admin on delete)",
		setup: async (page, fixtures) => {
			const contest = await contestWith(fixtures, 'draft')
			await signInAs(page, fixtures, 'admin')
			await page.goto(`/admin/contests/${contest.id}/delete${only(contest)}`)
			await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
		},
	},
]

test.describe('contest pages', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			request,
			createAdmin,
			createContest,
			addParticipants,
			signIn,
		}) => {
			const problems = watchPageProblems(page)
			await setup(page, { request, createAdmin, createContest, addParticipants, signIn })
			await expectAccessibleAtWidths(page, problems)
		})
	}
})
