import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { day, insertBrokerReport, removeBroker, uniqueContestName } from '../contest-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { expectAccessible, watchPageProblems } from './axe.ts'

// Contests scored from data on /dashboard/contests (JS on and off): a
// deposit contest started over an applied broker report ranks its members
// at once; each member sees their rank, the top 10, how it scores and the
// time left; a member without deposits is told they are in; once completed
// the contest's frozen winners stay on the page.

function contestCard(page: Page, name: string) {
	return page.getByRole('article', { name })
}

/** "#12" at the start of a text: the rank. */
function rankIn(text: string | null) {
	const match = /^#(\d+)/.exec(text ?? '')
	expect(match, `rank in "${text}"`).not.toBeNull()
	return Number(match![1])
}

test('a running deposit contest shows the rank and top 10; completed, its winners', async ({
	page,
	request,
	createMember,
	createAdmin,
	createContest,
	signIn,
}) => {
	// The test database is shared: other runs' reports of this month count in this contest too, so
	// names are this run's own and ranks are read, not assumed.
	const tag = randomUUID().slice(0, 6)
	const leader = await createMember({ unlocked: true, name: `Lead${tag} Okafor` })
	const runnerUp = await createMember({ unlocked: true, name: `Second${tag} Adewale` })
	const newcomer = await createMember({ unlocked: true, name: 'Chidi Eze' })
	const name = uniqueContestName('Deposit Drive')
	const contest = await createContest({
		name,
		type: 'deposit',
		startDate: day(-3),
		endDate: day(20),
		prizes: { first: '$750 cash', second: 'Tablet', third: 'Mug' },
	})
	const brokerId = insertBrokerReport([
		{ userId: leader.id, depositsCents: 50_000 },
		{ userId: runnerUp.id, depositsCents: 20_050 },
	])
	try {
		const { token } = await createAdmin({ role: 'super_admin' })
		// Starting the contest scores it at once.
		const started = await request.put(`/api/admin/contests/${contest.id}`, {
			data: { status: 'active' },
			headers: bearer(token),
		})
		expect(started.status()).toBe(200)

		await signIn(page, newcomer)
		await page.goto('/dashboard/contests')
		let card = contestCard(page, name)
		await expect(card).toContainText('Deposit contest')
		await expect(card).toContainText("You're in: your first deposit with a partner broker counts.")
		await expect(card).toContainText("a report counts when its month overlaps the contest's dates")
		await expect(card).toContainText('Ties go to the member who reached the score first.')
		await expect(card.getByRole('timer', { name: `Time left in ${name}` })).toBeVisible()
		await expect(card.getByRole('listitem').filter({ hasText: '(you)' })).toHaveCount(0)

		await signIn(page, runnerUp)
		await page.goto('/dashboard/contests')
		card = contestCard(page, name)
		await expect(card.getByRole('heading', { level: 4, name: 'Your standing' })).toBeVisible()
		const standing = card.getByText(/^#\d+\$200 deposited$/)
		await expect(standing).toBeVisible()
		const rank = rankIn(await standing.textContent())
		const top = card.getByRole('list').filter({ hasText: /^#1/ }).getByRole('listitem')
		const mine = top.filter({ hasText: '(you)' })
		await expect(mine).toHaveText(new RegExp(`^#${rank}\\s*Second${tag} A\\.\\s*\\(you\\)\\s*\\$200 deposited$`))
		const lead = top.filter({ hasText: `Lead${tag} O.` })
		await expect(lead).toHaveText(/\$500 deposited$/)
		expect(rankIn(await lead.textContent())).toBeLessThan(rank)
		// The referral contest keeps its own section.
		await expect(page.getByRole('timer', { name: 'Time left in the contest' })).toBeVisible()

		const done = await request.post(`/api/admin/contests/${contest.id}/complete`, { headers: bearer(token) })
		expect(done.status()).toBe(200)
		await page.goto('/dashboard/contests')
		await expect(page.getByRole('region', { name: 'Your other contests' }).getByRole('article', { name })).toHaveCount(
			0,
		)
		const winners = page.getByRole('region', { name: 'Recent winners' }).getByRole('article', { name })
		await expect(winners).toContainText(`final ranks · you finished #${rank} with $200 deposited`)
		const podium = winners.getByRole('listitem')
		await expect(podium.first()).toHaveText(/^#1\s*.+ deposited\s*· \$750 cash$/)
		// The top 3 at most: this run's two members, and others' when their reports count too.
		expect([2, 3]).toContain(await podium.count())
		if (rank <= 3) {
			await expect(podium.nth(rank - 1)).toHaveText(
				new RegExp(
					`^#${rank}\\s*Second${tag} A\\.\\s*\\(you\\)\\s*\\$200 deposited\\s*· ${['', '', 'Tablet', 'Mug'][rank]}$`,
				),
			)
		}
	} finally {
		removeBroker(brokerId)
	}
})

for (const viewport of [
	{ width: 360, height: 800 },
	{ width: 1280, height: 800 },
]) {
	test.describe(`at ${viewport.width}x${viewport.height}`, () => {
		test.use({ viewport })

		test('a trading contest in progress and a completed activity contest: no accessibility violations, no overflow', async ({
			page,
			request,
			member,
			createMember,
			createAdmin,
			createContest,
		}) => {
			const problems = watchPageProblems(page)
			const rival = await createMember({ unlocked: true, name: 'Oluwaseun Babatunde-Williamson' })
			const trading = await createContest({
				name: uniqueContestName('Trading Marathon With A Rather Long Name'),
				type: 'trading',
				startDate: day(-2),
				endDate: day(10),
				prizes: { first: 'A trip for two to the trading floor', second: '$250', third: '$100' },
			})
			const finished = await createContest({
				name: uniqueContestName('Activity Week'),
				type: 'activity',
				startDate: day(-2),
				endDate: day(10),
			})
			const brokerId = insertBrokerReport([
				{ userId: member.id, volumeCents: 123_456_789 },
				{ userId: rival.id, volumeCents: 99_999_900 },
			])
			try {
				const { token } = await createAdmin({ role: 'super_admin' })
				for (const c of [trading, finished]) {
					const res = await request.put(`/api/admin/contests/${c.id}`, {
						data: { status: 'active' },
						headers: bearer(token),
					})
					expect(res.status()).toBe(200)
				}
				expect(
					(await request.post(`/api/admin/contests/${finished.id}/complete`, { headers: bearer(token) })).status(),
				).toBe(200)
				await page.goto('/dashboard/contests')
				await expect(contestCard(page, trading.name).getByText(/^#\d+\$1,234,567 traded$/)).toBeVisible()
				await expect(
					page.getByRole('region', { name: 'Recent winners' }).getByRole('article', { name: finished.name }),
				).toBeVisible()
				await expectAccessible(page, problems)
			} finally {
				removeBroker(brokerId)
			}
		})
	})
}
