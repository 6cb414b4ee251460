import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { dayFromToday, runContentScheduleAt } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/content/offers* (issue 41 part 2, decision 062): create a
// draft for a listed trader, bad input refused at its path with nothing
// stored, publish, the member sees it (GET /api/member/offers) and claims
// a spot, the offer full (409), a total below the claims refused, unpublish
// (409 on a claim), expire by the scheduler's job with an injected clock,
// delete as a super admin, 403 for an admin. The offers made here are for
// the sample trader Tunde Bakare (listed, in no sample offer), with a
// description "AO-…", and each worker removes its own after the suite.

const MARK = 'AO-'
// Only this worker's own offers: another worker's test (the other test of
// this file, run in parallel) may still be using its offers.
const madeDescriptions: string[] = []
test.afterAll(() => {
	const descriptions = madeDescriptions.splice(0)
	if (descriptions.length === 0) return
	withE2eDatabase((db) =>
		db
			.prepare(`delete from fee_offers where description in (${descriptions.map(() => '?').join(', ')})`)
			.run(...descriptions),
	)
})

function listedTraderId() {
	return withE2eDatabase(
		(db) => (db.prepare("select id from traders where slug = 'tunde-bakare'").get() as { id: number }).id,
	)
}

function unlistedTraderId() {
	return withE2eDatabase(
		(db) =>
			(db.prepare("select id from traders where status != 'listed' limit 1").get() as { id: number } | undefined)?.id,
	)
}

function storedCount(description: string) {
	return withE2eDatabase(
		(db) =>
			(db.prepare('select count(*) as n from fee_offers where description = ?').get(description) as { n: number }).n,
	)
}

function auditOf(id: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					"select action, admin_email as email from audit_log where target_type = 'offer' and target_id = ? order by id",
				)
				.all(String(id)) as { action: string; email: string }[],
	)
}

type MemberOffer = { id: string; trader: string; spotsLeft: number; totalSpots: number; spotsLabel: string }

