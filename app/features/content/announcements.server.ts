import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, max, or, sql, type SQL } from 'drizzle-orm'
import { recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { notificationMail, notifyInboxes, paragraphs } from '#app/features/notifications/notifications.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { deliverMail, escapeHtml, sendMail, type Mail } from '#app/utils/mail.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { runJobSoon } from '#app/utils/scheduler.server.ts'
import { REST_FACTOR } from '#app/utils/turns.server.ts'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { announcements, notificationPreferences, users, type SelectAnnouncement } from '#db/schema.ts'
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
/**
 * How long one run of the job goes on (far below the scheduler's 5-minute
 * lease); the next run, due 15 s after this one started, goes on from the
 * cursors.
 */
export const ANNOUNCEMENT_RUN_MS = 2 * 60_000
/** Mails claimed at a time (the mail cursor moves before they are sent). */
export const ANNOUNCEMENT_MAIL_CHUNK = 10

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
	// Unpublished after every inbox had it but before the last mail: publishing again sends the remaining mails.
	canPublish: (row) => (row.deliveryFinishedAt && row.mailsFinishedAt ? fail(409, ALREADY_SENT) : ok(true)),
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
		mailedCount: row.mailedCount,
		mailsFinishedAt: row.mailsFinishedAt ? row.mailsFinishedAt.toISOString() : null,
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

/** The scheduler's job that sends published announcements (server/scheduled-jobs.ts). */
export const ANNOUNCEMENT_DELIVERY_JOB = 'announcement-delivery'

/**
 * Publishes: sending starts at once, by the scheduler's job made due now
 * (or on its publish day: scheduled).
 */
export function publishAnnouncement(admin: AuditActor, id: number, now = new Date()) {
	const result = lifecycle.publish(admin, id, now)
	if (result.ok && result.value.status === 'published') runJobSoon(ANNOUNCEMENT_DELIVERY_JOB, now)
	return result
}

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

/** The oldest published announcement with work of this kind left (of `ids` when given), or undefined. */
function oldestPublished(tx: Tx, due: SQL | undefined, ids?: readonly number[]) {
	return tx
		.select()
		.from(announcements)
		.where(and(eq(announcements.status, 'published'), due, ids ? inArray(announcements.id, [...ids]) : undefined))
		.orderBy(asc(announcements.id))
		.limit(1)
		.get()
}

export type BatchReport = { announcementId: number; delivered: number; finished: boolean }

/**
 * One batch of the delivery, in one transaction: the oldest published
 * announcement whose sending is not finished (of `ids` when given) gets
 * its next `batchSize` members by id after its cursor (up to the
 * audience's highest id when sending started), an inbox notification each
 * (one insert for the batch); the cursor and the sent count move. The
 * mails follow (`claimAnnouncementMails`). The first batch counts the
 * audience. Null when there is nothing to send.
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
		let row = oldestPublished(tx, isNull(announcements.deliveryFinishedAt), options.ids)
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
		const { title, body } = row
		notifyInboxes(
			tx,
			members.map((member) => ({ userId: member.id, kind: 'announcement' as const, title, body })),
			now,
		)
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
 * e2e helper: synchronous; inboxes only, the mails are `mailAnnouncements`).
 * Counts batches and members delivered.
 */
export function deliverAnnouncements(
	now: Date,
	options: Parameters<typeof deliverAnnouncementBatch>[1] & { maxBatches?: number } = {},
) {
	let batches = 0
	let delivered = 0
	const limit = options.maxBatches ?? Number.POSITIVE_INFINITY
	while (batches < limit) {
		const report = deliverAnnouncementBatch(now, options)
		if (!report) break
		batches++
		delivered += report.delivered
	}
	return { batches, delivered }
}

export type MailChunk = {
	announcementId: number
	/** The mail cursor before the claim, and after it. */
	from: number
	to: number
	mails: Array<{ userId: number; mail: Mail }>
	finished: boolean
}

/**
 * The next mails of the oldest published announcement whose mails are not
 * finished, claimed in one transaction: its members after the mail cursor
 * up to the inbox cursor (they have it in their inbox already), at most
 * `chunkSize`, of whom those who allow announcement mails (no preference
 * row: on) get one. The cursor moves before they are sent, so two
 * processes never mail one member and a process that dies mid-chunk loses
 * at most that chunk's mails (never sends one twice). The chunk after the
 * last member sets `mails_finished_at`. Null when no mail is due.
 */
export function claimAnnouncementMails(
	now: Date,
	options: Pick<NonNullable<Parameters<typeof deliverAnnouncementBatch>[1]>, 'db' | 'ids' | 'members'> & {
		chunkSize?: number
	} = {},
): MailChunk | null {
	const chunkSize = options.chunkSize ?? ANNOUNCEMENT_MAIL_CHUNK
	return write((tx): MailChunk | null => {
		const row = oldestPublished(
			tx,
			and(
				isNull(announcements.mailsFinishedAt),
				or(lt(announcements.mailCursor, announcements.cursor), isNotNull(announcements.deliveryFinishedAt)),
			),
			options.ids,
		)
		if (!row) return null
		const members =
			row.mailCursor < row.cursor
				? tx
						.select({ id: users.id, email: users.email, wants: notificationPreferences.email })
						.from(users)
						.leftJoin(
							notificationPreferences,
							and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, 'announcement')),
						)
						.where(
							and(
								gt(users.id, row.mailCursor),
								lte(users.id, row.cursor),
								audienceWhere(row.audience, options.members),
							),
						)
						.orderBy(asc(users.id))
						.limit(chunkSize)
						.all()
				: []
		// Fewer than a chunk: no audience member is left up to the inbox cursor.
		const mailCursor = members.length < chunkSize ? row.cursor : members[members.length - 1]!.id
		const finished = row.deliveryFinishedAt !== null && mailCursor >= row.cursor
		tx.update(announcements)
			.set({ mailCursor, ...(finished ? { mailsFinishedAt: now } : {}) })
			.where(eq(announcements.id, row.id))
			.run()
		const { title, body } = row
		const mails = members
			.filter((member) => member.wants !== false)
			.map((member) => ({
				userId: member.id,
				mail: notificationMail(member.email, { userId: member.id, kind: 'announcement', title, body }),
			}))
		return { announcementId: row.id, from: row.mailCursor, to: mailCursor, mails, finished }
	}, options.db)
}

