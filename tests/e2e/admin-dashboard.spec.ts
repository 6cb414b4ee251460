import type { Page } from '@playwright/test'
import { uniqueAdminEmail, withE2eDatabase } from '../admin-utils.ts'
import { endingSoon } from '../contest-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { expectFieldError, jsOff, waitForHydration } from './support.ts'

// The admin dashboard with JavaScript on and off: figures, recent users,
// alerts, the revenue form, and the sidebar drawer on a phone.

const thisMonth = () => new Date().toISOString().slice(0, 7)

/** This month's entries that count (not voided), in cents, straight from the E2E database. */
function countedCentsThisMonth() {
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare(
						'select coalesce(sum(amount_cents), 0) as n from revenue_entries where month = ? and voided_at is null',
					)
					.get(thisMonth()) as { n: number }
			).n,
	)
}

function statCard(page: Page, label: string) {
	return page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) })
}

/** Monthly Revenue as shown ("$12,346" → 12346). */
async function monthlyRevenue(page: Page) {
	const text = await statCard(page, 'Monthly Revenue').locator('p').nth(1).innerText()
	return Number(text.replace(/[$,]/g, ''))
}

function revenueForm(page: Page) {
	const section = page.getByRole('region', { name: 'Record Revenue' })
	return {
		section,
		broker: section.getByLabel('Broker', { exact: true }),
		month: section.getByLabel('Month', { exact: true }),
		amount: section.getByLabel('Amount (USD)', { exact: true }),
		submit: section.getByRole('button', { name: 'Record Revenue' }),
	}
}

