import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { lessonTabs, readingMinutes, type LessonTab } from '#app/content/academy.ts'
import { SAMPLE_LESSONS } from '#app/features/academy/lesson-samples.ts'
import { htmlWords, renderLessonMarkdown } from '#app/features/academy/markdown.server.ts'
import { recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { getDb, write, type Tx } from '#db/client.server.ts'
import { lessonCompletions, lessons, lessonVersions, type SelectLesson, type SelectLessonVersion } from '#db/schema.ts'
import { dateOrderProblem, dayEnd, dayStart, displayStatus, expiryDay, publishDay } from './lifecycle.ts'
import { LESSON_MESSAGES, type LessonInput } from './schemas.ts'
import {
	ensureContentSamples,
	staffLifecycle,
	updateContent,
	tableLifecycle,
	type ContentKind,
	readBack,
} from './content.server.ts'
import type { LessonVersionSummary, StaffLesson, StaffLessonDetail } from './responses.server.ts'

/**
 * Lessons (issue 41 part 3, decision 062's Lessons section): staff write
 * them in Markdown on /admin/content/lessons and /api/admin/content/lessons*;
 * the body is rendered and sanitised once when saved
 * (app/features/academy/markdown.server.ts) and every save that changes the
 * title, description or body is a new version (lesson_versions). Members
 * see the published, unexpired ones in the Academy (app/features/academy/).
 */

export type { StaffLesson, StaffLessonDetail }

/** A lesson as the academy shows it to members. */
export type AcademyLesson = {
	/** The lesson's key: its id in URLs and completions. */
	id: string
	tab: LessonTab
	title: string
	description: string
	/** Minutes in effect: typed, else the reading time. */
	duration: number
	words: number
	html: string
}

/** What the audit row keeps of a lesson (the text itself is in its versions). */
function auditView(row: SelectLesson) {
	return {
		key: row.key,
		title: row.title,
		description: row.description,
		tab: row.tab,
		position: row.position,
		duration: row.duration,
		version: row.version,
		bodyChars: row.body.length,
		status: row.status,
		publishAt: row.publishAt,
		expiresAt: row.expiresAt,
		publishedAt: row.publishedAt,
		sample: row.sample,
	}
}

function rendered(body: string) {
	const bodyHtml = renderLessonMarkdown(body)
	return { bodyHtml, words: htmlWords(bodyHtml) }
}

function insertVersion(tx: Tx, row: SelectLesson, savedBy: AuditActor | null, now: Date) {
	tx.insert(lessonVersions)
		.values({
			lessonId: row.id,
			version: row.version,
			title: row.title,
			description: row.description,
			body: row.body,
			bodyHtml: row.bodyHtml,
			savedById: savedBy?.id ?? null,
			savedBy: savedBy?.email ?? 'system',
			savedAt: now,
		})
		.run()
}

export const LESSON_KIND: ContentKind<SelectLesson> = {
	name: 'lesson',
	notFound: LESSON_MESSAGES.notFound,
	...tableLifecycle<SelectLesson>(lessons),
	auditView,
	insertSamples: (tx, now) => {
		const positions = new Map<LessonTab, number>()
		return SAMPLE_LESSONS.map(({ key, tab, title, description, body }) => {
			const position = (positions.get(tab) ?? 0) + 1
			positions.set(tab, position)
			const row = tx
				.insert(lessons)
				.values({
					key,
					title,
					description,
					tab,
					position,
					duration: null,
					body,
					...rendered(body),
					version: 1,
					status: 'published',
					publishedAt: now,
					sample: true,
					createdAt: now,
					updatedAt: now,
				})
				.returning()
				.get()
			insertVersion(tx, row, null, now)
			return key
		})
	},
}

function toStaffLesson(row: SelectLesson, now: Date): StaffLesson {
	const reading = readingMinutes(row.words)
	return {
		id: row.id,
		key: row.key,
		title: row.title,
		description: row.description,
		tab: row.tab,
		position: row.position,
		duration: row.duration,
		readingMinutes: reading,
		shownDuration: row.duration ?? reading,
		words: row.words,
		body: row.body,
		bodyHtml: row.bodyHtml,
		version: row.version,
		status: row.status,
		shownStatus: displayStatus(row, now),
		publishOn: publishDay(row.publishAt),
		expiresOn: expiryDay(row.expiresAt),
		publishAt: row.publishAt ? row.publishAt.toISOString() : null,
		expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
		publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
		sample: row.sample,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

const tabOrder = sql`case ${lessons.tab} when 'basics' then 0 when 'risk' then 1 else 2 end`

/** Every lesson in the academy's order (topic, then order), for staff. */
export function listLessonsForStaff(now = new Date()): StaffLesson[] {
	return getDb()
		.select()
		.from(lessons)
		.orderBy(tabOrder, asc(lessons.position), asc(lessons.id))
		.all()
		.map((row) => toStaffLesson(row, now))
}

function versionSummaries(lessonId: number): LessonVersionSummary[] {
	return getDb()
		.select({
			version: lessonVersions.version,
			title: lessonVersions.title,
			savedBy: lessonVersions.savedBy,
			savedAt: lessonVersions.savedAt,
		})
		.from(lessonVersions)
		.where(eq(lessonVersions.lessonId, lessonId))
		.orderBy(desc(lessonVersions.version))
		.all()
		.map((v) => ({ ...v, savedAt: v.savedAt.toISOString() }))
}

/** One lesson for staff with its versions (newest first), or null. */
export function getLesson(id: number, now = new Date()): StaffLessonDetail | null {
	const row = getDb().select().from(lessons).where(eq(lessons.id, id)).get()
	if (!row) return null
	return { ...toStaffLesson(row, now), versions: versionSummaries(id) }
}

/** One saved version of a lesson (read only), or null. */
export function getLessonVersion(lessonId: number, version: number): SelectLessonVersion | null {
	return (
		getDb()
			.select()
			.from(lessonVersions)
			.where(and(eq(lessonVersions.lessonId, lessonId), eq(lessonVersions.version, version)))
			.get() ?? null
	)
}

/** The counts by stored status (the /admin/content overview). */
export function countLessons(): Record<'total' | 'published' | 'sample', number> {
	const row = getDb()
		.select({
			total: sql<number>`count(*)`,
			published: sql<number>`coalesce(sum(${lessons.status} = 'published'), 0)`,
			sample: sql<number>`coalesce(sum(${lessons.sample}), 0)`,
		})
		.from(lessons)
		.get()
	return { total: row?.total ?? 0, published: row?.published ?? 0, sample: row?.sample ?? 0 }
}

function toAcademyLesson(row: SelectLesson): AcademyLesson {
	return {
		id: row.key,
		tab: row.tab,
		title: row.title,
		description: row.description,
		duration: row.duration ?? readingMinutes(row.words),
		words: row.words,
		html: row.bodyHtml,
	}
}

/**
 * The lessons members see at `now`: published and not past their expiry (by
 * the clock, not only the scheduler), in the academy's order: topic, then
 * order.
 */
export function listMemberLessons(now = new Date()): AcademyLesson[] {
	return getDb()
		.select()
		.from(lessons)
		.where(and(eq(lessons.status, 'published'), or(isNull(lessons.expiresAt), gt(lessons.expiresAt, now))))
		.orderBy(tabOrder, asc(lessons.position), asc(lessons.id))
		.all()
		.map(toAcademyLesson)
}

/** A key made from a title: lower case words joined by "-" (at most 48 characters), "lesson" when none. */
export function keyFromTitle(title: string) {
	const base = title
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 48)
		.replace(/-+$/, '')
	return base === '' ? 'lesson' : base
}

/**
 * A key no lesson has and no completion uses (a deleted lesson's completions
 * stay: a new lesson must not inherit them): the title's key, else with -2, -3...
 */
function uniqueKey(tx: Tx, title: string) {
	const base = keyFromTitle(title)
	for (let n = 1; ; n++) {
		const key = n === 1 ? base : `${base}-${n}`
		const taken =
			tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.key, key)).get() ??
			tx
				.select({ id: lessonCompletions.id })
				.from(lessonCompletions)
				.where(eq(lessonCompletions.lessonId, key))
				.limit(1)
				.get()
		if (!taken) return key
	}
}

