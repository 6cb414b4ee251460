import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { dayFromToday, runContentScheduleAt } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/content/promotions* (issue 41 part 1, decision 062): create a
// draft, bad input refused at its path with nothing stored, publish, the
// member sees it (GET /api/member/overview), unpublish, schedule and expire
// by the scheduler's job with an injected clock (audited as the system),
// delete as a super admin, 403 for an admin. Promotions made here have codes
// "AP-…" and are removed after the suite.

const made: string[] = []
test.afterAll(() => {
	const codes = made.splice(0)
	if (codes.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from promotions where code in (${codes.map(() => '?').join(', ')})`).run(...codes),
	)
})

function newCode() {
	const code = `AP-${randomUUID().slice(0, 8).toUpperCase()}`
	made.push(code)
	return code
}

function auditOf(id: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					"select action, admin_email as email from audit_log where target_type = 'promotion' and target_id = ? order by id",
				)
				.all(String(id)) as { action: string; email: string }[],
	)
}

function storedCount(code: string) {
	return withE2eDatabase(
		(db) => (db.prepare('select count(*) as n from promotions where code = ?').get(code) as { n: number }).n,
	)
}

type MemberPromotion = {
	code: string
	description: string
	broker: string | null
	expiresOn: string | null
	expires: string | null
}

test('create, refuse bad input, publish, the member sees it, unpublish, expire by the scheduler, delete', async ({
	request,
	adminToken,
	superAdminToken,
	memberToken,
}) => {
	const staff = bearer(adminToken)
	const memberPromotions = async () => {
		const res = await request.get('/api/member/overview', { headers: bearer(memberToken) })
		expect(res.status()).toBe(200)
		return (await res.json()).data.promotions as MemberPromotion[]
	}

	// Bad input: 400, each message at its path, nothing stored.
	const badCode = newCode()
	for (const [data, errors] of [
		[
			{ code: 'X'.repeat(41), description: 'Too long' },
			[{ path: 'code', message: 'Code must be at most 40 characters' }],
		],
		[
			{ code: `${badCode}\u0007`, description: 'Bell' },
			[{ path: 'code', message: 'Code must not contain control characters (like line breaks or tabs)' }],
		],
		[
			{ code: badCode, description: 'Order', publishOn: '2030-01-10', expiresOn: '2030-01-09' },
			[{ path: 'expiresOn', message: 'The expiry date cannot be before the publish date' }],
		],
		[
			{ code: badCode, description: 'Broker', brokerId: 2_000_000_000 },
			[{ path: 'brokerId', message: 'Choose a broker from the list, or none' }],
		],
		[{ code: badCode, description: 'Extra', other: 1 }, [{ path: 'other', message: 'Unknown field' }]],
	] as const) {
		const res = await request.post('/api/admin/content/promotions', { headers: staff, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await res.json()).errors, JSON.stringify(data)).toEqual(errors)
	}
	expect(storedCount(badCode)).toBe(0)

	// Create: a draft members do not see.
	const code = newCode()
	const tomorrow = dayFromToday(1)
	const created = await request.post('/api/admin/content/promotions', {
		headers: staff,
		data: { code, description: 'API promotion', brokerId: null, expiresOn: tomorrow },
	})
	expect(created.status()).toBe(201)
	const createdBody = await created.json()
	expect(createdBody.message).toBe('Promotion saved as a draft.')
	expect(createdBody.data).toMatchObject({ code, status: 'draft', sample: false, expiresOn: tomorrow, broker: null })
	const id = createdBody.data.id as number
	expect((await memberPromotions()).map((p) => p.code)).not.toContain(code)

	// Publish: the member sees it, with its expiry.
	const published = await request.post(`/api/admin/content/promotions/${id}/publish`, { headers: staff })
	expect(published.status()).toBe(200)
	expect(await published.json()).toMatchObject({
		message: 'Promotion published: members see it on their dashboard.',
		data: { status: 'published' },
	})
	expect((await memberPromotions()).find((p) => p.code === code)).toMatchObject({
		description: 'API promotion',
		broker: null,
		expiresOn: tomorrow,
	})
	expect((await request.post(`/api/admin/content/promotions/${id}/publish`, { headers: staff })).status()).toBe(409)

	// Unpublish: gone for members at once.
	const unpublished = await request.post(`/api/admin/content/promotions/${id}/unpublish`, { headers: staff })
	expect(unpublished.status()).toBe(200)
	expect((await unpublished.json()).data.status).toBe('draft')
	expect((await memberPromotions()).map((p) => p.code)).not.toContain(code)

	// Published again, then the scheduler's job at an injected moment past its expiry day expires it.
	expect((await request.post(`/api/admin/content/promotions/${id}/publish`, { headers: staff })).status()).toBe(200)
	const afterExpiry = new Date(`${dayFromToday(2)}T00:00:30Z`)
	expect(runContentScheduleAt(afterExpiry, { kind: 'promotion', ids: [id] }).promotionExpired).toBe(1)
	const expired = await request.get(`/api/admin/content/promotions/${id}`, { headers: staff })
	expect((await expired.json()).data).toMatchObject({ status: 'expired', shownStatus: 'expired' })
	expect((await memberPromotions()).map((p) => p.code)).not.toContain(code)

	// A scheduled one: published by the job on its day, then members see it.
	const later = newCode()
	const scheduled = await request.post('/api/admin/content/promotions', {
		headers: staff,
		data: { code: later, description: 'Starts tomorrow', publishOn: tomorrow },
	})
	const laterId = (await scheduled.json()).data.id as number
	const schedule = await request.post(`/api/admin/content/promotions/${laterId}/publish`, { headers: staff })
	expect(await schedule.json()).toMatchObject({
		message: 'Promotion scheduled: it is published on its publish date.',
		data: { status: 'scheduled', publishOn: tomorrow },
	})
	expect((await memberPromotions()).map((p) => p.code)).not.toContain(later)
	expect(
		runContentScheduleAt(new Date(`${tomorrow}T00:00:30Z`), { kind: 'promotion', ids: [laterId] }).promotionPublished,
	).toBe(1)
	expect((await memberPromotions()).map((p) => p.code)).toContain(later)

	// PATCH: the days are checked against the stored ones; null clears.
	const patchBad = await request.patch(`/api/admin/content/promotions/${laterId}`, {
		headers: staff,
		data: { expiresOn: dayFromToday(-3) },
	})
	expect(patchBad.status()).toBe(400)
	expect((await patchBad.json()).errors).toEqual([
		{ path: 'expiresOn', message: 'The expiry date cannot be before the publish date' },
	])
	const patched = await request.patch(`/api/admin/content/promotions/${laterId}`, {
		headers: staff,
		data: { description: 'Started', publishOn: null },
	})
	expect(await patched.json()).toMatchObject({
		message: 'Promotion updated.',
		data: { description: 'Started', publishOn: null },
	})

	// Delete: an admin is refused (403), a super admin deletes (the audit row keeps it).
	expect((await request.delete(`/api/admin/content/promotions/${id}`, { headers: staff })).status()).toBe(403)
	expect(storedCount(code)).toBe(1)
	const deleted = await request.delete(`/api/admin/content/promotions/${id}`, { headers: bearer(superAdminToken) })
	expect(deleted.status()).toBe(200)
	expect(await deleted.json()).toMatchObject({ message: 'Promotion deleted.', data: { code } })
	expect(storedCount(code)).toBe(0)
	expect((await request.get(`/api/admin/content/promotions/${id}`, { headers: staff })).status()).toBe(404)

	expect(auditOf(id)).toEqual([
		{ action: 'promotion.create', email: expect.any(String) },
		{ action: 'promotion.publish', email: expect.any(String) },
		{ action: 'promotion.unpublish', email: expect.any(String) },
		{ action: 'promotion.publish', email: expect.any(String) },
		{ action: 'promotion.expire', email: 'system' },
		{ action: 'promotion.delete', email: expect.any(String) },
	])
	expect(auditOf(laterId).map((a) => [a.action, a.email === 'system'])).toEqual([
		['promotion.create', false],
		['promotion.publish', false],
		['promotion.publish', true],
		['promotion.update', false],
	])
})

test('no token: 401; a member token: 403; the list has the samples marked', async ({
	request,
	createMember,
	adminToken,
}) => {
	expect((await request.get('/api/admin/content/promotions')).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/content/promotions', { headers: bearer(member.token) })).status()).toBe(403)
	const list = await request.get('/api/admin/content/promotions', { headers: bearer(adminToken) })
	expect(list.status()).toBe(200)
	const samples = ((await list.json()).data.promotions as { code: string; sample: boolean }[]).filter((p) => p.sample)
	expect(samples.map((p) => p.code).sort()).toEqual(['SPLIT50', 'WELCOME100', 'ZEROFEE'])
})
