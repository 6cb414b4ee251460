import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { getDb, write, type Tx } from '#db/client.server.ts'
import { brokers, promotions, type SelectPromotion } from '#db/schema.ts'
import { dateOrderProblem, dayEnd, dayStart, displayStatus, expiryDay, publishDay } from './lifecycle.ts'
import { CONTENT_MESSAGES, PROMOTION_MESSAGES, type PromotionInput } from './schemas.ts'
import {
	ensureContentSamples,
	sampleExpiry,
	staffLifecycle,
	updateContent,
	tableLifecycle,
	type ContentKind,
	readBack,
} from './content.server.ts'
import type { MemberPromotion, StaffPromotion } from './responses.server.ts'

/**
 * Promotions (issue 41 part 1, docs/decisions/062): staff write them on
 * /admin/content/promotions and /api/admin/content/promotions*, members see
 * the published, unexpired ones (whose broker, if any, is active) on the
 * dashboard's Active Promotions and in GET /api/member/overview.
 */

export type { MemberPromotion, StaffPromotion }

/** What the audit row keeps of a promotion. */
function auditView(row: SelectPromotion) {
	return {
		code: row.code,
		description: row.description,
		brokerId: row.brokerId,
		status: row.status,
		publishAt: row.publishAt,
		expiresAt: row.expiresAt,
		publishedAt: row.publishedAt,
		sample: row.sample,
	}
}

/**
 * The sample promotions a fresh install starts with: the codes and words
 * the dashboard showed as constants before issue 41. Their expiry is
 * counted from the seed day (decision 062), so they are showing.
 */
const SAMPLE_PROMOTIONS = [
	{
		code: 'WELCOME100',
		description: '100% deposit bonus on your first deposit with a partner broker',
		expiresInDays: 25,
	},
	{ code: 'SPLIT50', description: 'Risk Shield: split your capital across 2 traders from $50', expiresInDays: 9 },
	{ code: 'ZEROFEE', description: '0% performance fee for your first month on selected traders', expiresInDays: 56 },
] as const

export const PROMOTION_KIND: ContentKind<SelectPromotion> = {
	name: 'promotion',
	notFound: PROMOTION_MESSAGES.notFound,
	...tableLifecycle<SelectPromotion>(promotions),
	auditView,
	insertSamples: (tx, now) => {
		return SAMPLE_PROMOTIONS.map(({ code, description, expiresInDays }) => {
			const expiresAt = sampleExpiry(now, expiresInDays)
			tx.insert(promotions)
				.values({
					code,
					description,
					brokerId: null,
					status: 'published',
					publishedAt: now,
					expiresAt,
					sample: true,
					createdAt: now,
					updatedAt: now,
				})
				.run()
			return code
		})
	},
}

type BrokerRef = { id: number; name: string; slug: string; active: boolean }

function brokerRefs(ids: Array<number | null>): Map<number, BrokerRef> {
	const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
	if (wanted.length === 0) return new Map()
	return new Map(
		getDb()
			.select({ id: brokers.id, name: brokers.name, slug: brokers.slug, active: brokers.active })
			.from(brokers)
			.where(inArray(brokers.id, wanted))
			.all()
			.map((b) => [b.id, b]),
	)
}

