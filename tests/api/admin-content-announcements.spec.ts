import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { dayFromToday, sendScheduledAnnouncementAt } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { countMails, waitForMail } from '../playwright-utils.ts'

// /api/admin/content/announcements* (issue 41 part 5, decision 062): create
// a draft, bad input (an unknown plan among it) refused at its path with
// nothing stored, send to me (the staff's own address only), publish for a
// day ahead, the scheduler's content-schedule and announcement-delivery jobs
// with an injected clock on this announcement and this member only, the
// member's inbox and mail have it and the sent count is right, editing it
// is refused (409), unpublish, delete as a super admin, 403 for an admin.
// Titles start "AA-" and are removed after the suite.

const made: string[] = []
test.afterAll(() => {
	const titles = made.splice(0)
	if (titles.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from announcements where title in (${titles.map(() => '?').join(', ')})`).run(...titles),
	)
})

function newTitle() {
	const title = `AA-${randomUUID().slice(0, 8)} news`
	made.push(title)
	return title
}

function storedCount(title: string) {
	return withE2eDatabase(
		(db) => (db.prepare('select count(*) as n from announcements where title = ?').get(title) as { n: number }).n,
	)
}

function auditOf(id: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare("select action from audit_log where target_type = 'announcement' and target_id = ? order by id")
				.all(String(id)) as { action: string }[],
	).map((r) => r.action)
}

test('create, refuse bad input, send to me, publish, the job delivers it to the member, unpublish, delete', async ({
	request,
	adminToken,
	superAdminToken,
	createMember,
}) => {
	const staff = bearer(adminToken)
	const member = await createMember({ unlocked: true })
	const inbox = async () => {
		const res = await request.get('/api/member/notifications', { headers: bearer(member.token) })
		expect(res.status()).toBe(200)
		return (await res.json()).data.items as Array<{ kind: string; title: string; body: string }>
	}

	// Bad input: 400, each message at its path, nothing stored.
	const bad = newTitle()
	for (const [data, errors] of [
		[
			{ title: bad, body: 'To a plan we do not have', audience: 'diamond' },
			[
				{
					path: 'audience',
					message: 'Choose every member or a plan from the list (regular, gold, titanium or platinum)',
				},
			],
		],
		[
			{ title: 'X'.repeat(121), body: 'Long title' },
			[{ path: 'title', message: 'Title must be at most 120 characters' }],
		],
		[{ title: bad, body: '   ' }, [{ path: 'body', message: 'Message is required' }]],
		[
			{ title: bad, body: 'Bell\u0007' },
			[{ path: 'body', message: 'Message must be plain text: no control characters other than line breaks' }],
		],
		[{ title: bad, body: 'Extra', other: 1 }, [{ path: 'other', message: 'Unknown field' }]],
	] as const) {
		const res = await request.post('/api/admin/content/announcements', { headers: staff, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await res.json()).errors, JSON.stringify(data)).toEqual(errors)
	}
	expect(storedCount(bad)).toBe(0)

	// Create: a draft to every member.
	const title = newTitle()
	const body = 'A new trader joined the registry.\n\nSee their figures on the dashboard.'
	const created = await request.post('/api/admin/content/announcements', { headers: staff, data: { title, body } })
	expect(created.status()).toBe(201)
	const draft = (await created.json()).data
	expect(draft).toMatchObject({
		title,
		body,
		audience: 'all',
		audienceLabel: 'Every member',
		status: 'draft',
		delivery: 'not-started',
		audienceCount: null,
		sentCount: 0,
	})
	const id = draft.id as number

	// Send to me: the staff member's own address only; no member gets it, nothing counted.
	const mailsBefore = countMails(member.email)
	const sent = await request.post(`/api/admin/content/announcements/${id}/send`, { headers: staff })
	expect(sent.status()).toBe(200)
	const { sentTo } = (await sent.json()).data
	expect(sentTo).toMatch(/@/)
	const test_ = await waitForMail(sentTo, { subject: `[Test] ${title}` })
	expect(test_.text).toContain('A new trader joined the registry.')
	expect(countMails(member.email)).toBe(mailsBefore)
	expect((await inbox()).map((n) => n.title)).not.toContain(title)

	// Publish, for a day ahead: scheduled (the server's own scheduler leaves it until then).
	const day = dayFromToday(2)
	const patched = await request.patch(`/api/admin/content/announcements/${id}`, {
		headers: staff,
		data: { publishOn: day },
	})
	expect(await patched.json()).toMatchObject({ data: { publishOn: day, status: 'draft' } })
	const published = await request.post(`/api/admin/content/announcements/${id}/publish`, { headers: staff })
	expect(await published.json()).toMatchObject({
		message: 'Announcement scheduled: it is sent from its publish date.',
		data: { status: 'scheduled', delivery: 'not-started', sentCount: 0 },
	})

	// The jobs, with an injected clock on that day, on this announcement and this member only.
	expect(await sendScheduledAnnouncementAt(new Date(`${day}T00:00:30Z`), { id, members: [member.id] })).toEqual({
		published: 1,
		batches: 1,
		delivered: 1,
	})
	expect((await inbox()).find((n) => n.title === title)).toMatchObject({ kind: 'announcement', body })
	const mail = await waitForMail(member.email, { subject: title })
	expect(mail.text).toContain('Announcements from the team')
	const after = (await (await request.get(`/api/admin/content/announcements/${id}`, { headers: staff })).json()).data
	expect(after).toMatchObject({ status: 'published', delivery: 'sent', audienceCount: 1, sentCount: 1 })
	const listed = (await (await request.get('/api/admin/content/announcements', { headers: staff })).json()).data
	expect(listed.announcements.find((a: { id: number }) => a.id === id)).toMatchObject({ sentCount: 1 })

	// Sent: its text is fixed.
	const edit = await request.patch(`/api/admin/content/announcements/${id}`, {
		headers: staff,
		data: { title: 'Other' },
	})
	expect(edit.status()).toBe(409)
	expect((await edit.json()).message).toBe(
		'This announcement has been sent (or is being sent): its title, message and audience can no longer change',
	)

	// Unpublish: back to draft; sent to everyone, publishing again is refused.
	const unpublished = await request.post(`/api/admin/content/announcements/${id}/unpublish`, { headers: staff })
	expect(await unpublished.json()).toMatchObject({ data: { status: 'draft', delivery: 'sent' } })
	expect((await request.post(`/api/admin/content/announcements/${id}/publish`, { headers: staff })).status()).toBe(409)

	// Delete: an admin is refused (403), a super admin deletes; the member keeps what they got.
	expect((await request.delete(`/api/admin/content/announcements/${id}`, { headers: staff })).status()).toBe(403)
	const deleted = await request.delete(`/api/admin/content/announcements/${id}`, { headers: bearer(superAdminToken) })
	expect(await deleted.json()).toMatchObject({ message: 'Announcement deleted.', data: { title } })
	expect(storedCount(title)).toBe(0)
	expect((await request.get(`/api/admin/content/announcements/${id}`, { headers: staff })).status()).toBe(404)
	expect((await inbox()).map((n) => n.title)).toContain(title)
	expect(auditOf(id)).toEqual([
		'announcement.create',
		'announcement.update',
		'announcement.publish',
		'announcement.publish',
		'announcement.unpublish',
		'announcement.delete',
	])
})

test('a plan audience, a draft edits; no token: 401; a member token: 403', async ({
	request,
	adminToken,
	createMember,
}) => {
	const staff = bearer(adminToken)
	const title = newTitle()
	const created = await request.post('/api/admin/content/announcements', {
		headers: staff,
		data: { title, body: 'Gold only', audience: 'gold' },
	})
	const id = (await created.json()).data.id
	const patched = await request.patch(`/api/admin/content/announcements/${id}`, {
		headers: staff,
		data: { audience: 'platinum' },
	})
	expect(await patched.json()).toMatchObject({
		message: 'Announcement updated.',
		data: { audience: 'platinum', audienceLabel: 'Members on the Platinum plan' },
	})
	const badPatch = await request.patch(`/api/admin/content/announcements/${id}`, {
		headers: staff,
		data: { audience: 'diamond' },
	})
	expect(badPatch.status()).toBe(400)
	expect((await request.get('/api/admin/content/announcements')).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/content/announcements', { headers: bearer(member.token) })).status()).toBe(403)
	expect(
		(await request.post(`/api/admin/content/announcements/${id}/send`, { headers: bearer(member.token) })).status(),
	).toBe(403)
})
