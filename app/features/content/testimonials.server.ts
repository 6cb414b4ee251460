import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { getDb, write, type Db } from '#db/client.server.ts'
import { testimonials, type SelectTestimonial } from '#db/schema.ts'
import { dateOrderProblem, dayEnd, dayStart, displayStatus, expiryDay, publishDay } from './lifecycle.ts'
import { consentProblem, TESTIMONIAL_MESSAGES, type TestimonialInput } from './schemas.ts'
import {
	ensureContentSamples,
	staffLifecycle,
	updateContent,
	tableLifecycle,
	type ContentKind,
} from './content.server.ts'
import type { PublicTestimonial, StaffTestimonial } from './responses.server.ts'

/**
 * Testimonials (issue 41 part 4, docs/decisions/062): staff write them on
 * /admin/content/testimonials and /api/admin/content/testimonials*, with the
 * consent the member gave (the day and how; required to save, checked again
 * to publish); visitors see the published, unexpired ones, in order, on the
 * landing's carousel and on the unlock page (/next-steps). Those pages are
 * cached per process: every write here bumps the `content` counter
 * (migration 0022's triggers), which the page cache compares on each request.
 */

export type { PublicTestimonial, StaffTestimonial }

/** The UTC day of an instant, `YYYY-MM-DD`. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10)

/** What the audit row keeps of a testimonial (its consent too: the record of it). */
function auditView(row: SelectTestimonial) {
	return {
		name: row.name,
		role: row.role,
		country: row.country,
		text: row.text,
		profit: row.profit,
		consentOn: row.consentOn,
		consentHow: row.consentHow,
		position: row.position,
		status: row.status,
		publishAt: row.publishAt,
		expiresAt: row.expiresAt,
		publishedAt: row.publishedAt,
		sample: row.sample,
	}
}

/** How the samples' consent reads (decision 062, Testimonials): they are not a real member's words. */
export const SAMPLE_CONSENT_HOW = 'Sample content of a fresh install (not a real member): no consent given'

/**
 * The sample testimonials a fresh install starts with: the three the landing
 * showed as constants before issue 41 (spec section 2: "Carousel has 3
 * testimonials"). Published, without expiry, consent recorded as sample.
 */
export const SAMPLE_TESTIMONIALS = [
	{
		name: 'Chidi Okafor',
		role: 'Software engineer',
		text: 'I had no time to watch charts. I picked two reviewed traders, split my capital with Risk Shield and check the live alerts over lunch.',
		profit: '+$1,240 in 3 months',
		country: 'Nigeria',
	},
	{
		name: 'Grace Mensah',
		role: 'Nurse',
		text: 'Starting with $50 let me learn without risking my savings. The academy and the risk warnings are honest about what can go wrong.',
		profit: '+$310 in 2 months',
		country: 'Ghana',
	},
	{
		name: 'James Mwangi',
		role: 'Small business owner',
		text: 'The zero performance fee offer was the reason I joined. Support answered on Telegram within minutes when I got stuck connecting my broker.',
		profit: '+$2,870 in 6 months',
		country: 'Kenya',
	},
] as const

/** A consent problem as the lifecycle's and the forms' refusal: 400 at its field. */
function consentFailure(problem: { field: string; message: string }) {
	return fail(400, problem.message, { fieldErrors: { [problem.field]: [problem.message] } })
}

export const TESTIMONIAL_KIND: ContentKind<SelectTestimonial> = {
	name: 'testimonial',
	notFound: TESTIMONIAL_MESSAGES.notFound,
	...tableLifecycle<SelectTestimonial>(testimonials),
	auditView,
	// The consent again at publishing (a row written around the model, or a consent day still ahead): 409.
	canPublish: (row, now) => {
		const problem = consentProblem(row, utcDay(now))
		return problem ? fail(409, `${TESTIMONIAL_MESSAGES.consentMissing}. ${problem.message}.`) : ok(true)
	},
	insertSamples: (tx, now) => {
		// No expiry (no sampleExpiry): the constants they replace never expired.
		return SAMPLE_TESTIMONIALS.map((t, i) => {
			tx.insert(testimonials)
				.values({
					...t,
					consentOn: utcDay(now),
					consentHow: SAMPLE_CONSENT_HOW,
					position: i + 1,
					status: 'published',
					publishedAt: now,
					sample: true,
					createdAt: now,
					updatedAt: now,
				})
				.run()
			return t.name
		})
	},
}