function toStaffPromotion(row: SelectPromotion, broker: BrokerRef | undefined, now: Date): StaffPromotion {
	return {
		id: row.id,
		code: row.code,
		description: row.description,
		broker: broker ? { id: broker.id, name: broker.name, slug: broker.slug, active: broker.active } : null,
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

/** Every promotion, newest first (a handful of rows: not paged). */
export function listPromotionsForStaff(now = new Date()): StaffPromotion[] {
	const rows = getDb().select().from(promotions).orderBy(desc(promotions.id)).all()
	const refs = brokerRefs(rows.map((r) => r.brokerId))
	return rows.map((row) => toStaffPromotion(row, row.brokerId === null ? undefined : refs.get(row.brokerId), now))
}

/** One promotion for staff, or null. */
export function getPromotion(id: number, now = new Date()): StaffPromotion | null {
	const row = getDb().select().from(promotions).where(eq(promotions.id, id)).get()
	if (!row) return null
	return toStaffPromotion(row, row.brokerId === null ? undefined : brokerRefs([row.brokerId]).get(row.brokerId), now)
}

/** The counts by stored status (the /admin/content overview). */
export function countPromotions(): Record<'total' | 'published' | 'sample', number> {
	const row = getDb()
		.select({
			total: sql<number>`count(*)`,
			published: sql<number>`coalesce(sum(${promotions.status} = 'published'), 0)`,
			sample: sql<number>`coalesce(sum(${promotions.sample}), 0)`,
		})
		.from(promotions)
		.get()
	return { total: row?.total ?? 0, published: row?.published ?? 0, sample: row?.sample ?? 0 }
}

/** Every broker for the form's choice, by name. */
export function listBrokerChoices() {
	return getDb()
		.select({ id: brokers.id, name: brokers.name, active: brokers.active })
		.from(brokers)
		.orderBy(asc(brokers.name), asc(brokers.id))
		.all()
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** A day `YYYY-MM-DD` as members read it: "Dec 31, 2026". */
export function formatDay(day: string) {
	return dateFormat.format(dayStart(day))
}

/**
 * What members see at `now`: published, not past its expiry (checked here,
 * not only by the scheduler), broker none or active; soonest expiry first,
 * those without one last.
 */
export function listMemberPromotions(now = new Date()): MemberPromotion[] {
	return getDb()
		.select({
			code: promotions.code,
			description: promotions.description,
			expiresAt: promotions.expiresAt,
			broker: brokers.name,
		})
		.from(promotions)
		.leftJoin(brokers, eq(brokers.id, promotions.brokerId))
		.where(
			and(
				eq(promotions.status, 'published'),
				or(isNull(promotions.expiresAt), gt(promotions.expiresAt, now)),
				or(isNull(promotions.brokerId), eq(brokers.active, true)),
			),
		)
		.orderBy(sql`${promotions.expiresAt} is null`, asc(promotions.expiresAt), asc(promotions.id))
		.all()
		.map((r) => {
			const expiresOn = expiryDay(r.expiresAt)
			return {
				code: r.code,
				description: r.description,
				broker: r.broker ?? null,
				expiresOn,
				expires: expiresOn ? formatDay(expiresOn) : null,
			}
		})
}

/** The stored instants of an input's days. */
function instants(input: Pick<PromotionInput, 'publishOn' | 'expiresOn'>) {
	return {
		publishAt: input.publishOn ? dayStart(input.publishOn) : null,
		expiresAt: input.expiresOn ? dayEnd(input.expiresOn) : null,
	}
}

function brokerProblem(tx: Tx, brokerId: number | null | undefined) {
	if (brokerId === null || brokerId === undefined) return null
	const found = tx.select({ id: brokers.id }).from(brokers).where(eq(brokers.id, brokerId)).get()
	return found
		? null
		: fail(400, PROMOTION_MESSAGES.brokerInvalid, { fieldErrors: { brokerId: [PROMOTION_MESSAGES.brokerInvalid] } })
}

function orderProblem(publishAt: Date | null, expiresAt: Date | null) {
	const message = dateOrderProblem(publishAt, expiresAt)
	return message ? fail(400, message, { fieldErrors: { expiresOn: [message] } }) : null
}

/** Adds a promotion as a draft (promotion.create); an unknown broker or misordered days: 400 at the field. */
export function createPromotion(admin: AuditActor, input: PromotionInput, now = new Date()): Result<StaffPromotion> {
	const { publishAt, expiresAt } = instants(input)
	const result = write((tx): Result<SelectPromotion> => {
		const problem = brokerProblem(tx, input.brokerId) ?? orderProblem(publishAt, expiresAt)
		if (problem) return problem
		const created = tx
			.insert(promotions)
			.values({
				code: input.code,
				description: input.description,
				brokerId: input.brokerId,
				publishAt,
				expiresAt,
				status: 'draft',
				createdAt: now,
				updatedAt: now,
			})
			.returning()
			.get()
		return ok(
			recordCreation(
				tx,
				{ admin, action: 'promotion.create', targetType: 'promotion', after: auditView },
				created,
				now,
			),
		)
	})
	if (!result.ok) return result
	log('admin.promotion_created', { adminId: admin.id, promotionId: result.value.id })
	return readBack(getPromotion(result.value.id, now), PROMOTION_MESSAGES.notFound)
}

/**
 * Edits a promotion's fields (any status; the status stays: decision 062),
 * audited as promotion.update with before and after. The days are checked
 * against the stored ones they are not changing.
 */
export function updatePromotion(
	admin: AuditActor,
	id: number,
	input: Partial<PromotionInput>,
	now = new Date(),
): Result<StaffPromotion> {
	const result = write((tx): Result<SelectPromotion> => {
		const before = PROMOTION_KIND.get(tx, id)
		if (!before) return fail(404, PROMOTION_MESSAGES.notFound)
		const set: Partial<SelectPromotion> = {}
		if (input.code !== undefined) set.code = input.code
		if (input.description !== undefined) set.description = input.description
		if (input.brokerId !== undefined) set.brokerId = input.brokerId
		if (input.publishOn !== undefined) set.publishAt = input.publishOn ? dayStart(input.publishOn) : null
		if (input.expiresOn !== undefined) set.expiresAt = input.expiresOn ? dayEnd(input.expiresOn) : null
		const problem =
			brokerProblem(tx, input.brokerId) ??
			orderProblem(
				set.publishAt === undefined ? before.publishAt : set.publishAt,
				set.expiresAt === undefined ? before.expiresAt : set.expiresAt,
			)
		if (problem) return problem
		return ok(updateContent(tx, PROMOTION_KIND, admin, before, set, now))
	})
	if (!result.ok) return result
	log('admin.promotion_updated', { adminId: admin.id, promotionId: id })
	return readBack(getPromotion(id, now), PROMOTION_MESSAGES.notFound)
}

const lifecycle = staffLifecycle(PROMOTION_KIND, getPromotion, (row, now) => toStaffPromotion(row, undefined, now))

/** Publishes a promotion (or schedules it); see publishContent. */
export const publishPromotion = lifecycle.publish

/** Unpublishes a promotion: back to draft. */
export const unpublishPromotion = lifecycle.unpublish

/** Deletes a promotion (super admins: the callers check content:delete); answers what it was. */
export const deletePromotion = lifecycle.remove

/** Seeds the sample promotions once (db/seed.ts). */
export function ensureSamplePromotions(now = new Date()) {
	return ensureContentSamples(PROMOTION_KIND, now)
}

/** The preview of a form's input as members will see it (nothing stored). */
export function previewPromotion(input: PromotionInput): MemberPromotion {
	const broker =
		input.brokerId === null
			? null
			: (getDb().select({ name: brokers.name }).from(brokers).where(eq(brokers.id, input.brokerId)).get()?.name ?? null)
	return {
		code: input.code,
		description: input.description,
		broker,
		expiresOn: input.expiresOn,
		expires: input.expiresOn ? formatDay(input.expiresOn) : null,
	}
}

export { CONTENT_MESSAGES }
