import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, testimonials } from '#db/schema.ts'
import { dataVersion } from '#app/utils/data-version.server.ts'
import { insertAdmin } from '#tests/factories.ts'
import { consentProblem, TESTIMONIAL_MESSAGES, TestimonialCreateApiSchema, type TestimonialInput } from './schemas.ts'
import {
	createTestimonial,
	deleteTestimonial,
	ensureSampleTestimonials,
	getTestimonial,
	listPublicTestimonials,
	listTestimonialsForStaff,
	publishTestimonial,
	SAMPLE_CONSENT_HOW,
	SAMPLE_TESTIMONIALS,
	unpublishTestimonial,
	updateTestimonial,
} from './testimonials.server.ts'
import { runContentSchedule } from './kinds.server.ts'

const at = (iso: string) => new Date(iso)

function actor() {
	const admin = insertAdmin({ role: 'admin' })
	return { id: admin.id, email: admin.email }
}

let counter = 0
function input(overrides: Partial<TestimonialInput> = {}): TestimonialInput {
	counter++
	return {
		name: `Ada Eze ${counter}`,
		role: 'Teacher',
		country: 'Nigeria',
		text: 'Copying two reviewed traders taught me more than a year of charts.',
		profit: '+$2,340',
		consentOn: '2026-11-02',
		consentHow: 'Signed release form, emailed 2026-11-02',
		position: 10,
		publishOn: null,
		expiresOn: null,
		...overrides,
	}
}

function auditOf(id: number) {
	return getDb()
		.select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
		.from(auditLog)
		.where(and(eq(auditLog.targetType, 'testimonial'), eq(auditLog.targetId, String(id))))
		.orderBy(auditLog.id)
		.all()
}

const shown = (now: Date) => listPublicTestimonials(now).map((t) => t.name)

describe('testimonial consent', () => {
	test.each([
		[{ consentOn: '', consentHow: 'Form' }, 'consentOn', TESTIMONIAL_MESSAGES.consentOnRequired],
		[{ consentOn: null, consentHow: 'Form' }, 'consentOn', TESTIMONIAL_MESSAGES.consentOnRequired],
		[{ consentOn: '2026-02-30', consentHow: 'Form' }, 'consentOn', TESTIMONIAL_MESSAGES.consentOnInvalid],
		[{ consentOn: '2026-12-07', consentHow: 'Form' }, 'consentOn', TESTIMONIAL_MESSAGES.consentOnFuture],
		[{ consentOn: '2026-12-06', consentHow: '  ' }, 'consentHow', TESTIMONIAL_MESSAGES.consentHowRequired],
	])('%o → %s', (consent, field, message) => {
		expect(consentProblem(consent, '2026-12-06')).toEqual({ field, message })
	})

	test('given today or before, with how: no problem', () => {
		expect(consentProblem({ consentOn: '2026-12-06', consentHow: 'Email' }, '2026-12-06')).toBeNull()
	})

	test('the API schema wants both, each at its path', () => {
		const { consentOn: _on, consentHow: _how, ...rest } = input()
		const parsed = TestimonialCreateApiSchema.safeParse(rest)
		expect(parsed.success).toBe(false)
		const errors = parsed.success ? {} : parsed.error.flatten().fieldErrors
		expect(errors.consentOn).toEqual([TESTIMONIAL_MESSAGES.consentOnRequired])
		expect(errors.consentHow).toEqual([TESTIMONIAL_MESSAGES.consentHowRequired])
	})
})

