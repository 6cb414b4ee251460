import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { acquireAcademyLock, dayFromToday, runContentScheduleAt } from '../content-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/content/lessons* (issue 41 part 3, decision 062): create a
// draft in Markdown, bad input refused at its path with nothing stored,
// publish, the member sees it in the academy and completes it, an edit keeps
// the completion and a version, unpublish, expire by the scheduler's job
// with an injected clock, delete as a super admin (403 for an admin), and a
// body full of XSS rendered inert in the member's page. Lessons made here
// have titles "AL-…" and are removed after the suite; a published one is
// held under the academy's lock (the academy specs count the lessons).

const made: string[] = []
test.afterAll(() => {
	const titles = made.splice(0)
	if (titles.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from lessons where title in (${titles.map(() => '?').join(', ')})`).run(...titles),
	)
})

function newTitle() {
	const title = `AL-${randomUUID().slice(0, 8)}`
	made.push(title)
	return title
}

function auditOf(id: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					"select action, admin_email as email from audit_log where target_type = 'lesson' and target_id = ? order by id",
				)
				.all(String(id)) as { action: string; email: string }[],
	)
}

function storedCount(title: string) {
	return withE2eDatabase(
		(db) => (db.prepare('select count(*) as n from lessons where title = ?').get(title) as { n: number }).n,
	)
}

const XSS_BODY = [
	'## Safe heading',
	'',
	'<script>window.__xss = 1</script>',
	'',
	'<img src=x onerror="window.__xss = 2">',
	'',
	'<svg onload="window.__xss = 3"></svg> <iframe src="https://evil.example"></iframe>',
	'',
	'[one](javascript:alert(1)) [two](JaVa%73cript:alert(1)) [three](java\tscript:alert(1)) [four](data:text/html,<b>x</b>) [five](vbscript:x)',
	'',
	'<javascript:alert(1)> and <https://safe.example/page>',
	'',
	'![big](http://images.example/a.png) ![ok](https://images.example/a.png)',
	'',
	'> **Key point:** stay safe.',
].join('\n')

test('create, refuse bad input, publish, the member completes it, edit keeps it completed, expire, delete', async ({
	request,
	adminToken,
	superAdminToken,
	createMember,
	sessionCookie,
}) => {
	const staff = bearer(adminToken)
	const member = await createMember({ unlocked: true })
	const cookie = await sessionCookie(member)
	const academy = async () => {
		const res = await request.get('/api/member/academy', { headers: bearer(member.token) })
		expect(res.status()).toBe(200)
		return (await res.json()).data as {
			stats: { total: number; completed: number }
			lessons: Array<{ id: string; title: string; duration: number; completed: boolean }>
		}
	}

	// Bad input: 400, each message at its path, nothing stored.
	const bad = newTitle()
	const valid = { title: bad, description: 'A lesson', tab: 'risk', body: 'Text' }
	for (const [data, errors] of [
		[{ ...valid, title: 'X'.repeat(121) }, [{ path: 'title', message: 'Title must be at most 120 characters' }]],
		[{ ...valid, tab: 'crypto' }, [{ path: 'tab', message: 'Choose a topic from the list' }]],
		[{ ...valid, body: '   ' }, [{ path: 'body', message: 'The lesson text is required' }]],
		[
			{ ...valid, body: 'a\u0000b' },
			[
				{
					path: 'body',
					message: 'The lesson text must not contain control characters other than line breaks and tabs',
				},
			],
		],
		[
			{ ...valid, duration: 0 },
			[{ path: 'duration', message: 'Duration must be whole minutes from 1 to 600, or blank for the reading time' }],
		],
		[{ ...valid, position: 1000 }, [{ path: 'position', message: 'Order must be a whole number from 1 to 999' }]],
		[
			{ ...valid, publishOn: '2030-01-10', expiresOn: '2030-01-09' },
			[{ path: 'expiresOn', message: 'The expiry date cannot be before the publish date' }],
		],
		[{ ...valid, other: 1 }, [{ path: 'other', message: 'Unknown field' }]],
	] as const) {
		const res = await request.post('/api/admin/content/lessons', { headers: staff, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await res.json()).errors, JSON.stringify(data)).toEqual(errors)
	}
	expect(storedCount(bad)).toBe(0)

	// Create: a draft, version 1, its key from the title, the reading time as its duration.
	const title = newTitle()
	const tomorrow = dayFromToday(1)
	const created = await request.post('/api/admin/content/lessons', {
		headers: staff,
		data: {
			title,
			description: 'API lesson',
			tab: 'risk',
			body: '## First\n\nThe **first** text.',
			expiresOn: tomorrow,
		},
	})
	expect(created.status()).toBe(201)
	const createdBody = await created.json()
	expect(createdBody.message).toBe('Lesson saved as a draft.')
	expect(createdBody.data).toMatchObject({
		title,
		key: title.toLowerCase(),
		status: 'draft',
		sample: false,
		duration: null,
		shownDuration: 1,
		version: 1,
		bodyHtml: '<h2>First</h2>\n<p>The <strong>first</strong> text.</p>\n',
		expiresOn: tomorrow,
	})
	expect(createdBody.data.versions).toHaveLength(1)
	const id = createdBody.data.id as number
	const key = createdBody.data.key as string
	expect((await academy()).lessons.map((l) => l.id)).not.toContain(key)
	expect(
		(
			await request.post('/api/member/academy/lessons/' + key + '/complete', { headers: bearer(member.token) })
		).status(),
	).toBe(404)

	const release = await acquireAcademyLock()
	try {
		// Publish: the member sees it and completes it.
		const published = await request.post(`/api/admin/content/lessons/${id}/publish`, { headers: staff })
		expect(published.status()).toBe(200)
		expect((await published.json()).message).toBe('Lesson published: members see it in the Academy.')
		expect((await academy()).lessons.find((l) => l.id === key)).toMatchObject({ title, duration: 1, completed: false })
		const completed = await request.post(`/api/member/academy/lessons/${key}/complete`, {
			headers: bearer(member.token),
		})
		expect(completed.status()).toBe(200)

		// Edit: a new version, the old one kept; typed duration wins; still completed.
		const edited = await request.patch(`/api/admin/content/lessons/${id}`, {
			headers: staff,
			data: { body: '## Second\n\nThe revised text.', duration: 7 },
		})
		expect(edited.status()).toBe(200)
		const editedBody = (await edited.json()).data
		expect(editedBody).toMatchObject({ version: 2, duration: 7, shownDuration: 7, key })
		expect(editedBody.versions.map((v: { version: number }) => v.version)).toEqual([2, 1])
		const got = (await (await request.get(`/api/admin/content/lessons/${id}`, { headers: staff })).json()).data
		expect(got.versions).toHaveLength(2)
		const versions = withE2eDatabase(
			(db) =>
				db.prepare('select version, body from lesson_versions where lesson_id = ? order by version').all(id) as Array<{
					version: number
					body: string
				}>,
		)
		expect(versions).toEqual([
			{ version: 1, body: '## First\n\nThe **first** text.' },
			{ version: 2, body: '## Second\n\nThe revised text.' },
		])
		// A change of duration alone is no new version.
		const durationOnly = await request.patch(`/api/admin/content/lessons/${id}`, {
			headers: staff,
			data: { duration: 8 },
		})
		expect((await durationOnly.json()).data.version).toBe(2)
		expect((await academy()).lessons.find((l) => l.id === key)).toMatchObject({ duration: 8, completed: true })

		// The member's page shows the new text.
		const page = await request.get(`/dashboard/academy/${key}`, {
			headers: { Cookie: `${cookie.name}=${cookie.value}` },
		})
		expect(page.status()).toBe(200)
		const html = await page.text()
		expect(html).toContain('<h2>Second</h2>')
		expect(html).toContain('Lesson completed')

		// Unpublish: gone for members at once; the completion stays stored.
		const unpublished = await request.post(`/api/admin/content/lessons/${id}/unpublish`, { headers: staff })
		expect((await unpublished.json()).data.status).toBe('draft')
		expect((await academy()).lessons.map((l) => l.id)).not.toContain(key)

		// Published again, then the scheduler's job at an injected moment past its expiry day expires it.
		expect((await request.post(`/api/admin/content/lessons/${id}/publish`, { headers: staff })).status()).toBe(200)
		const afterExpiry = new Date(`${dayFromToday(2)}T00:00:30Z`)
		expect(runContentScheduleAt(afterExpiry, { kind: 'lesson', ids: [id] }).lessonExpired).toBe(1)
		const expired = await request.get(`/api/admin/content/lessons/${id}`, { headers: staff })
		expect((await expired.json()).data).toMatchObject({ status: 'expired', shownStatus: 'expired' })
		expect((await academy()).lessons.map((l) => l.id)).not.toContain(key)
	} finally {
		release()
	}

	// Delete: an admin is refused (403), a super admin deletes it and its versions.
	expect((await request.delete(`/api/admin/content/lessons/${id}`, { headers: staff })).status()).toBe(403)
	expect(storedCount(title)).toBe(1)
	const deleted = await request.delete(`/api/admin/content/lessons/${id}`, { headers: bearer(superAdminToken) })
	expect(deleted.status()).toBe(200)
	expect(await deleted.json()).toMatchObject({ message: 'Lesson deleted.', data: { title } })
	expect(storedCount(title)).toBe(0)
	expect(
		withE2eDatabase(
			(db) => (db.prepare('select count(*) as n from lesson_versions where lesson_id = ?').get(id) as { n: number }).n,
		),
	).toBe(0)
	expect((await request.get(`/api/admin/content/lessons/${id}`, { headers: staff })).status()).toBe(404)
	// Its completion stays stored (decision 062), and a new lesson of the same title gets another key.
	const again = await request.post('/api/admin/content/lessons', {
		headers: staff,
		data: { title, description: 'Same title', tab: 'basics', body: 'Text' },
	})
	expect((await again.json()).data.key).toBe(`${key}-2`)
	const againId = (await again.json()).data.id as number
	await request.delete(`/api/admin/content/lessons/${againId}`, { headers: bearer(superAdminToken) })

	expect(auditOf(id)).toEqual([
		{ action: 'lesson.create', email: expect.any(String) },
		{ action: 'lesson.publish', email: expect.any(String) },
		{ action: 'lesson.update', email: expect.any(String) },
		{ action: 'lesson.update', email: expect.any(String) },
		{ action: 'lesson.unpublish', email: expect.any(String) },
		{ action: 'lesson.publish', email: expect.any(String) },
		{ action: 'lesson.expire', email: 'system' },
		{ action: 'lesson.delete', email: expect.any(String) },
	])
})

test("a body of script, handlers and bad links is rendered inert in the member's page", async ({
	request,
	adminToken,
	superAdminToken,
	createMember,
	sessionCookie,
}) => {
	const staff = bearer(adminToken)
	const member = await createMember({ unlocked: true })
	const cookie = await sessionCookie(member)
	const title = newTitle()
	const created = await request.post('/api/admin/content/lessons', {
		headers: staff,
		data: { title, description: 'XSS lesson', tab: 'portfolio', body: XSS_BODY },
	})
	expect(created.status()).toBe(201)
	const { id, key } = (await created.json()).data as { id: number; key: string }
	const release = await acquireAcademyLock()
	let html = ''
	try {
		expect((await request.post(`/api/admin/content/lessons/${id}/publish`, { headers: staff })).status()).toBe(200)
		const page = await request.get(`/dashboard/academy/${key}`, {
			headers: { Cookie: `${cookie.name}=${cookie.value}` },
		})
		expect(page.status()).toBe(200)
		html = await page.text()
	} finally {
		await request.delete(`/api/admin/content/lessons/${id}`, { headers: bearer(superAdminToken) })
		release()
	}
	const body = html.slice(html.indexOf('lesson-prose'), html.indexOf('General education, not investment advice'))
	expect(body).toContain('<h2>Safe heading</h2>')
	expect(body).toContain('&lt;script&gt;window.__xss = 1&lt;/script&gt;')
	expect(body).toContain('&lt;img src=x onerror=&quot;window.__xss = 2&quot;&gt;')
	expect(body).toContain('&lt;svg onload=')
	expect(body).not.toMatch(/<(script|iframe|svg)\b/i)
	expect(body).not.toMatch(/href="(javascript|data|vbscript)/i)
	expect(body).not.toMatch(/<a href="[^"]*"[^>]*>(one|two|three|four|five)</)
	expect(body).toContain('<a href="https://safe.example/page" rel="noopener noreferrer nofollow">')
	expect(body).toContain('<img src="https://images.example/a.png" alt="ok" loading="lazy"')
	expect(body).not.toContain('http://images.example')
	expect(body).toContain('<blockquote>')
})

test('no token: 401; a member token: 403; the list has the 15 samples marked', async ({
	request,
	createMember,
	adminToken,
}) => {
	expect((await request.get('/api/admin/content/lessons')).status()).toBe(401)
	const member = await createMember({ unlocked: true })
	expect((await request.get('/api/admin/content/lessons', { headers: bearer(member.token) })).status()).toBe(403)
	const list = await request.get('/api/admin/content/lessons', { headers: bearer(adminToken) })
	expect(list.status()).toBe(200)
	const samples = ((await list.json()).data.lessons as Array<{ key: string; sample: boolean; tab: string }>).filter(
		(l) => l.sample,
	)
	expect(samples.map((l) => l.key)).toEqual([
		...[1, 2, 3, 4, 5].map((n) => `basics-${n}`),
		...[1, 2, 3, 4, 5].map((n) => `risk-${n}`),
		...[1, 2, 3, 4, 5].map((n) => `portfolio-${n}`),
	])
})