/**
 * Sends a claimed chunk's mails one after another, at most `perSecond`
 * (ANNOUNCEMENT_MAILS_PER_SECOND), and adds the ones the mail server took
 * to the announcement's `mailed_count`. A mail the server refuses for good
 * (SMTP 5xx) is passed over; when the mail server is unavailable (no
 * connection, a 4xx), the sending stops and the mail cursor goes back to
 * just before that member (`stopped`): the next run tries again from there.
 */
export async function sendAnnouncementMails(chunk: MailChunk, options: { db?: Db; perSecond?: number } = {}) {
	const perSecond = options.perSecond ?? getEnv().announcementMailsPerSecond
	const started = performance.now()
	let mailed = 0
	let stoppedAt: number | null = null
	for (const [i, { userId, mail }] of chunk.mails.entries()) {
		const outcome = await deliverMail(mail)
		if (outcome === 'sent') mailed++
		if (outcome === 'unavailable') {
			stoppedAt = i === 0 ? chunk.from : chunk.mails[i - 1]!.userId
			log('announcement.mails_paused', { announcementId: chunk.announcementId, userId }, 'warn')
			break
		}
		const due = started + ((i + 1) * 1000) / perSecond - performance.now()
		if (due > 0) await new Promise((resolve) => setTimeout(resolve, due))
	}
	write((tx) => {
		if (mailed > 0)
			tx.update(announcements)
				.set({ mailedCount: sql`${announcements.mailedCount} + ${mailed}` })
				.where(eq(announcements.id, chunk.announcementId))
				.run()
		// Back to just before the member whose mail could not go, unless the cursor moved on meanwhile.
		if (stoppedAt !== null)
			tx.update(announcements)
				.set({ mailCursor: stoppedAt, mailsFinishedAt: null })
				.where(and(eq(announcements.id, chunk.announcementId), eq(announcements.mailCursor, chunk.to)))
				.run()
	}, options.db)
	if (chunk.finished && stoppedAt === null) log('announcement.mails_finished', { announcementId: chunk.announcementId })
	return { mailed, stopped: stoppedAt !== null }
}

/**
 * Every mail that is due, chunk after chunk, until none is left or the mail
 * server is unavailable (the tests and the e2e helper; the job's run does
 * the same between inbox batches). Answers the mails sent.
 */
export async function mailAnnouncements(
	now: Date,
	options: Parameters<typeof claimAnnouncementMails>[1] & { perSecond?: number } = {},
) {
	let mailed = 0
	for (let chunk = claimAnnouncementMails(now, options); chunk; chunk = claimAnnouncementMails(now, options)) {
		const sent = await sendAnnouncementMails(chunk, options)
		mailed += sent.mailed
		if (sent.stopped) break
	}
	return mailed
}

/** Whether an announcement has inbox batches or mails left (the job's cheap first look). */
function deliveryDue() {
	return (
		getDb()
			.select({ id: announcements.id })
			.from(announcements)
			.where(
				and(
					eq(announcements.status, 'published'),
					or(isNull(announcements.deliveryFinishedAt), isNull(announcements.mailsFinishedAt)),
				),
			)
			.limit(1)
			.get() !== undefined
	)
}

/**
 * The `announcement-delivery` job (server/scheduled-jobs.ts): inbox
 * batches first, each followed by a rest twice as long as it took (so the
 * serving process keeps answering), then the mails at their steady rate,
 * for up to ANNOUNCEMENT_RUN_MS; the next run goes on where it stopped.
 * Times written (`delivery_finished_at`, `mails_finished_at`) are the
 * run's clock moved on by the time the run has taken.
 */
export function runAnnouncementDelivery(now: Date) {
	const totals = { batches: 0, delivered: 0, mailed: 0 }
	if (!deliveryDue()) return totals
	const started = performance.now()
	const at = () => new Date(now.getTime() + Math.round(performance.now() - started))
	return (async () => {
		while (performance.now() - started < ANNOUNCEMENT_RUN_MS) {
			const batchStarted = performance.now()
			const report = deliverAnnouncementBatch(at())
			if (report) {
				totals.batches++
				totals.delivered += report.delivered
				const rest = Math.ceil((performance.now() - batchStarted) * REST_FACTOR)
				await new Promise((resolve) => setTimeout(resolve, rest))
				continue
			}
			const chunk = claimAnnouncementMails(at())
			if (!chunk) break
			const sent = await sendAnnouncementMails(chunk)
			totals.mailed += sent.mailed
			// The mail server is unavailable: the next run tries again.
			if (sent.stopped) break
		}
		return totals
	})()
}