describe('testimonials', () => {
	test('a draft is not shown; published it is, in order; unpublished it is not; each change audited and moves the content counter', () => {
		const admin = actor()
		const now = at('2026-12-06T10:00:00Z')
		const v0 = dataVersion('content')
		const first = createTestimonial(admin, input({ position: 2 }), now)
		const second = createTestimonial(admin, input({ position: 1 }), now)
		expect(first.ok && second.ok).toBe(true)
		if (!first.ok || !second.ok) return
		expect(first.value).toMatchObject({ status: 'draft', consentOn: '2026-11-02', profit: '+$2,340', sample: false })
		expect(dataVersion('content')).toBeGreaterThan(v0)
		expect(shown(now)).not.toContain(first.value.name)

		for (const t of [first, second]) expect(publishTestimonial(admin, t.value.id, now).ok).toBe(true)
		const names = shown(now)
		expect(names.indexOf(second.value.name)).toBeLessThan(names.indexOf(first.value.name))

		const v1 = dataVersion('content')
		const unpublished = unpublishTestimonial(admin, first.value.id, now)
		expect(unpublished.ok && unpublished.value.status).toBe('draft')
		expect(dataVersion('content')).toBeGreaterThan(v1)
		expect(shown(now)).not.toContain(first.value.name)
		expect(auditOf(first.value.id).map((a) => a.action)).toEqual([
			'testimonial.create',
			'testimonial.publish',
			'testimonial.unpublish',
		])
		const created = auditOf(first.value.id)[0]!
		expect(created.after).toMatchObject({ consentHow: 'Signed release form, emailed 2026-11-02' })
	})

	test('no consent, a consent day ahead or misordered days: refused at the field, nothing stored', () => {
		const admin = actor()
		const now = at('2026-12-06T10:00:00Z')
		const before = listTestimonialsForStaff(now).length
		const cases: Array<[Partial<TestimonialInput>, string, string]> = [
			[{ consentOn: '' }, 'consentOn', TESTIMONIAL_MESSAGES.consentOnRequired],
			[{ consentHow: '' }, 'consentHow', TESTIMONIAL_MESSAGES.consentHowRequired],
			[{ consentOn: '2026-12-07' }, 'consentOn', TESTIMONIAL_MESSAGES.consentOnFuture],
			[
				{ publishOn: '2026-12-20', expiresOn: '2026-12-19' },
				'expiresOn',
				'The expiry date cannot be before the publish date',
			],
		]
		for (const [overrides, field, message] of cases) {
			const result = createTestimonial(admin, input(overrides), now)
			expect(result.ok).toBe(false)
			if (result.ok) continue
			expect(result.status).toBe(400)
			expect(result.fieldErrors?.[field]).toEqual([message])
		}
		expect(listTestimonialsForStaff(now).length).toBe(before)

		const created = createTestimonial(admin, input(), now)
		if (!created.ok) throw new Error('not created')
		const refused = updateTestimonial(admin, created.value.id, { consentOn: '2027-01-01', text: 'Changed' }, now)
		expect(refused.ok).toBe(false)
		if (!refused.ok) expect(refused.fieldErrors?.consentOn).toEqual([TESTIMONIAL_MESSAGES.consentOnFuture])
		expect(getTestimonial(created.value.id, now)).toMatchObject({ consentOn: '2026-11-02', text: created.value.text })
		const updated = updateTestimonial(admin, created.value.id, { text: 'Changed words', position: 3 }, now)
		expect(updated.ok && updated.value).toMatchObject({ text: 'Changed words', position: 3, status: 'draft' })
	})

	test('publishing checks the consent again: a row stored without it is refused, 409, and stays a draft', () => {
		const admin = actor()
		const now = at('2026-12-06T10:00:00Z')
		const row = getDb()
			.insert(testimonials)
			.values({ ...input(), consentHow: '', publishAt: null, expiresAt: null })
			.returning()
			.get()
		const result = publishTestimonial(admin, row.id, now)
		expect(result.ok).toBe(false)
		if (!result.ok) {
			expect(result.status).toBe(409)
			expect(result.message).toContain(TESTIMONIAL_MESSAGES.consentMissing)
		}
		expect(getTestimonial(row.id, now)?.status).toBe('draft')
		expect(auditOf(row.id)).toEqual([])
	})

	test('the scheduler (a given clock) publishes on the publish day and expires after the expiry day', () => {
		const admin = actor()
		const created = createTestimonial(
			admin,
			input({ publishOn: '2026-12-10', expiresOn: '2026-12-12' }),
			at('2026-12-06T10:00:00Z'),
		)
		if (!created.ok) throw new Error('not created')
		const id = created.value.id
		const name = created.value.name
		const scheduled = publishTestimonial(admin, id, at('2026-12-06T10:00:00Z'))
		expect(scheduled.ok && scheduled.value.status).toBe('scheduled')
		expect(shown(at('2026-12-09T23:59:00Z'))).not.toContain(name)
		const only = { kind: 'testimonial', ids: [id] }
		expect(runContentSchedule(at('2026-12-10T00:00:00Z'), undefined, only)).toMatchObject({ testimonialPublished: 1 })
		expect(shown(at('2026-12-11T00:00:00Z'))).toContain(name)
		// Past its expiry it is hidden by the clock before the job runs, then expired by it.
		expect(shown(at('2026-12-13T00:00:00Z'))).not.toContain(name)
		expect(runContentSchedule(at('2026-12-13T00:00:00Z'), undefined, only)).toMatchObject({ testimonialExpired: 1 })
		expect(getTestimonial(id)?.status).toBe('expired')
		expect(auditOf(id).map((a) => a.action)).toEqual([
			'testimonial.create',
			'testimonial.publish',
			'testimonial.publish',
			'testimonial.expire',
		])
	})

	test('delete removes it for good; the audit row keeps what it was, consent included', () => {
		const admin = actor()
		const created = createTestimonial(admin, input())
		if (!created.ok) throw new Error('not created')
		const deleted = deleteTestimonial(admin, created.value.id)
		expect(deleted.ok).toBe(true)
		expect(getTestimonial(created.value.id)).toBeNull()
		const last = auditOf(created.value.id).at(-1)!
		expect(last.action).toBe('testimonial.delete')
		expect(last.before).toMatchObject({ consentOn: '2026-11-02' })
	})

	test('the samples are the spec’s three, seeded once, published, with sample consent; deleted, they do not come back', () => {
		const admin = actor()
		const now = at('2026-12-06T10:00:00Z')
		expect(ensureSampleTestimonials(now)).toBe(3)
		expect(ensureSampleTestimonials(now)).toBe(0)
		const samples = listTestimonialsForStaff(now).filter((t) => t.sample)
		expect(samples.map((t) => t.name)).toEqual(SAMPLE_TESTIMONIALS.map((t) => t.name))
		for (const t of samples) expect(t).toMatchObject({ status: 'published', consentHow: SAMPLE_CONSENT_HOW })
		expect(listPublicTestimonials(now).slice(0, 3)).toEqual(
			SAMPLE_TESTIMONIALS.map(({ name, role, country, text, profit }) => ({ name, role, country, text, profit })),
		)
		for (const t of samples) expect(deleteTestimonial(admin, t.id, now).ok).toBe(true)
		expect(ensureSampleTestimonials(now)).toBe(0)
		expect(listTestimonialsForStaff(now).filter((t) => t.sample)).toEqual([])
	})
})
