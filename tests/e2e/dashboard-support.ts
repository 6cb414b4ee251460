import { expect, type Page } from '@playwright/test'
import { issuePlanCode } from './db.ts'
import { waitForHydration } from './support.ts'

/** Every page of the member dashboard, as the sidebar lists them. */
export const dashboardPages = [
	{ path: '/dashboard', label: 'Dashboard', heading: /^Welcome back, / },
	{ path: '/dashboard/watchlist', label: 'Watchlist', heading: 'Watchlist' },
	{ path: '/dashboard/academy', label: 'Academy', heading: 'Academy' },
	{ path: '/dashboard/plans', label: 'Plans', heading: 'Plans' },
	{ path: '/dashboard/zero-fee', label: '0% Fee Offers', heading: '0% Fee Offers' },
	{ path: '/dashboard/referrals', label: 'Referrals & Invite', heading: 'Referrals & Invite' },
	{ path: '/dashboard/contests', label: 'Monthly Contest', heading: 'Monthly Contest' },
	{ path: '/dashboard/settings', label: 'Settings', heading: 'Account Settings' },
	{ path: '/dashboard/notifications', label: 'Notifications', heading: 'Notifications' },
] as const

/** The sidebar's navigation (the drawer's on narrow screens: open it first). */
export function sidebar(page: Page) {
	return page.getByRole('navigation', { name: 'Dashboard' })
}

/** The plan badge in the dashboard header ("Your plan: Regular"). */
export function planBadge(page: Page) {
	return page.getByRole('banner').locator('p', { hasText: 'Your plan:' })
}

/** A plan card on /dashboard/plans, by its name ("Gold Room"). */
export function planCard(page: Page, name: string) {
	return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) })
}

/** An offer card on /dashboard/zero-fee, by its trader's name. */
export function offerCard(page: Page, trader: string) {
	return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: trader, exact: true }) })
}

/**
 * Opens the activation form from the plan's card (a dialog with JS, a page
 * section without), enters `code` and submits it.
 */
export async function submitActivationCode(page: Page, code: string, plan = 'Gold Room') {
	await page.goto('/dashboard/plans')
	await waitForHydration(page)
	await planCard(page, plan)
		.getByRole('link', { name: `Activate ${plan}` })
		.click()
	await expect(page).toHaveURL(/\/dashboard\/plans\/activate\?plan=/)
	await page.getByLabel('Activation code', { exact: true }).fill(code)
	await page.getByRole('button', { name: 'Activate Plan' }).click()
}

/** Moves the signed-in member to the gold plan with a freshly issued code, through the form. */
export async function activateGold(page: Page) {
	const code = issuePlanCode('gold')
	await submitActivationCode(page, code, 'Gold Room')
	await expect(page).toHaveURL(/\/dashboard\/plans$/)
	await expect(page.getByRole('status')).toHaveText('Your plan is now Gold Room.')
	await expect(planBadge(page)).toHaveText('Your plan: Gold Room')
	await waitForHydration(page)
	return code
}