/** After the last lesson of a topic. */
function nextPosition(tx: Tx, tab: LessonTab, except?: number) {
	const row = tx
		.select({ last: sql<number | null>`max(${lessons.position})` })
		.from(lessons)
		.where(except === undefined ? eq(lessons.tab, tab) : and(eq(lessons.tab, tab), sql`${lessons.id} <> ${except}`))
		.get()
	return Math.min((row?.last ?? 0) + 1, 999)
}

function orderProblem(publishAt: Date | null, expiresAt: Date | null) {
	const message = dateOrderProblem(publishAt, expiresAt)
	return message ? fail(400, message, { fieldErrors: { expiresOn: [message] } }) : null
}

/** Adds a lesson as a draft, version 1 (lesson.create); misordered days: 400 at the field. */
export function createLesson(admin: AuditActor, input: LessonInput, now = new Date()): Result<StaffLessonDetail> {
	const publishAt = input.publishOn ? dayStart(input.publishOn) : null
	const expiresAt = input.expiresOn ? dayEnd(input.expiresOn) : null
	const result = write((tx): Result<SelectLesson> => {
		const problem = orderProblem(publishAt, expiresAt)
		if (problem) return problem
		const created = tx
			.insert(lessons)
			.values({
				key: uniqueKey(tx, input.title),
				title: input.title,
				description: input.description,
				tab: input.tab,
				position: input.position ?? nextPosition(tx, input.tab),
				duration: input.duration,
				body: input.body,
				...rendered(input.body),
				version: 1,
				publishAt,
				expiresAt,
				status: 'draft',
				createdAt: now,
				updatedAt: now,
			})
			.returning()
			.get()
		insertVersion(tx, created, admin, now)
		return ok(
			recordCreation(tx, { admin, action: 'lesson.create', targetType: 'lesson', after: auditView }, created, now),
		)
	})
	if (!result.ok) return result
	log('admin.lesson_created', { adminId: admin.id, lessonId: result.value.id })
	return readBack(getLesson(result.value.id, now), LESSON_MESSAGES.notFound)
}

