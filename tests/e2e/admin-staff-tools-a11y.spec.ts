import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { dialog } from './admin-users-support.ts'
import { waitForHydration } from './support.ts'

/**
 * The revenue corrections and staff accounts pages at a phone and a
 * desktop width, JS on and off: zero axe violations, no horizontal overflow
 * on the phone, no CSP violation or page error (tests/e2e/axe.ts).
 */
type SetupFixtures = Pick<Fixtures, 'createAdmin' | 'signIn'> & {
	request: APIRequestContext
}
type Setup = (page: Page, fixtures: SetupFixtures) => Promise<void>

async function superAdminOn(page: Page, { createAdmin, signIn }: SetupFixtures) {
	const boss = await createAdmin({ role: 'super_admin' })
	await signIn(page, boss)
	return boss
}

/** Two entries (one voided, one corrected, a long broker name) in 2000-06, far from the current month. */
async function entries(fixtures: SetupFixtures, token: string) {
	const ids: number[] = []
	for (const broker of [
		`Broker ${randomUUID().slice(0, 6)}`,
		`A very long broker name that keeps going ${randomUUID()}`,
	]) {
		const res = await fixtures.request.post('/api/admin/revenue', {
			headers: bearer(token),
			data: { broker, month: '2000-06', amount: 1250.5 },
		})
		ids.push((await res.json()).data.id)
	}
	await fixtures.request.post(`/api/admin/revenue/${ids[0]}/void`, {
		headers: bearer(token),
		data: { reason: 'Duplicate' },
	})
	await fixtures.request.patch(`/api/admin/revenue/${ids[1]}`, {
		headers: bearer(token),
		data: { amount: 1300, reason: 'Re-issued' },
	})
	return ids
}

const pages: Array<{ name: string; setup: Setup }> = [
	{
		name: '/admin/revenue',
		setup: async (page, fixtures) => {
			const boss = await superAdminOn(page, fixtures)
			await entries(fixtures, boss.token)
			await page.goto('/admin/revenue')
			await waitForHydration(page)
		},
	},
	{
		name: 'Edit Revenue Entry (with a field error)',
		setup: async (page, fixtures) => {
			const boss = await superAdminOn(page, fixtures)
			const [, id] = await entries(fixtures, boss.token)
			await page.goto(`/admin/revenue/${id}/edit`)
			await waitForHydration(page)
			const form = dialog(page, 'Edit Revenue Entry')
			await form.getByRole('button', { name: 'Save Correction' }).click()
			await expect(form.getByText('Reason is required')).toBeVisible()
		},
	},
	{
		name: 'Void Revenue Entry',
		setup: async (page, fixtures) => {
			const boss = await superAdminOn(page, fixtures)
			const [, id] = await entries(fixtures, boss.token)
			await page.goto(`/admin/revenue/${id}/void`)
			await waitForHydration(page)
			await expect(dialog(page, 'Void Revenue Entry')).toBeVisible()
		},
	},
	{
		name: '/admin/staff',
		setup: async (page, fixtures) => {
			await superAdminOn(page, fixtures)
			await fixtures.createAdmin({ role: 'admin', name: 'A very long staff name that keeps going and going' })
			await page.goto('/admin/staff')
			await waitForHydration(page)
		},
	},
	{
		name: '/admin/staff/new (with field errors)',
		setup: async (page, fixtures) => {
			await superAdminOn(page, fixtures)
			await page.goto('/admin/staff/new')
			await waitForHydration(page)
			await page.getByRole('button', { name: 'Create Account' }).click()
			await expect(page.getByText('Name is required')).toBeVisible()
		},
	},
	{
		name: '/admin/staff/:adminId with a password shown once',
		setup: async (page, fixtures) => {
			await superAdminOn(page, fixtures)
			const staff = await fixtures.createAdmin({ role: 'admin' })
			await page.goto(`/admin/staff/${staff.id}`)
			await waitForHydration(page)
			await page.getByRole('button', { name: 'Reset Password' }).click()
			await expect(page.getByTestId('one-time-password')).toBeVisible()
		},
	},
]

test.describe('revenue and staff pages', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			createAdmin,
			signIn,
			request,
		}) => {
			const problems = watchPageProblems(page)
			await setup(page, { createAdmin, signIn, request })
			await expectAccessibleAtWidths(page, problems)
		})
	}
})
