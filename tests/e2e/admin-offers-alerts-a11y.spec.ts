import type { Page } from '@playwright/test'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { deleteAlerts, insertAlert, insertClaim } from '../offer-alert-utils.ts'
import { AT_BOTH_WIDTHS, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { open, waitForHydration } from './support.ts'
import { LEADER, makeRegistryTraders, registryTraderId } from './registry-traders.ts'

/**
 * /admin/offers, a claim's page and /admin/alerts at a phone and a desktop
 * width, JS on and off: zero axe violations, no horizontal overflow on the
 * phone, no CSP violation or page error (tests/e2e/axe.ts).
 */
type SetupFixtures = Pick<Fixtures, 'createMember' | 'createAdmin' | 'signIn'>
type Setup = (page: Page, fixtures: SetupFixtures, alerts: number[]) => Promise<void>

async function asStaff(page: Page, { createAdmin, signIn }: SetupFixtures) {
	await signIn(page, await createAdmin({ role: 'admin' }))
}

async function aClaim({ createMember }: SetupFixtures) {
	const member = await createMember({ unlocked: true, plan: 'gold', name: 'A member with a rather long name indeed' })
	return insertClaim(member.id, 'daniel-mensah')
}

const pages: Array<{ name: string; setup: Setup }> = [
	{
		name: '/admin/offers with claims',
		setup: async (page, fixtures) => {
			await aClaim(fixtures)
			await asStaff(page, fixtures)
			await open(page, '/admin/offers')
			await expect(page.getByRole('heading', { level: 1, name: 'Offer Claims' })).toBeVisible()
		},
	},
	{
		name: '/admin/offers with filter errors',
		setup: async (page, fixtures) => {
			await asStaff(page, fixtures)
			await open(page, '/admin/offers?status=lost&offer=No%20Body')
			await expect(page.getByText('offer must be the id of a 0% fee offer')).toBeVisible()
		},
	},
	{
		name: '/admin/offers/:claimId',
		setup: async (page, fixtures) => {
			const id = await aClaim(fixtures)
			await asStaff(page, fixtures)
			await open(page, `/admin/offers/${id}`)
			await expect(page.getByRole('button', { name: 'Save claim' })).toBeVisible()
		},
	},
	{
		name: '/admin/alerts',
		setup: async (page, fixtures, alerts) => {
			alerts.push(insertAlert('A11y alert with a fairly long title to wrap', 'error'))
			await asStaff(page, fixtures)
			await open(page, '/admin/alerts')
			await expect(page.getByRole('heading', { level: 1, name: 'System Alerts' })).toBeVisible()
		},
	},
	{
		name: '/admin/traders',
		setup: async (page, fixtures) => {
			await asStaff(page, fixtures)
			await open(page, '/admin/traders')
			await expect(page.getByRole('heading', { level: 1, name: 'Traders' })).toBeVisible()
		},
	},
	{
		name: '/admin/traders/new with field errors',
		setup: async (page, fixtures) => {
			await asStaff(page, fixtures)
			await open(page, '/admin/traders/new')
			await waitForHydration(page)
			await page.getByRole('button', { name: 'Add Trader' }).click()
			await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Name is required/)
		},
	},
	{
		name: '/admin/traders/:id',
		setup: async (page, fixtures) => {
			makeRegistryTraders()
			await asStaff(page, fixtures)
			await open(page, `/admin/traders/${registryTraderId(LEADER.slug)}`)
			await expect(page.getByRole('heading', { level: 1, name: LEADER.name })).toBeVisible()
		},
	},
	{
		name: '/admin/traders/:id/statements with a preview of bad rows',
		setup: async (page, fixtures) => {
			makeRegistryTraders()
			await asStaff(page, fixtures)
			await open(page, `/admin/traders/${registryTraderId(LEADER.slug)}/statements`)
			await page.getByLabel('Statement file (CSV)').setInputFiles({
				name: 'bad.csv',
				mimeType: 'text/csv',
				buffer: Buffer.from('date,equity,deposits,withdrawals\n2020-01-02,-5,0,0\n'),
			})
			await page.getByRole('button', { name: 'Preview statement' }).click()
			await expect(page.getByRole('region', { name: 'Bad rows' })).toBeVisible()
		},
	},
	{
		name: '/admin/dashboard with alert buttons',
		setup: async (page, fixtures, alerts) => {
			alerts.push(insertAlert('A11y dashboard alert', 'warning'))
			await asStaff(page, fixtures)
			await open(page, '/admin/dashboard')
			await expect(page.getByRole('button', { name: 'Acknowledge: A11y dashboard alert' })).toBeVisible()
		},
	},
]

test.describe('offer claims and alerts pages', () => {
	test.use({ viewport: PHONE })
	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			createMember,
			createAdmin,
			signIn,
		}) => {
			const alerts: number[] = []
			try {
				const problems = watchPageProblems(page)
				await setup(page, { createMember, createAdmin, signIn }, alerts)
				await expectAccessibleAtWidths(page, problems)
			} finally {
				deleteAlerts(...alerts)
			}
		})
	}
})
