import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, lessonCompletions, lessons, lessonVersions } from '#db/schema.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { runContentSchedule } from './kinds.server.ts'
import {
	createLesson,
	deleteLesson,
	ensureSampleLessons,
	getLesson,
	getLessonVersion,
	keyFromTitle,
	listMemberLessons,
	publishLesson,
	updateLesson,
} from './lessons.server.ts'
import { LessonCreateApiSchema, LessonFormSchema, type LessonInput } from './schemas.ts'

function staff() {
	const admin = insertAdmin({ role: 'admin' })
	return { id: admin.id, email: admin.email }
}

const input = (over: Partial<LessonInput> = {}): LessonInput => ({
	title: 'Position sizing',
	description: 'How much one trade risks.',
	tab: 'risk',
	position: null,
	duration: null,
	body: '## Sizing\n\nRisk a small share.',
	publishOn: null,
	expiresOn: null,
	...over,
})

describe('lessons', () => {
	test('the samples are seeded once, published, version 1 by the system, with their HTML stored', () => {
		const now = new Date('2026-12-06T10:00:00Z')
		expect(ensureSampleLessons(now)).toBe(15)
		expect(ensureSampleLessons(now)).toBe(0)
		const rows = getDb().select().from(lessons).all()
		expect(rows).toHaveLength(15)
		expect(
			rows.every((r) => r.sample && r.status === 'published' && r.version === 1 && r.bodyHtml.includes('<h2>')),
		).toBe(true)
		expect(
			getDb()
				.select()
				.from(lessonVersions)
				.all()
				.map((v) => v.savedBy),
		).toEqual(Array(15).fill('system'))
		// Deleted samples do not come back.
		getDb().delete(lessons).run()
		expect(ensureSampleLessons(now)).toBe(0)
	})

	test('create: a draft at the end of its topic, version 1, key from the title, reading time as its duration', () => {
		const admin = staff()
		ensureSampleLessons()
		const created = createLesson(admin, input({ title: 'Çost & Sizing: Part 2!' }))
		expect(created.ok).toBe(true)
		if (!created.ok) return
		expect(created.value).toMatchObject({
			key: 'cost-sizing-part-2',
			status: 'draft',
			position: 6,
			duration: null,
			readingMinutes: 1,
			shownDuration: 1,
			words: 5,
			version: 1,
			bodyHtml: '<h2>Sizing</h2>\n<p>Risk a small share.</p>\n',
		})
		expect(created.value.versions).toEqual([
			{ version: 1, title: 'Çost & Sizing: Part 2!', savedBy: admin.email, savedAt: expect.any(String) },
		])
		expect(listMemberLessons().map((l) => l.id)).not.toContain('cost-sizing-part-2')
	})

	test('keys: unique among lessons and the completions a deleted lesson left', () => {
		const admin = staff()
		expect(keyFromTitle('  ---  ')).toBe('lesson')
		expect(keyFromTitle('A'.repeat(80))).toHaveLength(48)
		const first = createLesson(admin, input())
		const member = insertMember()
		getDb().insert(lessonCompletions).values({ userId: member.id, lessonId: 'position-sizing-2' }).run()
		const second = createLesson(admin, input())
		expect(first.ok && first.value.key).toBe('position-sizing')
		expect(second.ok && second.value.key).toBe('position-sizing-3')
	})

	test('edits: a new title, description or body is a new version, the old text kept; order or duration alone is not', () => {
		const admin = staff()
		const created = createLesson(admin, input())
		if (!created.ok) throw new Error('not created')
		const id = created.value.id
		const durationOnly = updateLesson(admin, id, { duration: 12, position: 3 })
		expect(durationOnly.ok && durationOnly.value).toMatchObject({
			version: 1,
			duration: 12,
			shownDuration: 12,
			position: 3,
		})
		const sameText = updateLesson(admin, id, { body: input().body })
		expect(sameText.ok && sameText.value.version).toBe(1)
		const edited = updateLesson(admin, id, { body: 'Changed <script>x</script>' })
		expect(edited.ok && edited.value).toMatchObject({
			version: 2,
			bodyHtml: '<p>Changed &lt;script&gt;x&lt;/script&gt;</p>\n',
			key: 'position-sizing',
		})
		expect(getLessonVersion(id, 1)).toMatchObject({ body: input().body, bodyHtml: created.value.bodyHtml })
		expect(getLessonVersion(id, 2)).toMatchObject({ body: 'Changed <script>x</script>', savedBy: admin.email })
		expect(getLesson(id)!.versions.map((v) => v.version)).toEqual([2, 1])
		// Moving it to another topic puts it at that topic's end unless an order is given.
		const moved = updateLesson(admin, id, { tab: 'basics' })
		expect(moved.ok && moved.value).toMatchObject({ tab: 'basics', position: 1 })
		// Misordered days: refused at the field, nothing stored.
		const bad = updateLesson(admin, id, { publishOn: '2030-01-10', expiresOn: '2030-01-09' })
		expect(bad.ok ? null : bad.fieldErrors).toEqual({
			expiresOn: ['The expiry date cannot be before the publish date'],
		})
		expect(getLesson(id)!.publishOn).toBeNull()
		const actions = getDb()
			.select({ action: auditLog.action })
			.from(auditLog)
			.where(and(eq(auditLog.targetType, 'lesson'), eq(auditLog.targetId, String(id))))
			.all()
			.map((a) => a.action)
		expect(actions).toEqual(['lesson.create', 'lesson.update', 'lesson.update', 'lesson.update', 'lesson.update'])
	})

	test('the scheduler publishes on the day and expires after the last one; members see it only in between', () => {
		const admin = staff()
		const created = createLesson(admin, input({ publishOn: '2030-03-01', expiresOn: '2030-03-05' }))
		if (!created.ok) throw new Error('not created')
		const id = created.value.id
		const published = publishLesson(admin, id, new Date('2030-02-01T00:00:00Z'))
		expect(published.ok && published.value.status).toBe('scheduled')
		expect(runContentSchedule(new Date('2030-03-01T00:00:10Z'), undefined, { kind: 'lesson', ids: [id] })).toEqual({
			lessonPublished: 1,
			lessonExpired: 0,
		})
		expect(listMemberLessons(new Date('2030-03-05T23:59:00Z')).map((l) => l.id)).toContain('position-sizing')
		// By the clock, before the job: gone after the expiry day.
		expect(listMemberLessons(new Date('2030-03-06T00:00:01Z')).map((l) => l.id)).not.toContain('position-sizing')
		expect(runContentSchedule(new Date('2030-03-06T00:00:10Z'), undefined, { kind: 'lesson', ids: [id] })).toEqual({
			lessonPublished: 0,
			lessonExpired: 1,
		})
		expect(getLesson(id)!.status).toBe('expired')
	})

	test('delete takes its versions; completions of it stay stored', () => {
		const admin = staff()
		const created = createLesson(admin, input())
		if (!created.ok) throw new Error('not created')
		const member = insertMember()
		getDb().insert(lessonCompletions).values({ userId: member.id, lessonId: 'position-sizing' }).run()
		expect(deleteLesson(admin, created.value.id).ok).toBe(true)
		expect(getDb().select().from(lessonVersions).all()).toHaveLength(0)
		expect(getDb().select().from(lessonCompletions).all()).toHaveLength(1)
	})

	test('the form and the API schemas: field messages, blank order and duration, CRLF normalised', () => {
		const parsed = LessonFormSchema.safeParse({ title: 'T', description: 'D', tab: 'risk', body: 'a\r\nb' })
		expect(parsed.success && parsed.data.input).toMatchObject({ position: null, duration: null, body: 'a\nb' })
		const bad = LessonCreateApiSchema.safeParse({ title: '', description: 'D', tab: 'x', body: '', duration: 0 })
		expect(bad.success ? null : bad.error.flatten().fieldErrors).toEqual({
			title: ['Title is required'],
			tab: ['Choose a topic from the list'],
			body: ['The lesson text is required'],
			duration: ['Duration must be whole minutes from 1 to 600, or blank for the reading time'],
		})
	})
})
