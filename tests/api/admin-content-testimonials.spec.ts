import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { dayFromToday, runContentScheduleAt } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/content/testimonials* (issue 41 parts 4 and 6, decision 062):
// create a draft, bad input (no consent among it) refused at its path with
// nothing stored, publish and see it at once on GET / without a session (the
// landing is served from each process's page cache: the content counter
// refreshes it), unpublish and see it gone, expire by the scheduler's job
// with an injected clock, delete as a super admin, 403 for an admin.
// Testimonials made here are named "API Tester …" and removed after the suite.

const made: string[] = []
test.afterAll(() => {
	const names = made.splice(0)
	if (names.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from testimonials where name in (${names.map(() => '?').join(', ')})`).run(...names),
	)
})

function newName() {
	const name = `API Tester ${randomUUID().slice(0, 8)}`
	made.push(name)
	return name
}

function auditOf(id: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					"select action, admin_email as email from audit_log where target_type = 'testimonial' and target_id = ? order by id",
				)
				.all(String(id)) as { action: string; email: string }[],
	)
}

function storedCount(name: string) {
	return withE2eDatabase(
		(db) => (db.prepare('select count(*) as n from testimonials where name = ?').get(name) as { n: number }).n,
	)
}

const fields = (name: string) => ({
	name,
	role: 'Pharmacist',
	country: 'Ghana',
	text: 'I copy two reviewed traders and read every risk warning.',
	profit: '+$2,340',
	consentOn: dayFromToday(-30),
	consentHow: 'Signed release form, emailed',
	// After the seeded samples: the landing spec counts on those being first.
	position: 1000,
})

test('create, refuse bad input (no consent), publish, the landing shows it at once, unpublish, expire, delete', async ({
	request,
	adminToken,
	superAdminToken,
}) => {
	const staff = bearer(adminToken)
	// The landing as a visitor without a session gets it: the page cache's answer
	// (one page for everyone: no per-request nonce, an ETag), the first request
	// after a change too, which waits for the new render rather than getting a
	// render of its own.
	const landing = async () => {
		const res = await request.get('/', { headers: { Cookie: '' } })
		expect(res.status()).toBe(200)
		expect(res.headers()['content-security-policy']).not.toContain('nonce')
		expect(res.headers().etag).toBeTruthy()
		return res.text()
	}

	// Bad input: 400, each message at its path, nothing stored.
	const bad = newName()
	const { consentOn: _on, consentHow: _how, ...noConsent } = fields(bad)
	for (const [data, errors] of [
		[
			noConsent,
			[
				{ path: 'consentOn', message: 'Consent date is required: the day the member agreed to be quoted' },
				{
					path: 'consentHow',
					message: 'How consent was given is required (like "Signed release form, emailed 2026-11-02")',
				},
			],
		],
		[
			{ ...fields(bad), consentOn: '', consentHow: '   ' },
			[
				{ path: 'consentOn', message: 'Consent date is required: the day the member agreed to be quoted' },
				{
					path: 'consentHow',
					message: 'How consent was given is required (like "Signed release form, emailed 2026-11-02")',
				},
			],
		],
		[
			{ ...fields(bad), consentOn: dayFromToday(2) },
			[{ path: 'consentOn', message: 'The consent date cannot be in the future' }],
		],
		[
			{ ...fields(bad), consentOn: '2026-02-30' },
			[{ path: 'consentOn', message: 'Enter the consent date as a day, like 2026-11-02' }],
		],
		[
			{ ...fields(bad), profit: 'X'.repeat(41) },
			[{ path: 'profit', message: 'Figure quoted must be at most 40 characters' }],
		],
		[
			{ ...fields(bad), text: 'Line\nbreak' },
			[{ path: 'text', message: 'Text must not contain control characters (like line breaks or tabs)' }],
		],
		[
			{ ...fields(bad), publishOn: '2030-01-10', expiresOn: '2030-01-09' },
			[{ path: 'expiresOn', message: 'The expiry date cannot be before the publish date' }],
		],
		[{ ...fields(bad), other: 1 }, [{ path: 'other', message: 'Unknown field' }]],
	] as const) {
		const res = await request.post('/api/admin/content/testimonials', { headers: staff, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await res.json()).errors, JSON.stringify(data)).toEqual(errors)
	}
	expect(storedCount(bad)).toBe(0)

	// Create: a draft the landing does not show.
	const name = newName()
	const tomorrow = dayFromToday(1)
	const created = await request.post('/api/admin/content/testimonials', {
		headers: staff,
		data: { ...fields(name), expiresOn: tomorrow },
	})
	expect(created.status()).toBe(201)
	const createdBody = await created.json()
	expect(createdBody.message).toBe('Testimonial saved as a draft.')
	expect(createdBody.data).toMatchObject({
		name,
		status: 'draft',
		sample: false,
		expiresOn: tomorrow,
		profit: '+$2,340',
		consentHow: 'Signed release form, emailed',
	})
	const id = createdBody.data.id as number
	expect(await landing()).not.toContain(name)

	// Publish: on the landing at once, for a visitor without a session (every process's cache refreshed).
	const published = await request.post(`/api/admin/content/testimonials/${id}/publish`, { headers: staff })
	expect(published.status()).toBe(200)
	expect(await published.json()).toMatchObject({
		message: 'Testimonial published: visitors see it on the landing page.',
		data: { status: 'published' },
	})
	for (let i = 0; i < 4; i++) {
		const html = await landing()
		expect(html).toContain(name)
		expect(html).toContain('I copy two reviewed traders and read every risk warning.')
	}
	expect((await request.post(`/api/admin/content/testimonials/${id}/publish`, { headers: staff })).status()).toBe(409)

	// Unpublish: gone from the landing at once.
	const unpublished = await request.post(`/api/admin/content/testimonials/${id}/unpublish`, { headers: staff })
	expect(unpublished.status()).toBe(200)
	expect((await unpublished.json()).data.status).toBe('draft')
	for (let i = 0; i < 4; i++) expect(await landing()).not.toContain(name)

	// PATCH: the consent cannot be removed or moved ahead; other fields change.
	const patchBad = await request.patch(`/api/admin/content/testimonials/${id}`, {
		headers: staff,
		data: { consentOn: dayFromToday(3) },
	})
	expect(patchBad.status()).toBe(400)
	expect((await patchBad.json()).errors).toEqual([
		{ path: 'consentOn', message: 'The consent date cannot be in the future' },
	])
	const patchBlank = await request.patch(`/api/admin/content/testimonials/${id}`, {
		headers: staff,
		data: { consentHow: '' },
	})
	expect(patchBlank.status()).toBe(400)
	const patched = await request.patch(`/api/admin/content/testimonials/${id}`, {
		headers: staff,
		data: { role: 'Head pharmacist' },
	})
	expect(await patched.json()).toMatchObject({ message: 'Testimonial updated.', data: { role: 'Head pharmacist' } })

	// Published again, then the scheduler's job at an injected moment past its expiry day expires it.
	expect((await request.post(`/api/admin/content/testimonials/${id}/publish`, { headers: staff })).status()).toBe(200)
	const afterExpiry = new Date(`${dayFromToday(2)}T00:00:30Z`)
	expect(runContentScheduleAt(afterExpiry, { kind: 'testimonial', ids: [id] }).testimonialExpired).toBe(1)
	const expired = await request.get(`/api/admin/content/testimonials/${id}`, { headers: staff })
	expect((await expired.json()).data).toMatchObject({ status: 'expired', shownStatus: 'expired' })
	expect(await landing()).not.toContain(name)

	// Delete: an admin is refused (403), a super admin deletes (the audit row keeps it).
	expect((await request.delete(`/api/admin/content/testimonials/${id}`, { headers: staff })).status()).toBe(403)
	expect(storedCount(name)).toBe(1)
	const deleted = await request.delete(`/api/admin/content/testimonials/${id}`, { headers: bearer(superAdminToken) })
	expect(deleted.status()).toBe(200)
	expect(await deleted.json()).toMatchObject({ message: 'Testimonial deleted.', data: { name } })
	expect(storedCount(name)).toBe(0)
	expect((await request.get(`/api/admin/content/testimonials/${id}`, { headers: staff })).status()).toBe(404)

	expect(auditOf(id)).toEqual([
		{ action: 'testimonial.create', email: expect.any(String) },
		{ action: 'testimonial.publish', email: expect.any(String) },
		{ action: 'testimonial.unpublish', email: expect.any(String) },
		{ action: 'testimonial.update', email: expect.any(String) },
		{ action: 'testimonial.publish', email: expect.any(String) },
		{ action: 'testimonial.expire', email: 'system' },
		{ action: 'testimonial.delete', email: expect.any(String) },
	])
})

test('no token: 401; a member token: 403; the list has the samples marked, in order', async ({
	request,
	createMember,
	adminToken,
}) => {
	expect((await request.get('/api/admin/content/testimonials')).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/content/testimonials', { headers: bearer(member.token) })).status()).toBe(403)
	const list = await request.get('/api/admin/content/testimonials', { headers: bearer(adminToken) })
	expect(list.status()).toBe(200)
	const samples = (
		(await list.json()).data.testimonials as { name: string; sample: boolean; consentHow: string }[]
	).filter((t) => t.sample)
	expect(samples.map((t) => t.name)).toEqual(['Chidi Okafor', 'Grace Mensah', 'James Mwangi'])
	for (const t of samples) expect(t.consentHow).toMatch(/^Sample content/)
})
