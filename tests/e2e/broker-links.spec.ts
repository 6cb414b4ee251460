import { LEADER, makeRegistryTraders } from './registry-traders.ts'
import { expect, test } from '../fixtures.ts'
import { FULL_CHROMIUM_LAUNCH } from '../setup/browsers.ts'
import {
	addBroker,
	answerBrokerLinks,
	brokerAccountOf,
	removeTestBrokers,
	TEST_AFFILIATE_HOSTS,
} from './broker-support.ts'
import { open, otherDevice } from './support.ts'

// Tracked broker links (issue 14 part 2), JS on and off: the member's broker
// button goes through /go/:slug, which records the click and answers 303 to
// the broker's affiliate link with an opaque tracking id; every button has
// the broker's risk warning and the affiliate disclosure next to it, on the
// dashboard and on the trader detail. Unknown brokers are the 404 page.
// The affiliate hosts are answered here: nothing leaves the machine.

test.afterAll(removeTestBrokers)

// The broker's link opens a new tab through answered hosts: the full browser (tests/setup/browsers.ts).
test.use({ launchOptions: FULL_CHROMIUM_LAUNCH })

test.beforeEach(({ context }) => answerBrokerLinks(context))

test('the broker button records a click and leads to the affiliate link with an opaque tracking id', async ({
	page,
	context,
	request,
	member,
	createAdmin,
}) => {
	const boss = await createAdmin({ role: 'super_admin' })
	const broker = await addBroker(request, boss.token)
	await open(page, '/dashboard')
	const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: broker.name }) })
	await expect(card).toContainText(
		'66.42% of retail investor accounts lose money when trading CFDs with this provider.',
	)
	await expect(card).toContainText(`${broker.name}: regulated by E2E Financial Authority, Licence E2E-1.`)
	await expect(card).toContainText('We may earn a commission from this broker.')
	const button = card.getByRole('link', { name: `Open an account with ${broker.name} (opens in a new tab)` })
	await expect(button).toHaveAttribute('href', `/go/${broker.slug}`)

	const [popup] = await Promise.all([context.waitForEvent('page'), button.click()])
	await popup.waitForURL(TEST_AFFILIATE_HOSTS)
	const landed = new URL(popup.url())
	expect(`${landed.origin}${landed.pathname}`).toBe(`https://${broker.slug}.example/join`)
	const trackingId = landed.searchParams.get('sub')!
	expect(trackingId).toMatch(/^[A-Za-z0-9_-]{16,}$/)
	expect(trackingId).not.toBe(String(member.id))
	expect(trackingId).not.toContain(member.email)
	expect(trackingId).not.toContain(encodeURIComponent(member.email))
	expect(brokerAccountOf(member.id, broker.slug)).toEqual({ account: { trackingId, clickCount: 1 }, clicks: 1 })

	// The redirect itself: a 303 to the stored template, the same tracking id, a second click row.
	const direct = await page.request.get(`/go/${broker.slug}`, { maxRedirects: 0 })
	expect(direct.status()).toBe(303)
	expect(direct.headers()['location']).toBe(`https://${broker.slug}.example/join?sub=${trackingId}`)
	expect(direct.headers()['cache-control']).toContain('no-store')
	expect(brokerAccountOf(member.id, broker.slug)).toEqual({ account: { trackingId, clickCount: 2 }, clicks: 2 })
})

test('the trader detail offers the trader’s broker through its tracked link (naming the trader), with its disclosures', async ({
	page,
	member: _member,
}) => {
	makeRegistryTraders()
	await open(page, `/dashboard/traders/${LEADER.slug}`)
	const button = page.getByRole('link', { name: new RegExp(`^Copy ${LEADER.name} with `) })
	// The trader's own broker, the link naming the trader (decision 056: followers).
	await expect(button).toHaveAttribute('href', `/go/exness?trader=${LEADER.slug}`)
	// The disclosure stands right after the button.
	const disclosure = button.locator('xpath=following-sibling::*[1]')
	await expect(disclosure).toContainText('We may earn a commission from this broker.')
	await expect(disclosure).toContainText(
		/\d+(\.\d+)?% of retail investor accounts lose money when trading CFDs with this provider\./,
	)
	await expect(disclosure).toContainText('regulated by')
})

test('an unknown broker is the 404 page, signed in or not; a visitor is sent to sign in first', async ({
	page,
	browser,
	member: _member,
}) => {
	const response = await page.goto('/go/no-such-broker')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

	const visitor = await otherDevice(browser)
	try {
		const unknown = await visitor.request.get('/go/no-such-broker', { maxRedirects: 0 })
		expect(unknown.status()).toBe(404)
		const known = await visitor.request.get('/go/xm', { maxRedirects: 0 })
		expect(known.status()).toBe(302)
		expect(known.headers()['location']).toBe('/login?redirectTo=%2Fgo%2Fxm')
	} finally {
		await visitor.close()
	}
})
