import { randomUUID } from 'node:crypto'
import { BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { makeE2eTrader } from '#tests/trader-factories.ts'
import { withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { addBroker, removeTestBrokers } from './broker-support.ts'
import { expectFieldError, jsOff, open, otherDevice } from './support.ts'

// The cost at each broker (issue 40 part 5, decision 060), with JavaScript
// on and off: a super admin records a broker's costs on /admin/brokers/:slug
// (a bad spread line and a bad commission are refused at their fields with
// nothing stored), then a member sees that broker, beside the trader's own,
// in the trader's cost table with the affiliate disclosure and how we earn.

const traders: string[] = []
test.afterAll(() => {
	const slugs = traders.splice(0)
	withE2eDatabase((db) => {
		for (const slug of slugs) db.prepare('delete from traders where slug = ?').run(slug)
	})
	removeTestBrokers()
})

function storedCosts(slug: string) {
	return withE2eDatabase((db) =>
		db
			.prepare(
				'select copy_trading as copyTrading, commission_per_lot_cents as commission, copy_fee_percent as fee, spreads, how_we_earn as howWeEarn from brokers where slug = ?',
			)
			.get(slug),
	)
}

test('staff record a broker’s costs; the member sees them on the trader’s page', async ({
	page,
	browser,
	request,
	superAdminToken,
	createAdmin,
	createMember,
	signIn,
}) => {
	test.slow()
	const broker = await addBroker(request, superAdminToken)
	const tag = randomUUID().slice(0, 8).toUpperCase()
	const market = `BC${tag}`
	await signIn(page, await createAdmin({ role: 'super_admin' }))
	await open(page, `/admin/brokers/${broker.slug}`)
	await expect(page.getByRole('heading', { level: 1, name: broker.name })).toBeVisible()
	const before = storedCosts(broker.slug)

	// Bad input: at the fields, nothing stored.
	const spreads = page.getByLabel('Spreads (USD per lot)')
	const commission = page.getByLabel('Commission per lot (USD)')
	await spreads.fill(`${market} 6.50\nGBPUSD`)
	await commission.fill('ten')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expectFieldError(page, spreads, BROKER_MESSAGES.spreadLine(2))
	await expectFieldError(page, commission, BROKER_MESSAGES.commissionFormat)
	expect(storedCosts(broker.slug)).toEqual(before)

	await page.getByLabel('Spreads (USD per lot)').fill(`${market.toLowerCase()} 6.50`)
	await page.getByLabel('Commission per lot (USD)').fill('4')
	await page.getByLabel('Copy or performance fee (%)').fill('15')
	await page.getByLabel('Offers copy trading').check()
	await page.getByLabel('How we earn').fill('A rebate per lot our members trade.')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Broker updated.' })).toBeVisible()
	await expect(page.getByLabel('Spreads (USD per lot)')).toHaveValue(`${market} 6.50`)
	await expect(page.getByLabel('Commission per lot (USD)')).toHaveValue('4.00')
	await expect(page.getByLabel('Offers copy trading')).toBeChecked()
	expect(storedCosts(broker.slug)).toEqual({
		copyTrading: 1,
		commission: 400,
		fee: 15,
		spreads: JSON.stringify([{ market, spreadCents: 650 }]),
		howWeEarn: 'A rebate per lot our members trade.',
	})

	// The member: a trader whose main market is that one, their own broker Exness.
	const traderSlug = `bc-e2e-${tag.toLowerCase()}-${jsOff() ? 'off' : 'on'}`
	traders.push(traderSlug)
	makeE2eTrader({ slug: traderSlug, name: `Costs ${tag}`, brokerSlug: 'exness', markets: [market, 'EURUSD'] })
	const memberContext = await otherDevice(browser)
	try {
		await signIn(memberContext, await createMember({ unlocked: true }))
		const memberPage = await memberContext.newPage()
		await open(memberPage, `/dashboard/traders/${traderSlug}`)
		const costs = memberPage.getByRole('region', { name: 'Broker costs table', exact: true })
		await expect(memberPage.getByRole('heading', { name: 'What copying costs at each broker' })).toBeVisible()
		await expect(costs.getByRole('columnheader', { name: `Spread on ${market}` })).toBeVisible()
		const own = costs.locator('[data-broker-cost="exness"]')
		await expect(own).toContainText('The trader’s broker')
		await expect(own).toContainText('Not recorded')
		await expect(own).toContainText('We may earn a commission from this broker.')
		const row = costs.locator(`[data-broker-cost="${broker.slug}"]`)
		for (const text of [
			broker.name,
			'$6.50',
			'$4.00',
			'$10.50',
			'15% of profits',
			'$10',
			'66.42%',
			'We may earn a commission from this broker.',
			'A rebate per lot our members trade.',
		]) {
			await expect(row, text).toContainText(text)
		}
		await expect(row.getByRole('link', { name: new RegExp(broker.name) })).toHaveAttribute(
			'href',
			`/go/${broker.slug}?trader=${traderSlug}`,
		)
	} finally {
		await memberContext.close()
	}
})
