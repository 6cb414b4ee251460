import { randomUUID } from 'node:crypto'
import type { APIRequestContext, BrowserContext } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect } from '../fixtures.ts'

/**
 * Brokers for the broker specs: slugs "e2e-…" (removed by
 * `removeTestBrokers`), sorted last, affiliate links on `.example` hosts
 * that the specs answer themselves (no request reaches the internet).
 */
export const TEST_AFFILIATE_HOSTS = /^https:\/\/[a-z0-9-]+\.example\//

// The slugs this worker made (brokerFields): removeTestBrokers deletes those only, never
// another spec's brokers that run at the same time in another worker.
const made = new Set<string>()

export function brokerFields(overrides: Record<string, unknown> = {}) {
	const slug = `e2e-${randomUUID().slice(0, 8)}`
	made.add(slug)
	return {
		name: `Broker ${slug}`,
		slug,
		regulator: 'E2E Financial Authority',
		licence: 'Licence E2E-1',
		lossPercent: 66.42,
		minDeposit: 10,
		affiliateUrl: `https://${slug}.example/join?sub={trackingId}`,
		rating: 4.1,
		features: ['Test feature'],
		sortOrder: 9000,
		...overrides,
	}
}

/** Adds a broker through the API with a super admin's token. */
export async function addBroker(request: APIRequestContext, token: string, overrides: Record<string, unknown> = {}) {
	const fields = brokerFields(overrides)
	const res = await request.post('/api/admin/brokers', { headers: bearer(token), data: fields })
	expect(res.status()).toBe(201)
	return fields
}

/** Deletes the brokers this worker made through brokerFields or named with `newTestSlug`. */
export function removeTestBrokers() {
	const slugs = [...made]
	made.clear()
	if (slugs.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from brokers where slug in (${slugs.map(() => '?').join(', ')})`).run(...slugs),
	)
}

/** A fresh "e2e-…" slug for a broker a test adds through the pages; removeTestBrokers deletes it. */
export function newTestSlug() {
	const slug = `e2e-${randomUUID().slice(0, 8)}`
	made.add(slug)
	return slug
}

/** The member's broker account at `slug` (tracking id, clicks) and their click rows there. */
export function brokerAccountOf(userId: number, slug: string) {
	return withE2eDatabase((db) => {
		const account = db
			.prepare(
				`select a.tracking_id as trackingId, a.click_count as clickCount from broker_accounts a
				 join brokers b on b.id = a.broker_id where a.user_id = ? and b.slug = ?`,
			)
			.get(userId, slug) as { trackingId: string; clickCount: number } | undefined
		const clicks = (
			db
				.prepare(
					'select count(*) as n from broker_clicks c join brokers b on b.id = c.broker_id where c.user_id = ? and b.slug = ?',
				)
				.get(userId, slug) as { n: number }
		).n
		return { account, clicks }
	})
}

/**
 * Answers the broker links inside the browser context: /go/* is fetched here
 * and its 303 handed to the browser (Playwright does not route the request a
 * redirect leads to), then the affiliate host's page is answered locally, so
 * nothing leaves the machine.
 */
export async function answerBrokerLinks(context: BrowserContext) {
	await context.route('**/go/**', async (route) => {
		await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) })
	})
	await context.route(TEST_AFFILIATE_HOSTS, (route) =>
		route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Broker</title><h1>Broker</h1>' }),
	)
}
