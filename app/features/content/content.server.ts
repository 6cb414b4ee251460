import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { recordAudit, recordChange, SYSTEM_ACTOR, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { write, type Db, type Tx } from '#db/client.server.ts'
import { auditLog } from '#db/schema.ts'
import type { ContentStatus } from '#app/domain/enums.ts'
import {
	publishTransition,
	scheduledTransition,
	unpublishTransition,
	type LifecycleRow,
	type Transition,
} from './lifecycle.ts'
import { DAY_MS, dayStart } from './lifecycle.ts'

/**
 * The server half of the content lifecycle (issue 41, docs/decisions/062):
 * publish, unpublish, delete and the scheduler's pass, each in one immediate
 * transaction with its audit row (before and after). A kind of content
 * (promotions and offers; later lessons, testimonials, announcements)
 * describes itself as a ContentKind: its audit name, its messages and the
 * few reads and writes on its own table; its create and edit are its own.
 */

export type ContentRow = LifecycleRow & { id: number; publishedAt: Date | null; sample: boolean }

export type LifecycleSet = { status: ContentStatus; publishedAt?: Date; updatedAt: Date }

export type ContentKind<Row extends ContentRow> = {
	/** The audit's target type and the prefix of its actions ("promotion" → promotion.publish). */
	name: string
	notFound: string
	get: (tx: Tx, id: number) => Row | undefined
	setLifecycle: (tx: Tx, id: number, set: LifecycleSet) => Row
	/** An edit's fields written, the row answered. */
	update: (tx: Tx, id: number, set: Partial<Row>) => Row
	remove: (tx: Tx, id: number) => void
	/** Rows the scheduler may have work on at `now` (scheduled or published, due by a date). */
	due: (tx: Tx, now: Date) => Row[]
	/** What the audit row keeps of a row. */
	auditView: (row: Row) => object
	/** Inserts the kind's sample rows (a fresh install); returns what the seed's audit row keeps. */
	insertSamples?: (tx: Tx, now: Date) => unknown[]
	/** A kind's own condition to publish (a testimonial's consent, say), checked in the transaction. */
	canPublish?: (row: Row, now: Date) => Result<true>
}

/** A content kind's table: the lifecycle's columns (db/schema.ts). */
type LifecycleTable = SQLiteTable & {
	id: SQLiteColumn
	status: SQLiteColumn
	publishAt: SQLiteColumn
	expiresAt: SQLiteColumn
}

/** The reads and writes a ContentKind makes on its own table, the same for every kind's table. */
export function tableLifecycle<Row extends ContentRow>(
	table: LifecycleTable,
): Pick<ContentKind<Row>, 'get' | 'setLifecycle' | 'update' | 'remove' | 'due'> {
	const update = (tx: Tx, id: number, set: object) =>
		tx.update(table).set(set).where(eq(table.id, id)).returning().get() as Row
	return {
		get: (tx, id) => tx.select().from(table).where(eq(table.id, id)).get() as Row | undefined,
		setLifecycle: update,
		update,
		remove: (tx, id) => {
			tx.delete(table).where(eq(table.id, id)).run()
		},
		due: (tx, now) =>
			tx
				.select()
				.from(table)
				.where(
					or(
						and(inArray(table.status, ['scheduled', 'published']), lte(table.expiresAt, now)),
						and(eq(table.status, 'scheduled'), or(isNull(table.publishAt), lte(table.publishAt, now))),
					),
				)
				.all() as Row[],
	}
}

/**
 * An edit's write, the same for every kind, inside the caller's transaction
 * after its own checks: the fields set (updatedAt now), audited as
 * `<kind>.update` with before and after. Answers the row after.
 */
export function updateContent<Row extends ContentRow>(
	tx: Tx,
	kind: ContentKind<Row>,
	admin: AuditActor,
	before: Row,
	set: Partial<Row>,
	now: Date,
) {
	const after = kind.update(tx, before.id, { ...set, updatedAt: now })
	const entry = { admin, action: `${kind.name}.update`, targetType: kind.name, view: kind.auditView }
	return recordChange(tx, entry, before, after, now)
}

/** A sample's expiry: valid through the day `days` after the seed day (UTC). */
export function sampleExpiry(now: Date, days: number) {
	return new Date(dayStart(now.toISOString().slice(0, 10)).getTime() + (days + 1) * DAY_MS)
}

// The form's error on the page's Publish button, the message on the API (no field: that form has none).
function refused(transition: Extract<Transition, { ok: false }>) {
	return fail(transition.status, transition.message)
}

function changeLifecycle<Row extends ContentRow>(
	admin: AuditActor,
	kind: ContentKind<Row>,
	id: number,
	verb: 'publish' | 'unpublish',
	now: Date,
): Result<Row> {
	const result = write((tx): Result<Row> => {
		const before = kind.get(tx, id)
		if (!before) return fail(404, kind.notFound)
		if (verb === 'publish' && kind.canPublish) {
			const allowed = kind.canPublish(before, now)
			if (!allowed.ok) return allowed
		}
		const transition = verb === 'publish' ? publishTransition(before, now) : unpublishTransition(before)
		if (!transition.ok) return refused(transition)
		const after = kind.setLifecycle(tx, id, {
			status: transition.status,
			...(transition.publishedAt ? { publishedAt: transition.publishedAt } : {}),
			updatedAt: now,
		})
		return ok(
			recordChange(
				tx,
				{ admin, action: `${kind.name}.${verb}`, targetType: kind.name, view: kind.auditView },
				before,
				after,
				now,
			),
		)
	})
	if (result.ok) log(`admin.content_${verb}`, { adminId: admin.id, kind: kind.name, id, status: result.value.status })
	return result
}

/** Publishes: published now, or scheduled when its publish date is ahead; 409 when published, scheduled or past its expiry. */
export function publishContent<Row extends ContentRow>(
	admin: AuditActor,
	kind: ContentKind<Row>,
	id: number,
	now = new Date(),
) {
	return changeLifecycle(admin, kind, id, 'publish', now)
}

/** Unpublishes: back to draft, members stop seeing it at once; 409 for a draft. */
export function unpublishContent<Row extends ContentRow>(
	admin: AuditActor,
	kind: ContentKind<Row>,
	id: number,
	now = new Date(),
) {
	return changeLifecycle(admin, kind, id, 'unpublish', now)
}

/** Deletes a row for good (callers check `content:delete`); the audit row keeps it as `before`. */
export function deleteContent<Row extends ContentRow>(
	admin: AuditActor,
	kind: ContentKind<Row>,
	id: number,
	now = new Date(),
): Result<Row> {
	const result = write((tx): Result<Row> => {
		const before = kind.get(tx, id)
		if (!before) return fail(404, kind.notFound)
		kind.remove(tx, id)
		recordAudit(
			tx,
			{
				admin,
				action: `${kind.name}.delete`,
				targetType: kind.name,
				targetId: id,
				before: kind.auditView(before),
				after: null,
			},
			now,
		)
		return ok(before)
	})
	if (result.ok) log('admin.content_delete', { adminId: admin.id, kind: kind.name, id })
	return result
}

/** The staff view after a write; 404 with the kind's message when another process deleted the row in between. */
export function readBack<T>(view: T | null, notFound: string): Result<T> {
	return view ? ok(view) : fail(404, notFound)
}

/**
 * Publish, unpublish and delete of one kind, answering the staff view
 * `get` reads after the change (a deleted row: the view read before it, or
 * `gone` of the row the delete answered).
 */
export function staffLifecycle<Row extends ContentRow, Staff>(
	kind: ContentKind<Row>,
	get: (id: number, now: Date) => Staff | null,
	gone: (row: Row, now: Date) => Staff,
) {
	const reread = (result: Result<Row>, now: Date): Result<Staff> =>
		result.ok ? ok(get(result.value.id, now) ?? gone(result.value, now)) : result
	return {
		publish: (admin: AuditActor, id: number, now = new Date()) => reread(publishContent(admin, kind, id, now), now),
		unpublish: (admin: AuditActor, id: number, now = new Date()) => reread(unpublishContent(admin, kind, id, now), now),
		remove: (admin: AuditActor, id: number, now = new Date()): Result<Staff> => {
			const before = get(id, now)
			const result = deleteContent(admin, kind, id, now)
			return result.ok ? ok(before ?? gone(result.value, now)) : result
		},
	}
}

/**
 * The scheduler's pass over one kind at `now`: publishes the scheduled rows
 * whose day has come and expires those past their expiry, one transaction
 * and one audit row (`<kind>.publish` / `<kind>.expire`, by the system)
 * each. Run twice at one moment, the second finds nothing.
 */
export function runKindSchedule<Row extends ContentRow>(
	kind: ContentKind<Row>,
	now: Date,
	db?: Db,
	/** Only these rows (a test's own, with its injected clock); every due row when left out. */
	ids?: readonly number[],
) {
	let published = 0
	let expired = 0
	const candidates = write((tx) => kind.due(tx, now).map((row) => row.id), db).filter(
		(id) => ids === undefined || ids.includes(id),
	)
	for (const id of candidates) {
		const verb = write((tx) => {
			const before = kind.get(tx, id)
			if (!before) return null
			const next = scheduledTransition(before, now)
			if (!next) return null
			const after = kind.setLifecycle(tx, id, { ...next, updatedAt: now })
			const action = next.status === 'expired' ? 'expire' : 'publish'
			recordChange(
				tx,
				{ admin: SYSTEM_ACTOR, action: `${kind.name}.${action}`, targetType: kind.name, view: kind.auditView },
				before,
				after,
				now,
			)
			return action
		}, db)
		if (verb === 'publish') published++
		if (verb === 'expire') expired++
	}
	return { published, expired }
}

/**
 * Seeds a kind's sample rows once (a fresh install, or the first start after
 * the kind moved from constants to a table): the system's audit row
 * `<kind>.samples-seed` marks it done, so deleted samples never come back.
 * Returns how many were seeded.
 */
export function ensureContentSamples<Row extends ContentRow>(kind: ContentKind<Row>, now = new Date(), db?: Db) {
	const insert = kind.insertSamples
	if (!insert) return 0
	return write((tx) => {
		const action = `${kind.name}.samples-seed`
		const done = tx
			.select({ id: auditLog.id })
			.from(auditLog)
			.where(and(eq(auditLog.action, action), eq(auditLog.targetType, kind.name)))
			.limit(1)
			.get()
		if (done) return 0
		const seeded = insert(tx, now)
		recordAudit(
			tx,
			{
				admin: SYSTEM_ACTOR,
				action,
				targetType: kind.name,
				targetId: 'samples',
				before: null,
				after: { samples: seeded },
			},
			now,
		)
		return seeded.length
	}, db)
}