test('create, refuse bad input, publish, a claim, full (409), total below claims refused, unpublish, expire, delete', async ({
	request,
	adminToken,
	superAdminToken,
	createMember,
}) => {
	const staff = bearer(adminToken)
	const traderId = listedTraderId()
	const description = `${MARK}${randomUUID().slice(0, 8)}`
	madeDescriptions.push(description)
	const base = { traderId, originalFee: 30, currentFee: 0, minCapital: 1000, totalSpots: 2, description }
	const first = await createMember({ plan: 'gold', unlocked: true })
	const second = await createMember({ plan: 'platinum', unlocked: true })
	const third = await createMember({ plan: 'gold', unlocked: true })
	const memberOffers = async (token = first.token) => {
		const res = await request.get('/api/member/offers', { headers: bearer(token) })
		expect(res.status()).toBe(200)
		return (await res.json()).data.offers as MemberOffer[]
	}

	// Bad input: 400, each message at its path, nothing stored.
	const unlisted = unlistedTraderId()
	for (const [data, errors] of [
		[{ ...base, currentFee: 30 }, [{ path: 'currentFee', message: 'Current fee must be lower than the original fee' }]],
		[
			{ ...base, totalSpots: 0 },
			[{ path: 'totalSpots', message: 'Total spots must be a whole number from 1 to 100,000' }],
		],
		[
			{ ...base, originalFee: 101 },
			[{ path: 'originalFee', message: 'Original fee must be a whole percent from 1 to 100' }],
		],
		[
			{ ...base, publishOn: '2030-01-10', expiresOn: '2030-01-09' },
			[{ path: 'expiresOn', message: 'The expiry date cannot be before the publish date' }],
		],
		[
			{ ...base, description: 'two\nlines' },
			[{ path: 'description', message: 'Description must not contain control characters (like line breaks or tabs)' }],
		],
		[{ ...base, traderId: 2_000_000_000 }, [{ path: 'traderId', message: 'Choose a listed trader from the list' }]],
		...(unlisted === undefined
			? []
			: [[{ ...base, traderId: unlisted }, [{ path: 'traderId', message: 'Choose a listed trader from the list' }]]]),
		[{ ...base, spotsLeft: 5 }, [{ path: 'spotsLeft', message: 'Unknown field' }]],
	] as const) {
		const res = await request.post('/api/admin/content/offers', { headers: staff, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await res.json()).errors, JSON.stringify(data)).toEqual(errors)
	}
	expect(storedCount(description)).toBe(0)

	// Create: a draft with its key, members do not see it; a claim on it is refused (409).
	const tomorrow = dayFromToday(1)
	const created = await request.post('/api/admin/content/offers', {
		headers: staff,
		data: { ...base, expiresOn: tomorrow, featured: true },
	})
	expect(created.status()).toBe(201)
	const body = await created.json()
	expect(body.message).toBe('Offer saved as a draft.')
	expect(body.data).toMatchObject({
		status: 'draft',
		sample: false,
		expiresOn: tomorrow,
		featured: true,
		urgent: false,
		claims: 0,
		spotsLeft: 2,
		spotsLabel: 'Available',
		trader: { id: traderId, name: 'Tunde Bakare', status: 'listed' },
	})
	const id = body.data.id as number
	const key = body.data.key as string
	expect(key).toBe(`offer-${id}`)
	expect((await memberOffers()).map((o) => o.id)).not.toContain(key)
	const early = await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(first.token) })
	expect(early.status()).toBe(409)
	expect((await early.json()).message).toBe('This offer is not open: it no longer takes claims')

	// Publish: the member sees it, with the trader's name; two claims fill it; the third is a 409.
	const published = await request.post(`/api/admin/content/offers/${id}/publish`, { headers: staff })
	expect(published.status()).toBe(200)
	expect((await published.json()).message).toBe('Offer published: members see it on their 0% Fee Offers page.')
	expect((await memberOffers()).find((o) => o.id === key)).toMatchObject({
		trader: 'Tunde Bakare',
		spotsLeft: 2,
		totalSpots: 2,
		spotsLabel: 'Available',
	})
	expect((await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(first.token) })).status()).toBe(201)
	expect((await memberOffers(second.token)).find((o) => o.id === key)).toMatchObject({
		spotsLeft: 1,
		spotsLabel: 'Available',
	})
	expect((await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(second.token) })).status()).toBe(201)
	const full = await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(third.token) })
	expect(full.status()).toBe(409)
	expect((await full.json()).message).toBe('No spots are left on this offer')
	expect((await memberOffers(third.token)).find((o) => o.id === key)).toMatchObject({
		spotsLeft: 0,
		spotsLabel: 'Almost Full!',
	})

	// A total below the two claims: refused at the field, nothing stored; 3 is fine.
	const below = await request.patch(`/api/admin/content/offers/${id}`, { headers: staff, data: { totalSpots: 1 } })
	expect(below.status()).toBe(400)
	expect((await below.json()).errors).toEqual([
		{ path: 'totalSpots', message: 'Total spots cannot be below the 2 spots members have already claimed' },
	])
	const stillTwo = await request.get(`/api/admin/content/offers/${id}`, { headers: staff })
	expect((await stillTwo.json()).data).toMatchObject({ totalSpots: 2, claims: 2, spotsLeft: 0 })
	const raised = await request.patch(`/api/admin/content/offers/${id}`, { headers: staff, data: { totalSpots: 3 } })
	expect(raised.status()).toBe(200)
	expect((await raised.json()).data).toMatchObject({ totalSpots: 3, claims: 2, spotsLeft: 1 })

	// Unpublish: gone for members at once, and claims are refused.
	const unpublished = await request.post(`/api/admin/content/offers/${id}/unpublish`, { headers: staff })
	expect((await unpublished.json()).data.status).toBe('draft')
	expect((await memberOffers()).map((o) => o.id)).not.toContain(key)
	expect((await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(third.token) })).status()).toBe(409)

	// Published again, then the scheduler's job at a moment past its expiry day expires it (as the system).
	expect((await request.post(`/api/admin/content/offers/${id}/publish`, { headers: staff })).status()).toBe(200)
	expect(
		runContentScheduleAt(new Date(`${dayFromToday(2)}T00:00:30Z`), { kind: 'offer', ids: [id] }).offerExpired,
	).toBe(1)
	const expired = await request.get(`/api/admin/content/offers/${id}`, { headers: staff })
	expect((await expired.json()).data).toMatchObject({ status: 'expired', shownStatus: 'expired' })
	const late = await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(third.token) })
	expect(late.status()).toBe(409)
	expect((await late.json()).message).toBe('This offer has ended: it no longer takes claims')

	// Delete: an admin is refused (403), a super admin deletes; the claims stay, named by the key.
	expect((await request.delete(`/api/admin/content/offers/${id}`, { headers: staff })).status()).toBe(403)
	expect(storedCount(description)).toBe(1)
	const deleted = await request.delete(`/api/admin/content/offers/${id}`, { headers: bearer(superAdminToken) })
	expect(deleted.status()).toBe(200)
	expect(await deleted.json()).toMatchObject({ message: 'Offer deleted.', data: { key } })
	expect(storedCount(description)).toBe(0)
	expect((await request.get(`/api/admin/content/offers/${id}`, { headers: staff })).status()).toBe(404)
	expect((await request.post(`/api/member/offers/${key}/claim`, { headers: bearer(third.token) })).status()).toBe(404)

	expect(auditOf(id)).toEqual([
		{ action: 'offer.create', email: expect.any(String) },
		{ action: 'offer.publish', email: expect.any(String) },
		{ action: 'offer.update', email: expect.any(String) },
		{ action: 'offer.unpublish', email: expect.any(String) },
		{ action: 'offer.publish', email: expect.any(String) },
		{ action: 'offer.expire', email: 'system' },
		{ action: 'offer.delete', email: expect.any(String) },
	])
	withE2eDatabase((db) => db.prepare('delete from fee_offer_claims where offer_id = ?').run(key))
})

test('no token: 401; a member token: 403; the list has the five samples marked, with their old ids as keys', async ({
	request,
	createMember,
	adminToken,
}) => {
	expect((await request.get('/api/admin/content/offers')).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/content/offers', { headers: bearer(member.token) })).status()).toBe(403)
	const list = await request.get('/api/admin/content/offers', { headers: bearer(adminToken) })
	expect(list.status()).toBe(200)
	const samples = ((await list.json()).data.offers as { key: string; sample: boolean }[]).filter((o) => o.sample)
	expect(samples.map((o) => o.key).sort()).toEqual([
		'amara-okafor',
		'chioma-eze',
		'daniel-mensah',
		'kwame-asante',
		'zainab-bello',
	])
})