test.describe('admin dashboard', () => {
	test('title, actions and the four stat cards with change and trend', async ({ page, superAdmin }) => {
		await page.goto('/admin/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
		await expect(page.getByText('Manage your platform from here')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users')
		await expect(page.getByRole('link', { name: 'Manage Contests' })).toHaveAttribute('href', '/admin/contests')
		for (const [label, value] of [
			['Total Users', /^\d[\d,]*$/],
			['Active Contests', /^\d[\d,]*$/],
			['Monthly Revenue', /^\$\d[\d,]*$/],
			['Platform Activity', /^\d+(\.\d)?%$/],
		] as const) {
			const card = statCard(page, label)
			await expect(card).toHaveCount(1)
			await expect(card.locator('p').nth(1)).toHaveText(value)
			await expect(card).toContainText(/(\+\d[\d,.]*%|-\d[\d,.]*%|0%)/)
			await expect(card).toContainText(/trend (up|down|no change)/)
		}
	})

	test('Recent Users lists the newest member with initials, email, status and plan; View All leads to the users screen', async ({
		page,
		superAdmin,
		createMember,
	}) => {
		await page.goto('/admin/dashboard')
		const member = await createMember({ name: 'Zora Recentmember' })
		await page.reload()
		const recent = page.getByRole('region', { name: 'Recent Users' })
		const row = recent.getByRole('listitem').filter({ hasText: member.email })
		await expect(row).toBeVisible()
		await expect(row).toContainText('ZR')
		await expect(row).toContainText('Zora Recentmember')
		await expect(row).toContainText('active')
		await expect(row).toContainText('Regular')
		expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5)
		await expect(recent.getByRole('link', { name: 'View All users' })).toHaveAttribute('href', '/admin/users')
	})

	test('System Alerts shows the server-raised alerts (at most 3) with View links', async ({
		page,
		request,
		superAdmin,
		createContest,
	}) => {
		for (let i = 0; i < 5; i++) {
			await request.post('/api/admin/login', {
				data: { email: uniqueAdminEmail('intruder'), password: 'Wr0ngPassword' },
			})
		}
		await createContest(endingSoon())
		await page.goto('/admin/dashboard')
		const alerts = page.getByRole('region', { name: 'System Alerts' })
		const items = alerts.getByRole('listitem')
		expect(await items.count()).toBeGreaterThan(0)
		expect(await items.count()).toBeLessThanOrEqual(3)
		// The contest's alert was raised as the page loaded, so a contest alert
		// is among the newest (other tests raise theirs in parallel).
		const ending = items.filter({ hasText: 'Contest ending soon' }).first()
		await expect(ending).toContainText(/"Ending Soon [0-9a-f]{6}" ends on /)
		await expect(ending.getByRole('link', { name: /^View\b.*Contest ending soon$/ })).toHaveAttribute(
			'href',
			'/admin/contests',
		)
		await expect(ending.locator('time')).toHaveText(/UTC$/)
		await expect(alerts.getByText('No system alerts')).toHaveCount(0)
	})

	test('the revenue form records an entry that feeds Monthly Revenue', async ({ page, superAdmin }) => {
		await page.goto('/admin/dashboard')
		await waitForHydration(page)
		const broker = `Broker ${Date.now()}`
		const form = revenueForm(page)
		await expect(form.month).toHaveValue(thisMonth())
		await form.broker.fill(broker)
		await form.amount.fill('1,234.56')
		await form.submit.click()
		await expect(page.getByRole('status')).toHaveText('Revenue entry recorded.')
		await expect(page).toHaveURL(/\/admin\/dashboard#revenue$/)
		// Other suites record and void this month's revenue in parallel: the
		// figure is the month's counted entries, this one among them.
		await expect(async () => {
			await page.goto('/admin/dashboard')
			expect(await monthlyRevenue(page)).toBe(Math.round(countedCentsThisMonth() / 100))
		}).toPass({ timeout: 10_000 })
		const latest = form.section.getByRole('table', { name: 'Latest entries' })
		await expect(latest.getByRole('row').filter({ hasText: broker })).toContainText('$1,234.56')
		// The form is empty again for the next entry.
		await expect(form.broker).toHaveValue('')
		await expect(form.amount).toHaveValue('')
	})

	test('bad revenue input shows field errors under each field', async ({ page, superAdmin }) => {
		await page.goto('/admin/dashboard')
		await waitForHydration(page)
		const form = revenueForm(page)
		await form.month.fill('')
		await form.submit.click()
		await expectFieldError(page, form.broker, 'Broker is required')
		await expectFieldError(page, form.month, 'Month is required')
		await expectFieldError(page, form.amount, 'Amount is required')

		await form.broker.fill('Exness')
		await form.month.fill('2099-01')
		await form.amount.fill('12abc')
		await form.submit.click()
		await expectFieldError(page, form.month, 'Month cannot be in the future')
		await expectFieldError(page, form.amount, 'Enter an amount in USD, like 1250 or 1250.50')
		await expect(form.broker).not.toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByRole('status')).toHaveCount(0)
		if (jsOff()) {
			// The server answered: the values typed are kept.
			await expect(form.broker).toHaveValue('Exness')
		}

		await form.month.fill(thisMonth())
		await form.amount.fill('0')
		await form.submit.click()
		await expectFieldError(page, form.amount, 'Amount must be greater than 0')
	})
})

test.describe('stat card trends (SVG drawn on the server)', () => {
	test('each card has its trend in the server HTML, named by its summary, with the figures as a table', async ({
		page,
		request,
		superAdmin,
	}) => {
		// The server's HTML itself, before any script: four trends, each an image with its summary.
		const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
		const html = await (await request.get('/admin/dashboard', { headers: { Cookie: cookie } })).text()
		expect(html.match(/data-chart="trend"/g)).toHaveLength(4)
		expect(html).toMatch(/aria-label="Total Users, last 30 days: \d+ of 30 days recorded/)
		expect(html).toMatch(/aria-label="Monthly Revenue, last 12 months: /)

		await page.goto('/admin/dashboard')
		for (const [label, window, unit] of [
			['Total Users', 'last 30 days', 'days recorded'],
			['Active Contests', 'last 30 days', 'days recorded'],
			['Platform Activity', 'last 30 days', 'days recorded'],
			['Monthly Revenue', 'last 12 months', 'months with entries'],
		] as const) {
			const card = statCard(page, label)
			const value = await card.locator('p').nth(1).innerText()
			const chart = card.locator('[data-chart="trend"]')
			const image = chart.getByRole('img', { name: new RegExp(`^${label}, ${window}: `) })
			await expect(image).toBeVisible()
			// The visible note says how much of the window was recorded; the table has a row per period.
			const note = await chart.locator('figcaption').innerText()
			const [, recorded, total] = new RegExp(`^(?:Last \\d+ \\w+): (\\d+) of (\\d+) ${unit}$`).exec(note) ?? []
			expect(recorded, `${label}: "${note}"`).toBeDefined()
			await chart.getByText('Show the figures').click()
			const rows = chart.getByRole('row')
			await expect(rows).toHaveCount(Number(total))
			// Periods without data are gaps, listed as such, never given a value.
			const missing = label === 'Monthly Revenue' ? 'no entries' : 'not recorded'
			await expect(rows.filter({ hasText: missing })).toHaveCount(Number(total) - Number(recorded))
			if (label !== 'Monthly Revenue') {
				// Today's point is the card's figure.
				await expect(rows.last().getByRole('cell')).toHaveText(value)
				expect(Number(recorded)).toBeGreaterThanOrEqual(1)
			} else if (value !== '$0') {
				await expect(rows.last().getByRole('cell')).toHaveText(value)
			}
		}
	})
})

test.describe('admin sidebar at 360 px', () => {
	test.use({ viewport: { width: 360, height: 800 } })

	test('the navigation is a slide-out drawer that opens without JS; the current page is marked', async ({
		page,
		superAdmin,
	}) => {
		await page.goto('/admin/dashboard')
		await waitForHydration(page)
		await expect(page.locator('details[data-nav-drawer]')).not.toHaveAttribute('open', '')
		const users = page.getByRole('link', { name: 'Users', exact: true })
		await expect(users).toBeHidden()
		await page.getByText('Menu', { exact: true }).click()
		await expect(users).toBeVisible()
		await expect(users).toHaveAttribute('href', '/admin/users')
		await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page')
		await expect(
			page.locator('details[data-nav-drawer]').getByText('Super Admin Access', { exact: true }),
		).toBeVisible()
		// The drawer carries Main Site and Logout on a phone, without overflowing; the header row names nobody there.
		await expect(page.getByRole('banner').getByText(superAdmin.email)).toBeHidden()
		await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible()
		await expect(page.getByRole('banner').getByRole('link', { name: 'Main Site' })).toBeVisible()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
		if (!jsOff()) {
			// With JS, following a link closes the drawer.
			await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
			await expect(users).toBeHidden()
		}
	})

	test('the header is one compact row that names the current section; Close and the backdrop shut the drawer', async ({
		page,
		superAdmin,
	}) => {
		await page.goto('/admin/users')
		await waitForHydration(page)
		const header = page.getByRole('banner')
		expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72)
		const summary = page.locator('details[data-nav-drawer] > summary')
		await expect(summary).toHaveText(/^Menu, current section: · Users$/)
		// Who is signed in shows from 640 px up (once in the page: no copy in the drawer).
		await expect(header.getByText(superAdmin.email)).toBeHidden()
		await summary.click()
		await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('aria-current', 'page')
		await page.getByRole('link', { name: 'Close the menu' }).click()
		await expect(page).toHaveURL(/\/admin\/users$/)
		await expect(page.locator('details[data-nav-drawer]')).not.toHaveAttribute('open', '')
		if (!jsOff()) {
			await summary.click()
			await page.keyboard.press('Escape')
			await expect(page.locator('details[data-nav-drawer]')).not.toHaveAttribute('open', '')
			await expect(summary).toBeFocused()
		}
	})
})
