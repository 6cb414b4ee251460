import { and, asc, count, desc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm'
import { recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { notify, paragraphs } from '#app/features/notifications/notifications.server.ts'
import { log } from '#app/utils/log.server.ts'
import { escapeHtml, sendMail } from '#app/utils/mail.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { inTurns } from '#app/utils/turns.server.ts'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { announcements, users, type SelectAnnouncement } from '#db/schema.ts'
import { dayStart, displayStatus, publishDay } from './lifecycle.ts'
import {
	ANNOUNCEMENT_AUDIENCE_LABELS,
	ANNOUNCEMENT_MESSAGES,
	type AnnouncementAudience,
	type AnnouncementInput,
} from './schemas.ts'
import { staffLifecycle, updateContent, tableLifecycle, type ContentKind } from './content.server.ts'
import type { StaffAnnouncement } from './responses.server.ts'

/**
 * Announcements (issue 41 part 5, docs/decisions/062): a message from
 * staff to every member, or to the members of one plan, through the
 * notifications (kind `announcement`: the inbox, and a mail where the
 * member keeps that kind's mail on). Publishing sends it: the scheduler's
 * `announcement-delivery` job delivers it in batches of members (by id
 * after the row's cursor, one transaction each, a bounded number per
 * tick), never all at once in one request. "Send to me" mails the current
 * text to the signed-in staff member only.
 */

export type { StaffAnnouncement }

/**
 * Members per batch (one transaction each): about 20 to 90 ms of work with
 * their mails queued (measured: 500 took 100 to 430 ms, beyond the 50 ms a
 * job may hold the event loop, docs/product/quality-bars.md).
 */
export const ANNOUNCEMENT_BATCH_SIZE = 100
/** Batches per run of the job (every 15 s), in turns with rests twice as long: 10,000 members a run at most. */
export const ANNOUNCEMENT_BATCHES_PER_RUN = 100

/** What the audit row keeps of an announcement. */
function auditView(row: SelectAnnouncement) {
	return {
		title: row.title,
		body: row.body,
		audience: row.audience,
		status: row.status,
		publishAt: row.publishAt,
		publishedAt: row.publishedAt,
		audienceCount: row.audienceCount,
		sentCount: row.sentCount,
	}
}

/** Once every member of its audience got it, publishing it again would send nothing: refused. */
const ALREADY_SENT = 'This announcement was already sent to every member of its audience'

export const ANNOUNCEMENT_KIND: ContentKind<SelectAnnouncement> = {
	name: 'announcement',
	notFound: ANNOUNCEMENT_MESSAGES.notFound,
	...tableLifecycle<SelectAnnouncement>(announcements),
	auditView,
	canPublish: (row) => (row.deliveryFinishedAt ? fail(409, ALREADY_SENT) : ok(true)),
}

/** Where its delivery is: not started, sending, stopped (unpublished before the end), sent. */
export function deliveryState(row: Pick<SelectAnnouncement, 'status' | 'deliveryStartedAt' | 'deliveryFinishedAt'>) {
	if (row.deliveryFinishedAt) return 'sent' as const
	if (!row.deliveryStartedAt) return 'not-started' as const
	return row.status === 'published' ? ('sending' as const) : ('stopped' as const)
}

/** Its title, message and audience are fixed once it is published or its sending started. */
function isLocked(row: SelectAnnouncement) {
	return row.status === 'published' || row.deliveryStartedAt !== null
}

function toStaff(row: SelectAnnouncement, now: Date): StaffAnnouncement {
	return {
		id: row.id,
		title: row.title,
		body: row.body,
		audience: row.audience,
		audienceLabel: ANNOUNCEMENT_AUDIENCE_LABELS[row.audience],
		status: row.status,
		shownStatus: displayStatus(row, now),
		delivery: deliveryState(row),
		audienceCount: row.audienceCount,
		sentCount: row.sentCount,
		publishOn: publishDay(row.publishAt),
		publishAt: row.publishAt ? row.publishAt.toISOString() : null,
		publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
		deliveryStartedAt: row.deliveryStartedAt ? row.deliveryStartedAt.toISOString() : null,
		deliveryFinishedAt: row.deliveryFinishedAt ? row.deliveryFinishedAt.toISOString() : null,
		sample: row.sample,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

/** Every announcement, newest first (a handful of rows: not paged). */
export function listAnnouncementsForStaff(now = new Date()): StaffAnnouncement[] {
	return getDb()
		.select()
		.from(announcements)
		.orderBy(desc(announcements.id))
		.all()
		.map((row) => toStaff(row, now))
}

/** One announcement for staff, or null. */
export function getAnnouncement(id: number, now = new Date()): StaffAnnouncement | null {
	const row = getDb().select().from(announcements).where(eq(announcements.id, id)).get()
	return row ? toStaff(row, now) : null
}

/** The counts by stored status (the /admin/content overview). */
export function countAnnouncements(): Record<'total' | 'published' | 'sample', number> {
	const row = getDb()
		.select({
			total: sql<number>`count(*)`,
			published: sql<number>`coalesce(sum(${announcements.status} = 'published'), 0)`,
			sample: sql<number>`coalesce(sum(${announcements.sample}), 0)`,
		})
		.from(announcements)
		.get()
	return { total: row?.total ?? 0, published: row?.published ?? 0, sample: row?.sample ?? 0 }
}

/** The members an audience names, not closed: `plan = ?` (users_plan_id_idx) or every member. */
function audienceWhere(audience: AnnouncementAudience, only?: readonly number[]) {
	const open = only ? and(isNull(users.closedAt), inArray(users.id, [...only])) : isNull(users.closedAt)
	return audience === 'all' ? open : and(eq(users.plan, audience), open)
}

/** How many members the audience has now (the preview's "would go to"). */
export function countAudience(audience: AnnouncementAudience, db: Db | Tx = getDb()) {
	return db.select({ n: count() }).from(users).where(audienceWhere(audience)).get()?.n ?? 0
}

/** Adds an announcement as a draft (announcement.create). */
export function createAnnouncement(
	admin: AuditActor,
	input: AnnouncementInput,
	now = new Date(),
): Result<StaffAnnouncement> {
	const created = write((tx) => {
		const row = tx
			.insert(announcements)
			.values({
				title: input.title,
				body: input.body,
				audience: input.audience,
				publishAt: input.publishOn ? dayStart(input.publishOn) : null,
				status: 'draft',
				createdAt: now,
				updatedAt: now,
			})
			.returning()
			.get()
		return recordCreation(
			tx,
			{ admin, action: 'announcement.create', targetType: 'announcement', after: auditView },
			row,
			now,
		)
	})
	log('admin.announcement_created', { adminId: admin.id, announcementId: created.id })
	return ok(toStaff(created, now))
}

/**
 * Edits a draft or scheduled announcement (announcement.update); once it is
 * published or its sending started, a 409: members may have it already.
 */
export function updateAnnouncement(
	admin: AuditActor,
	id: number,
	input: Partial<AnnouncementInput>,
	now = new Date(),
): Result<StaffAnnouncement> {
	const result = write((tx): Result<SelectAnnouncement> => {
		const before = ANNOUNCEMENT_KIND.get(tx, id)
		if (!before) return fail(404, ANNOUNCEMENT_MESSAGES.notFound)
		if (isLocked(before)) return fail(409, ANNOUNCEMENT_MESSAGES.sentLocked)
		const set: Partial<SelectAnnouncement> = {}
		if (input.title !== undefined) set.title = input.title
		if (input.body !== undefined) set.body = input.body
		if (input.audience !== undefined) set.audience = input.audience
		if (input.publishOn !== undefined) set.publishAt = input.publishOn ? dayStart(input.publishOn) : null
		return ok(updateContent(tx, ANNOUNCEMENT_KIND, admin, before, set, now))
	})
	if (!result.ok) return result
	log('admin.announcement_updated', { adminId: admin.id, announcementId: id })
	return ok(toStaff(result.value, now))
}

const lifecycle = staffLifecycle(ANNOUNCEMENT_KIND, getAnnouncement, toStaff)

/** Publishes: sending starts with the job's next run (or on its publish day: scheduled). */
export const publishAnnouncement = lifecycle.publish

/** Unpublishes: back to draft; the batches not yet sent are not sent. */
export const unpublishAnnouncement = lifecycle.unpublish

/** Deletes an announcement (super admins: callers check content:delete); members keep what they got. */
export const deleteAnnouncement = lifecycle.remove

/** The preview: the inbox item as members will see it, and how many members the audience has now. */
export function previewAnnouncement(input: AnnouncementInput) {
	return {
		title: input.title,
		paragraphs: paragraphs(input.body),
		audienceLabel: ANNOUNCEMENT_AUDIENCE_LABELS[input.audience],
		audienceCount: countAudience(input.audience),
	}
}
export type AnnouncementPreview = ReturnType<typeof previewAnnouncement>

/**
 * "Send to me": the announcement's current text, in any status, mailed to
 * the signed-in staff member's own address only; counted nowhere (no inbox
 * row, no sent count). Answers the address, or 422 when the mail could not be sent.
 */
export async function sendAnnouncementToSelf(
	admin: { id: number; email: string },
	id: number,
): Promise<Result<{ sentTo: string }>> {
	const row = getDb().select().from(announcements).where(eq(announcements.id, id)).get()
	if (!row) return fail(404, ANNOUNCEMENT_MESSAGES.notFound)
	const label = ANNOUNCEMENT_AUDIENCE_LABELS[row.audience]
	const note = `A test of an announcement to: ${label}. Only you got this mail.`
	const sent = await sendMail({
		to: admin.email,
		subject: `[Test] ${row.title}`,
		text: [row.body, '', '--', note].join('\n'),
		html: `${paragraphs(row.body)
			.map((p) => `<p>${escapeHtml(p)}</p>`)
			.join('\n')}\n<hr>\n<p>${escapeHtml(note)}</p>`,
	})
	if (!sent) return fail(422, ANNOUNCEMENT_MESSAGES.sendFailed)
	log('admin.announcement_test_sent', { adminId: admin.id, announcementId: id })
	return ok({ sentTo: admin.email })
}

export type BatchReport = { announcementId: number; delivered: number; finished: boolean }

/**
 * One batch of the delivery, in one transaction: the oldest published
 * announcement whose sending is not finished (of `ids` when given) gets
 * its next `batchSize` members by id after its cursor (up to the
 * audience's highest id when sending started), each an inbox notification
 * and a mail where they allow it; the cursor and the sent count move.
 * The first batch counts the audience. Null when there is nothing to send.
 */
export function deliverAnnouncementBatch(
	now: Date,
	options: {
		db?: Db
		/** Only these announcements (a test's own, with its injected clock). */
		ids?: readonly number[]
		/** The audience limited to these members (the e2e tests share one database with other specs' members). */
		members?: readonly number[]
		batchSize?: number
	} = {},
): BatchReport | null {
	const batchSize = options.batchSize ?? ANNOUNCEMENT_BATCH_SIZE
	return write((tx): BatchReport | null => {
		const where = [eq(announcements.status, 'published'), isNull(announcements.deliveryFinishedAt)]
		if (options.ids) where.push(inArray(announcements.id, [...options.ids]))
		let row = tx
			.select()
			.from(announcements)
			.where(and(...where))
			.orderBy(asc(announcements.id))
			.limit(1)
			.get()
		if (!row) return null
		if (!row.deliveryStartedAt) {
			const audience = audienceWhere(row.audience, options.members)
			const last =
				tx
					.select({ id: max(users.id) })
					.from(users)
					.where(audience)
					.get()?.id ?? 0
			row = tx
				.update(announcements)
				.set({
					deliveryStartedAt: now,
					lastUserId: last,
					audienceCount: tx.select({ n: count() }).from(users).where(audience).get()?.n ?? 0,
				})
				.where(eq(announcements.id, row.id))
				.returning()
				.get()
			log('announcement.delivery_started', { announcementId: row.id, audienceCount: row.audienceCount })
		}
		const lastUserId = row.lastUserId ?? 0
		const members = tx
			.select({ id: users.id })
			.from(users)
			.where(and(gt(users.id, row.cursor), lte(users.id, lastUserId), audienceWhere(row.audience, options.members)))
			.orderBy(asc(users.id))
			.limit(batchSize)
			.all()
		for (const member of members)
			notify(tx, { userId: member.id, kind: 'announcement', title: row.title, body: row.body }, now)
		const cursor = members.length > 0 ? members[members.length - 1]!.id : row.cursor
		const finished = members.length < batchSize || cursor >= lastUserId
		tx.update(announcements)
			.set({
				cursor,
				sentCount: row.sentCount + members.length,
				...(finished ? { deliveryFinishedAt: now } : {}),
			})
			.where(eq(announcements.id, row.id))
			.run()
		if (finished)
			log('announcement.delivery_finished', { announcementId: row.id, sent: row.sentCount + members.length })
		return { announcementId: row.id, delivered: members.length, finished }
	}, options.db)
}

/**
 * Up to `maxBatches` batches one after another (for the tests and the
 * e2e helper: synchronous). Counts batches and members delivered.
 */
export function deliverAnnouncements(
	now: Date,
	options: Parameters<typeof deliverAnnouncementBatch>[1] & { maxBatches?: number } = {},
) {
	let batches = 0
	let delivered = 0
	const limit = options.maxBatches ?? ANNOUNCEMENT_BATCHES_PER_RUN
	while (batches < limit) {
		const report = deliverAnnouncementBatch(now, options)
		if (!report) break
		batches++
		delivered += report.delivered
	}
	return { batches, delivered }
}

/**
 * The `announcement-delivery` job (server/scheduled-jobs.ts): up to
 * ANNOUNCEMENT_BATCHES_PER_RUN batches, in turns with rests between them
 * (app/utils/turns.server.ts) so the serving process keeps answering.
 */
export function runAnnouncementDelivery(now: Date) {
	let batches = 0
	let delivered = 0
	let idle = false
	const slots = Array.from({ length: ANNOUNCEMENT_BATCHES_PER_RUN }, (_, i) => i)
	return inTurns(
		slots,
		() => {
			if (idle) return
			const report = deliverAnnouncementBatch(now)
			if (!report) {
				idle = true
				return
			}
			batches++
			delivered += report.delivered
		},
		() => ({ batches, delivered }),
	)
}
