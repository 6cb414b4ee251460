import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import {
	connectMember,
	insertAppliedReport,
	insertTestBroker,
	removeTestBrokers,
	type TestBroker,
} from '../member-broker-utils.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'
import { open } from './support.ts'

/**
 * The members' own broker figures (issue 14, part 5): "Your brokers" on the
 * dashboard overview (clicked or funded, the deposits the broker reported
 * for a month, labelled as its report) and the staff user page's broker
 * accounts with the tracking id. Brokers, accounts and applied reports are
 * written straight to the database (tests/member-broker-utils.ts).
 */

let made: TestBroker[] = []

function broker(name: string, options: { active?: boolean } = {}) {
	const b = insertTestBroker(name, options)
	made.push(b)
	return b
}

test.afterEach(() => {
	removeTestBrokers(...made.map((b) => b.id))
	made = []
})

function panel(page: Page) {
	return page.getByRole('region', { name: 'Your brokers' })
}

function brokerItem(page: Page, b: TestBroker) {
	return panel(page)
		.getByRole('listitem')
		.filter({ has: page.getByRole('heading', { name: b.name, exact: true }) })
}

const phone = { width: 360, height: 800 }

test.describe('Your brokers on the dashboard overview', () => {
	test('a member without a broker account sees the empty state pointing to the broker cards', async ({
		page,
		member,
	}) => {
		await open(page, '/dashboard')
		await expect(panel(page)).toContainText('You have not opened a broker account through us yet.')
		const link = panel(page).getByRole('link', { name: 'Pick one of the partner brokers below' })
		await expect(link).toHaveAttribute('href', '#brokers-heading')
		// The link's target is the partner brokers' heading on the same page.
		await expect(page.locator('#brokers-heading')).toHaveCount(1)
		await expect(panel(page).getByRole('listitem')).toHaveCount(0)
		await expect(panel(page)).not.toContainText('not live balances')
	})

	test('funded and clicked-only brokers, with the deposits labelled as the report of a month', async ({
		page,
		member,
	}) => {
		const xm = broker('XM Test')
		const exness = broker('Exness Test')
		const gone = broker('Gone Test', { active: false })
		const trackingId = connectMember(member.id, xm.id, { clicks: 4, firstClickAt: new Date('2026-09-01T10:00:00Z') })
		connectMember(member.id, exness.id, { firstClickAt: new Date('2026-10-03T10:00:00Z') })
		connectMember(member.id, gone.id, { firstClickAt: new Date('2026-10-04T10:00:00Z') })
		insertAppliedReport(xm.id, '2026-09', [{ userId: member.id, depositsCents: 50_000 }])
		insertAppliedReport(xm.id, '2026-10', [{ userId: member.id, depositsCents: 125_000, withdrawalsCents: 2_550 }])
		// A reversed report counts for nothing: Exness stays "clicked".
		insertAppliedReport(exness.id, '2026-10', [{ userId: member.id, depositsCents: 99_900 }], { reversed: true })

		await open(page, '/dashboard')
		await expect(panel(page)).toContainText("Figures come from the brokers' monthly reports, not live balances.")

		const xmItem = brokerItem(page, xm)
		await expect(xmItem).toContainText('Funded')
		await expect(xmItem).toContainText('Deposits reported by XM Test for October 2026: $1,250.00')
		await expect(xmItem).toContainText('Withdrawals reported by XM Test for October 2026: $25.50')
		await expect(xmItem).toContainText('Deposits reported by XM Test across 2 months: $1,750.00')
		// The earlier month is in a disclosure that opens without JavaScript.
		const earlier = xmItem.getByRole('table', { name: 'Earlier monthly reports from XM Test' })
		await expect(earlier).toBeHidden()
		await xmItem.getByText('Earlier reports from XM Test').click()
		await expect(earlier.getByRole('row', { name: /September 2026/ })).toContainText('$500.00')

		const exnessItem = brokerItem(page, exness)
		await expect(exnessItem).toContainText('Clicked on Oct 3, 2026')
		await expect(exnessItem).not.toContainText('Funded')
		await expect(exnessItem).toContainText('No monthly report from Exness Test names you yet.')

		await expect(brokerItem(page, gone)).toContainText('No longer a partner broker.')
		// The tracking id stays with staff (not in the page, not in its loader data).
		expect(await page.content()).not.toContain(trackingId)
	})

	test.describe('at 360 px', () => {
		test.use({ viewport: phone })
		test('the panel fits and has no accessibility violations', async ({ page, member }) => {
			const xm = broker('A broker with a rather long name for a phone')
			connectMember(member.id, xm.id)
			insertAppliedReport(xm.id, '2026-10', [{ userId: member.id, depositsCents: 123_456_789 }])
			insertAppliedReport(xm.id, '2026-09', [{ userId: member.id, depositsCents: 1 }])
			const problems = watchPageProblems(page)
			await open(page, '/dashboard')
			await brokerItem(page, xm).getByText(`Earlier reports from ${xm.name}`).click()
			await expect(brokerItem(page, xm)).toContainText('$1,234,567.89')
			await expectAccessible(page, problems)
		})
	})
})

test.describe("Staff: a member's broker accounts on the user page", () => {
	test('the tracking id, clicks and the reported figures by month', async ({ page, admin, createMember }) => {
		const member = await createMember({ unlocked: true })
		const xm = broker('XM Staff')
		const trackingId = connectMember(member.id, xm.id, {
			clicks: 3,
			firstClickAt: new Date('2026-09-01T10:00:00Z'),
			lastClickAt: new Date('2026-09-20T08:05:00Z'),
		})
		insertAppliedReport(xm.id, '2026-10', [{ userId: member.id, depositsCents: 125_000, withdrawalsCents: 10_000 }])

		await open(page, `/admin/users/${member.id}`)
		const section = page.getByRole('region', { name: 'Broker accounts', exact: true })
		const account = section
			.getByRole('table')
			.first()
			.getByRole('row', { name: /XM Staff/ })
		await expect(account).toContainText(trackingId)
		await expect(account).toContainText('Sep 1, 2026, 10:00 AM UTC')
		await expect(account).toContainText('Sep 20, 2026, 8:05 AM UTC')
		await expect(account.getByRole('cell').nth(1)).toHaveText('3')
		await expect(account).toContainText('Yes')
		const monthRow = section
			.getByRole('table')
			.nth(1)
			.getByRole('row', { name: /October 2026/ })
		await expect(monthRow).toContainText('XM Staff')
		await expect(monthRow).toContainText('$1,250.00')
		await expect(monthRow).toContainText('$100.00')
	})

	test('a member without a broker account: the section says so', async ({ page, admin, createMember }) => {
		const member = await createMember({ unlocked: true })
		await open(page, `/admin/users/${member.id}`)
		await expect(page.getByRole('region', { name: 'Broker accounts', exact: true })).toContainText(
			'No broker account yet',
		)
	})

	test.describe('at 360 px', () => {
		test.use({ viewport: phone })
		test('the user page with broker accounts has no accessibility violations', async ({
			page,
			admin,
			createMember,
		}) => {
			const member = await createMember({ unlocked: true })
			const xm = broker('XM Phone')
			connectMember(member.id, xm.id)
			insertAppliedReport(xm.id, '2026-10', [{ userId: member.id, depositsCents: 125_000 }])
			const problems = watchPageProblems(page)
			await open(page, `/admin/users/${member.id}`)
			await expect(page.getByRole('region', { name: 'Broker accounts', exact: true })).toContainText('XM Phone')
			await expectAccessible(page, problems)
		})
	})
})
