import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { memberTotals, reportCsv } from '../broker-report-e2e-utils.ts'
import { day, thisMonth, uniqueContestName } from '../contest-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { FULL_CHROMIUM_LAUNCH } from '../setup/browsers.ts'
import { addBroker, answerBrokerLinks, removeTestBrokers, TEST_AFFILIATE_HOSTS } from './broker-support.ts'
import { open } from './support.ts'

// The business loop of issue 14 end to end, JS on and off: a member clicks a
// broker's button (tracked link, opaque tracking id); staff import that
// broker's monthly report naming the tracking id; the member's Investment on
// /admin/users, their rank in a running deposit contest and the month's
// revenue all follow; the same file a second time is refused.

test.afterAll(removeTestBrokers)

// The broker's link opens a new tab through answered hosts: the full browser (tests/setup/browsers.ts).
test.use({ launchOptions: FULL_CHROMIUM_LAUNCH })

test.beforeEach(({ context }) => answerBrokerLinks(context))

/** The member's place in the contest now, from the database (ranking order of app/features/contests/contest.server.ts). */
function placeOf(contestId: number, userId: number) {
	return withE2eDatabase((db) => {
		const ids = db
			.prepare(
				'select user_id as userId from contest_participants where contest_id = ? order by score desc, scored_at, id',
			)
			.all(contestId) as Array<{ userId: number }>
		const index = ids.findIndex((row) => row.userId === userId)
		return index < 0 ? null : index + 1
	})
}

async function uploadReport(page: Page, slug: string, month: string, csv: string) {
	await open(page, `/admin/brokers/${slug}/reports`)
	await page.getByLabel('Report month').fill(month)
	await page
		.getByLabel('Report file (CSV)')
		.setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Preview report' }).click()
}

test('click, report, Investment, contest rank and revenue; the same file twice is refused', async ({
	page,
	context,
	request,
	createMember,
	createAdmin,
	createContest,
	signIn,
}) => {
	const tag = randomUUID().slice(0, 6)
	const boss = await createAdmin({ role: 'super_admin' })
	const broker = await addBroker(request, boss.token)
	const member = await createMember({ unlocked: true, name: `Loop${tag} Nwosu` })
	const month = thisMonth()
	const name = uniqueContestName('Loop Deposits')
	const contest = await createContest({
		name,
		type: 'deposit',
		status: 'active',
		startDate: `${month}-01`,
		endDate: day(20),
		prizes: { first: '$300 cash' },
	})

	// 1. The member clicks the broker's button: a tracked link carrying an opaque tracking id.
	await signIn(page, member)
	await open(page, '/dashboard')
	const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: broker.name }) })
	await expect(card).toContainText('We may earn a commission from this broker.')
	const [popup] = await Promise.all([
		context.waitForEvent('page'),
		card.getByRole('link', { name: `Open an account with ${broker.name} (opens in a new tab)` }).click(),
	])
	await popup.waitForURL(TEST_AFFILIATE_HOSTS)
	const trackingId = new URL(popup.url()).searchParams.get('sub')!
	expect(trackingId).toMatch(/^[A-Za-z0-9_-]{16,}$/)
	await popup.close()
	await open(page, '/dashboard/contests')
	await expect(page.getByRole('article', { name })).toContainText("You're in")
	expect(placeOf(contest.id, member.id)).toBeNull()

	// 2. Staff import the broker's report for this month naming that tracking id.
	await signIn(page, boss)
	const csv = reportCsv([
		{ trackingId, deposits: '7654321.50', withdrawals: '100', volume: '250000', commission: '432.10', month },
	])
	await uploadReport(page, broker.slug, month, csv)
	await expect(page.locator('#report-preview').getByText('$7,654,321.50')).toBeVisible()
	await page.getByRole('button', { name: 'Apply report' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'applied: 1 row.' })).toBeVisible()

	// 3. Investment (deposits + withdrawals) on the staff users list.
	expect(memberTotals(member.id)).toEqual({ deposit: 7_654_321.5, withdraw: 100 })
	await open(page, `/admin/users?search=${encodeURIComponent(member.email)}`)
	const row = page.getByRole('row').filter({ hasText: member.email })
	await expect(row.locator('[data-label="Investment"]')).toHaveText('$7,654,421.50')

	// 4. The deposit contest ranks the member with their deposits (whole dollars).
	const place = placeOf(contest.id, member.id)
	expect(place).not.toBeNull()
	await signIn(page, member)
	await open(page, '/dashboard/contests')
	const standing = page.getByRole('article', { name }).getByText(/^#\d+\$7,654,321 deposited$/)
	await expect(standing).toHaveText(new RegExp(`^#${place}\\$7,654,321 deposited$`))

	// 5. The commission is the month's revenue entry for this broker.
	const revenue = await request.get('/api/admin/revenue?limit=100', { headers: bearer(boss.token) })
	expect(revenue.status()).toBe(200)
	const entries = (await revenue.json()).data.entries as Array<{ broker: string; month: string; amount: number }>
	expect(entries.filter((entry) => entry.broker === broker.name)).toMatchObject([{ month, amount: 432.1 }])

	// 6. The same file again is refused (the API says 409; the page offers nothing to apply).
	const again = await request.post(`/api/admin/brokers/${broker.slug}/reports?month=${month}`, {
		headers: { ...bearer(boss.token), 'Content-Type': 'text/csv' },
		data: csv,
	})
	expect(again.status()).toBe(409)
	await signIn(page, boss)
	await uploadReport(page, broker.slug, month, csv)
	await expect(page.getByText('This file was already applied')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Apply report' })).toHaveCount(0)
	expect(memberTotals(member.id)).toEqual({ deposit: 7_654_321.5, withdraw: 100 })
})