function toStaffTestimonial(row: SelectTestimonial, now: Date): StaffTestimonial {
	return {
		id: row.id,
		name: row.name,
		role: row.role,
		country: row.country,
		text: row.text,
		profit: row.profit,
		consentOn: row.consentOn,
		consentHow: row.consentHow,
		position: row.position,
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

/** Every testimonial in the landing's order (a handful of rows: not paged). */
export function listTestimonialsForStaff(now = new Date()): StaffTestimonial[] {
	return getDb()
		.select()
		.from(testimonials)
		.orderBy(asc(testimonials.position), asc(testimonials.id))
		.all()
		.map((row) => toStaffTestimonial(row, now))
}

/** One testimonial for staff, or null. */
export function getTestimonial(id: number, now = new Date()): StaffTestimonial | null {
	const row = getDb().select().from(testimonials).where(eq(testimonials.id, id)).get()
	return row ? toStaffTestimonial(row, now) : null
}

/** The counts by stored status (the /admin/content overview). */
export function countTestimonials(): Record<'total' | 'published' | 'sample', number> {
	const row = getDb()
		.select({
			total: sql<number>`count(*)`,
			published: sql<number>`coalesce(sum(${testimonials.status} = 'published'), 0)`,
			sample: sql<number>`coalesce(sum(${testimonials.sample}), 0)`,
		})
		.from(testimonials)
		.get()
	return { total: row?.total ?? 0, published: row?.published ?? 0, sample: row?.sample ?? 0 }
}

/**
 * What visitors see at `now`: published, not past its expiry (checked here,
 * not only by the scheduler), by position then oldest first.
 */
export function listPublicTestimonials(now = new Date(), db: Db = getDb()): PublicTestimonial[] {
	return db
		.select({
			name: testimonials.name,
			role: testimonials.role,
			country: testimonials.country,
			text: testimonials.text,
			profit: testimonials.profit,
		})
		.from(testimonials)
		.where(
			and(eq(testimonials.status, 'published'), or(isNull(testimonials.expiresAt), gt(testimonials.expiresAt, now))),
		)
		.orderBy(asc(testimonials.position), asc(testimonials.id))
		.all()
}

function instants(input: Pick<TestimonialInput, 'publishOn' | 'expiresOn'>) {
	return {
		publishAt: input.publishOn ? dayStart(input.publishOn) : null,
		expiresAt: input.expiresOn ? dayEnd(input.expiresOn) : null,
	}
}

function orderProblem(publishAt: Date | null, expiresAt: Date | null) {
	const message = dateOrderProblem(publishAt, expiresAt)
	return message ? fail(400, message, { fieldErrors: { expiresOn: [message] } }) : null
}

/**
 * Adds a testimonial as a draft (testimonial.create). No consent, a consent
 * day after today or misordered days: 400 at the field, nothing stored.
 */
export function createTestimonial(
	admin: AuditActor,
	input: TestimonialInput,
	now = new Date(),
): Result<StaffTestimonial> {
	const { publishAt, expiresAt } = instants(input)
	const consent = consentProblem(input, utcDay(now))
	if (consent) return consentFailure(consent)
	const order = orderProblem(publishAt, expiresAt)
	if (order) return order
	const created = write((tx) => {
		const row = tx
			.insert(testimonials)
			.values({
				name: input.name,
				role: input.role,
				country: input.country,
				text: input.text,
				profit: input.profit,
				consentOn: input.consentOn,
				consentHow: input.consentHow,
				position: input.position,
				publishAt,
				expiresAt,
				status: 'draft',
				createdAt: now,
				updatedAt: now,
			})
			.returning()
			.get()
		return recordCreation(
			tx,
			{ admin, action: 'testimonial.create', targetType: 'testimonial', after: auditView },
			row,
			now,
		)
	})
	log('admin.testimonial_created', { adminId: admin.id, testimonialId: created.id })
	return ok(toStaffTestimonial(created, now))
}

/**
 * Edits a testimonial's fields (any status; the status stays: decision 062),
 * audited as testimonial.update with before and after. The consent and the
 * days are checked as they will be stored (the given ones over the stored).
 */
export function updateTestimonial(
	admin: AuditActor,
	id: number,
	input: Partial<TestimonialInput>,
	now = new Date(),
): Result<StaffTestimonial> {
	const result = write((tx): Result<SelectTestimonial> => {
		const before = TESTIMONIAL_KIND.get(tx, id)
		if (!before) return fail(404, TESTIMONIAL_MESSAGES.notFound)
		const set: Partial<SelectTestimonial> = {}
		for (const key of ['name', 'role', 'country', 'text', 'profit', 'consentOn', 'consentHow', 'position'] as const)
			if (input[key] !== undefined) Object.assign(set, { [key]: input[key] })
		if (input.publishOn !== undefined) set.publishAt = input.publishOn ? dayStart(input.publishOn) : null
		if (input.expiresOn !== undefined) set.expiresAt = input.expiresOn ? dayEnd(input.expiresOn) : null
		const consent = consentProblem(
			{ consentOn: set.consentOn ?? before.consentOn, consentHow: set.consentHow ?? before.consentHow },
			utcDay(now),
		)
		if (consent) return consentFailure(consent)
		const problem = orderProblem(
			set.publishAt === undefined ? before.publishAt : set.publishAt,
			set.expiresAt === undefined ? before.expiresAt : set.expiresAt,
		)
		if (problem) return problem
		return ok(updateContent(tx, TESTIMONIAL_KIND, admin, before, set, now))
	})
	if (!result.ok) return result
	log('admin.testimonial_updated', { adminId: admin.id, testimonialId: id })
	return ok(toStaffTestimonial(result.value, now))
}

const lifecycle = staffLifecycle(TESTIMONIAL_KIND, getTestimonial, toStaffTestimonial)

/** Publishes a testimonial (or schedules it) after checking its consent; see publishContent. */
export const publishTestimonial = lifecycle.publish

/** Unpublishes a testimonial: back to draft. */
export const unpublishTestimonial = lifecycle.unpublish

/** Deletes a testimonial (super admins: the callers check content:delete); answers what it was. */
export const deleteTestimonial = lifecycle.remove

/** Seeds the sample testimonials once (db/seed.ts). */
export function ensureSampleTestimonials(now = new Date()) {
	return ensureContentSamples(TESTIMONIAL_KIND, now)
}

/** The preview of a form's input as the landing's card shows it (nothing stored). */
export function previewTestimonial(input: TestimonialInput): PublicTestimonial {
	return { name: input.name, role: input.role, country: input.country, text: input.text, profit: input.profit }
}
