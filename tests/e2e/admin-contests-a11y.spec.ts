import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { adminApiLogin, bearer, createAdminAccount, E2E_ADMIN, signInAsAdmin } from '../admin-utils.ts'
import { contestPayload, insertParticipants, uniqueContestName } from '../contest-e2e-utils.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { jsOff, waitForHydration } from './support.ts'

/**
 * Every contests page, dialog and state at a phone and a desktop width, JS
 * on and off: zero axe violations, no horizontal overflow on the phone, no
 * CSP violation or page error (tests/e2e/axe.ts).
 */
type Setup = (page: Page, request: APIRequestContext) => Promise<void>

async function contestWith(
	request: APIRequestContext,
	status: 'draft' | 'active' | 'paused' | 'completed',
	scores: number[] = [],
	tag?: string,
) {
	const token = await adminApiLogin(request, E2E_ADMIN)
	const res = await request.post('/api/admin/contests', {
		data: contestPayload({ name: tag ? `A11y ${status} ${tag}` : uniqueContestName(`A11y ${status}`), maxParticipants: 50 }),
		headers: bearer(token),
	})
	const contest = (await res.json()).data.contest as { id: number; name: string }
	insertParticipants(contest.id, scores)
	const steps = { draft: [], active: ['active'], paused: ['active', 'paused'], completed: ['active'] }[status]
	for (const step of steps) await request.put(`/api/admin/contests/${contest.id}`, { data: { status: step }, headers: bearer(token) })
	if (status === 'completed') await request.post(`/api/admin/contests/${contest.id}/complete`, { headers: bearer(token) })
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
		setup: async (page, request) => {
			const tag = (await contestWith(request, 'draft', [1])).name.split(' ').pop()!
			for (const status of ['active', 'paused', 'completed'] as const) await contestWith(request, status, [1], tag)
			await signInAsAdmin(page)
			await page.goto(`/admin/contests?search=${encodeURIComponent(tag)}`)
			await expect(page.getByRole('article').first()).toBeVisible()
		},
	},
	{
		name: '/admin/contests (role admin), filtered to nothing',
		setup: async (page) => {
			await signInAsAdmin(page, createAdminAccount({ role: 'admin' }))
			await page.goto('/admin/contests?search=nothing-matches-this&status=completed&type=deposit')
			await expect(page.getByText('No contests found')).toBeVisible()
		},
	},
	{
		name: '/admin/contests after a status change (notice) and a refused one (alert)',
		setup: async (page, request) => {
			const contest = await contestWith(request, 'draft')
			await signInAsAdmin(page)
			await page.goto(`/admin/contests?search=${encodeURIComponent(contest.name)}`)
			await waitForHydration(page)
			const token = await adminApiLogin(request, E2E_ADMIN)
			await request.put(`/api/admin/contests/${contest.id}`, { data: { status: 'active' }, headers: bearer(token) })
			await page.getByRole('button', { name: `Start ${contest.name}` }).click()
			await expect(page.getByRole('alert').filter({ hasText: 'Failed to update contest status' })).toBeVisible()
		},
	},
	{
		name: 'Create New Contest with field errors',
		setup: async (page) => {
			await signInAsAdmin(page)
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
		setup: async (page, request) => {
			const contest = await contestWith(request, 'active')
			await signInAsAdmin(page)
			await page.goto(`/admin/contests/${contest.id}/edit${only(contest)}`)
			await expect(dialog(page, 'Edit Contest').getByLabel('Name', { exact: true })).toHaveValue(contest.name)
		},
	},
	{
		name: 'Delete Contest confirmation',
		setup: async (page, request) => {
			const contest = await contestWith(request, 'draft', [2])
			await signInAsAdmin(page)
			await page.goto(`/admin/contests/${contest.id}/delete${only(contest)}`)
			await expect(dialog(page, 'Delete Contest')).toContainText('This will permanently remove the contest and all participant data.')
		},
	},
	{
		name: 'Complete Contest confirmation',
		setup: async (page, request) => {
			const contest = await contestWith(request, 'active', [2])
			await signInAsAdmin(page)
			await page.goto(`/admin/contests/${contest.id}/complete${only(contest)}`)
			await expect(dialog(page, 'Complete Contest').getByRole('button', { name: 'Complete Contest' })).toBeVisible()
		},
	},
	{
		name: 'Participants with trophies, score forms and a score error',
		setup: async (page, request) => {
			const contest = await contestWith(request, 'active', [9, 7, 5, 3])
			await signInAsAdmin(page)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			await waitForHydration(page)
			const view = dialog(page, `${contest.name} - Participants`)
			await view.getByRole('spinbutton').last().fill('-1')
			await view.getByRole('button', { name: /^Save score/ }).last().click()
			await expect(dialog(page, `${contest.name} - Participants`).getByText('Score must be a whole number of 0 or more')).toBeVisible()
		},
	},
	{
		name: 'Participants of a completed contest (frozen ranks)',
		setup: async (page, request) => {
			const contest = await contestWith(request, 'completed', [4, 4, 1])
			await signInAsAdmin(page)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			await expect(dialog(page, `${contest.name} - Participants`)).toContainText('Ranks are final.')
		},
	},
	{
		name: "Participants: 'No participants yet'",
		setup: async (page, request) => {
			const contest = await contestWith(request, 'draft')
			await signInAsAdmin(page)
			await page.goto(`/admin/contests/${contest.id}/participants${only(contest)}`)
			await expect(dialog(page, `${contest.name} - Participants`).getByText('No participants yet')).toBeVisible()
		},
	},
	{
		name: "'Error Loading Contests' (unknown contest)",
		setup: async (page) => {
			await signInAsAdmin(page)
			await page.goto('/admin/contests/999999999/participants')
			await expect(page.getByRole('heading', { name: 'Error Loading Contests' })).toBeVisible()
		},
	},
	{
		name: "'Access Denied' (role admin on delete)",
		setup: async (page, request) => {
			const contest = await contestWith(request, 'draft')
			await signInAsAdmin(page, createAdminAccount({ role: 'admin' }))
			await page.goto(`/admin/contests/${contest.id}/delete${only(contest)}`)
			await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
		},
	},
]

const viewports = [
	{ width: 360, height: 800 },
	{ width: 1280, height: 800 },
]

for (const viewport of viewports) {
	test.describe(`contest pages at ${viewport.width}x${viewport.height}`, () => {
		test.use({ viewport })

		for (const { name, setup } of pages) {
			test(`${name} has no accessibility violations`, async ({ page, request }) => {
				const problems = watchPageProblems(page)
				await setup(page, request)
				await expectAccessible(page, problems)
			})
		}
	})
}