/**
 * Edits a lesson's fields (any status; the status stays: decision 062),
 * audited as lesson.update with before and after. A change to the title,
 * description or body is a new version; its key never changes, so members'
 * completions of it stay.
 */
export function updateLesson(
	admin: AuditActor,
	id: number,
	input: Partial<LessonInput>,
	now = new Date(),
): Result<StaffLessonDetail> {
	const result = write((tx): Result<SelectLesson> => {
		const before = LESSON_KIND.get(tx, id)
		if (!before) return fail(404, LESSON_MESSAGES.notFound)
		const set: Partial<SelectLesson> = {}
		if (input.title !== undefined && input.title !== before.title) set.title = input.title
		if (input.description !== undefined && input.description !== before.description) set.description = input.description
		if (input.body !== undefined && input.body !== before.body)
			Object.assign(set, { body: input.body }, rendered(input.body))
		const newText = set.title !== undefined || set.description !== undefined || set.body !== undefined
		if (input.tab !== undefined) set.tab = input.tab
		if (input.position !== undefined)
			set.position = input.position ?? nextPosition(tx, input.tab ?? before.tab, before.id)
		else if (input.tab !== undefined && input.tab !== before.tab) set.position = nextPosition(tx, input.tab, before.id)
		if (input.duration !== undefined) set.duration = input.duration
		if (input.publishOn !== undefined) set.publishAt = input.publishOn ? dayStart(input.publishOn) : null
		if (input.expiresOn !== undefined) set.expiresAt = input.expiresOn ? dayEnd(input.expiresOn) : null
		const problem = orderProblem(
			set.publishAt === undefined ? before.publishAt : set.publishAt,
			set.expiresAt === undefined ? before.expiresAt : set.expiresAt,
		)
		if (problem) return problem
		if (newText) set.version = before.version + 1
		const after = updateContent(tx, LESSON_KIND, admin, before, set, now)
		if (newText) insertVersion(tx, after, admin, now)
		return ok(after)
	})
	if (!result.ok) return result
	log('admin.lesson_updated', { adminId: admin.id, lessonId: id })
	return readBack(getLesson(id, now), LESSON_MESSAGES.notFound)
}

const lifecycle = staffLifecycle(LESSON_KIND, getLesson, (row, now) => ({ ...toStaffLesson(row, now), versions: [] }))

/** Publishes a lesson (or schedules it); see publishContent. */
export const publishLesson = lifecycle.publish

/** Unpublishes a lesson: back to draft; members' completions of it stay. */
export const unpublishLesson = lifecycle.unpublish

/** Deletes a lesson and its versions (super admins: the callers check content:delete); answers what it was. */
export const deleteLesson = lifecycle.remove

/** Seeds the sample lessons once (db/seed.ts). */
export function ensureSampleLessons(now = new Date()) {
	return ensureContentSamples(LESSON_KIND, now)
}

/** The preview of a form's input as members will see it (rendered on the server, nothing stored). */
export function previewLesson(input: Pick<LessonInput, 'title' | 'description' | 'tab' | 'duration' | 'body'>) {
	const { bodyHtml, words } = rendered(input.body)
	return {
		title: input.title,
		description: input.description,
		topic: lessonTabs.find((t) => t.id === input.tab)?.label ?? '',
		duration: input.duration ?? readingMinutes(words),
		words,
		html: bodyHtml,
	}
}
export type LessonPreview = ReturnType<typeof previewLesson>
