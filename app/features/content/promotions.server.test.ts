import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, brokers, promotions } from '#db/schema.ts'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureSeedBrokers, setBrokerActive } from '#app/features/brokers/brokers.server.ts'
import { insertAdmin } from '#tests/factories.ts'
import { CONTENT_MESSAGES, PROMOTION_MESSAGES, type PromotionInput } from './schemas.ts'
import {
	createPromotion,
	deletePromotion,
	ensureSamplePromotions,
	getPromotion,
	listMemberPromotions,
	listPromotionsForStaff,
	publishPromotion,
	unpublishPromotion,
	updatePromotion,
} from './promotions.server.ts'
import { runContentSchedule } from './kinds.server.ts'

const at = (iso: string) => new Date(iso)

function actor() {
	const admin = insertAdmin({ role: 'admin' })
	return { id: admin.id, email: admin.email }
}

function input(overrides: Partial<PromotionInput> = {}): PromotionInput {
	return {
		code: 'BONUS25',
		description: '25% bonus on a first deposit',
		brokerId: null,
		publishOn: null,
		expiresOn: null,
		...overrides,
	}
}

function auditOf(id: number) {
	return getDb()
		.select({ action: auditLog.action, email: auditLog.adminEmail, before: auditLog.before, after: auditLog.after })
		.from(auditLog)
		.where(and(eq(auditLog.targetType, 'promotion'), eq(auditLog.targetId, String(id))))
		.orderBy(auditLog.id)
		.all()
}

describe('promotions', () => {
	test('created as a draft members do not see; published, they do; unpublished, they do not; each change audited', () => {
		const admin = actor()
		const now = at('2026-12-06T10:00:00Z')
		const created = createPromotion(admin, input({ expiresOn: '2026-12-31' }), now)
		expect(created.ok).toBe(true)
		if (!created.ok) return
		expect(created.value).toMatchObject({
			status: 'draft',
			expiresOn: '2026-12-31',
			expiresAt: '2027-01-01T00:00:00.000Z',
		})
		expect(listMemberPromotions(now)).toEqual([])

		const published = publishPromotion(admin, created.value.id, now)
		expect(published).toMatchObject({ ok: true, value: { status: 'published', publishedAt: now.toISOString() } })
		expect(listMemberPromotions(now)).toEqual([
			{
				code: 'BONUS25',
				description: '25% bonus on a first deposit',
				broker: null,
				expiresOn: '2026-12-31',
				expires: 'Dec 31, 2026',
			},
		])
		expect(publishPromotion(admin, created.value.id, now)).toMatchObject({ ok: false, status: 409 })

		expect(unpublishPromotion(admin, created.value.id, now)).toMatchObject({ ok: true, value: { status: 'draft' } })
		expect(listMemberPromotions(now)).toEqual([])
		expect(unpublishPromotion(admin, created.value.id, now)).toMatchObject({
			ok: false,
			status: 409,
			message: CONTENT_MESSAGES.alreadyDraft,
		})
		const audit = auditOf(created.value.id)
		expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.publish', 'promotion.unpublish'])
		expect(audit[1]!.before).toMatchObject({ status: 'draft', code: 'BONUS25' })
		expect(audit[1]!.after).toMatchObject({ status: 'published' })
		expect(audit.every((a) => a.email === admin.email)).toBe(true)
	})

	test('an unknown broker or an expiry before the publish date is refused at its field, nothing stored', () => {
		const admin = actor()
		const before = getDb().select().from(promotions).all().length
		expect(createPromotion(admin, input({ brokerId: 99_999 }))).toEqual({
			ok: false,
			status: 400,
			message: PROMOTION_MESSAGES.brokerInvalid,
			fieldErrors: { brokerId: [PROMOTION_MESSAGES.brokerInvalid] },
		})
		expect(createPromotion(admin, input({ publishOn: '2026-12-10', expiresOn: '2026-12-09' }))).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { expiresOn: [CONTENT_MESSAGES.expiryBeforePublish] },
		})
		expect(getDb().select().from(promotions).all().length).toBe(before)

		// An edit is checked against the stored day it does not change.
		const made = createPromotion(admin, input({ publishOn: '2026-12-10' }))
		if (!made.ok) throw new Error(made.message)
		expect(updatePromotion(admin, made.value.id, { expiresOn: '2026-12-01' })).toMatchObject({
			ok: false,
			fieldErrors: { expiresOn: [CONTENT_MESSAGES.expiryBeforePublish] },
		})
		expect(getPromotion(made.value.id)?.expiresOn).toBeNull()
		expect(auditOf(made.value.id).map((a) => a.action)).toEqual(['promotion.create'])
		expect(updatePromotion(admin, 99_999, { code: 'X' })).toMatchObject({ ok: false, status: 404 })
	})

	test('a broker promotion shows the broker, and hides while the broker is inactive', () => {
		ensureSeedBrokers(SEED_BROKERS)
		const admin = actor()
		const xm = getDb().select().from(brokers).where(eq(brokers.slug, 'xm')).get()!
		const made = createPromotion(admin, input({ code: 'XM50', brokerId: xm.id }))
		if (!made.ok) throw new Error(made.message)
		expect(made.value.broker).toEqual({ id: xm.id, name: 'XM', slug: 'xm', active: true })
		publishPromotion(admin, made.value.id)
		expect(listMemberPromotions().find((p) => p.code === 'XM50')?.broker).toBe('XM')
		setBrokerActive(admin, 'xm', false)
		expect(listMemberPromotions().find((p) => p.code === 'XM50')).toBeUndefined()
	})

	test('the scheduler’s pass (a given clock) publishes on the publish day and expires after the expiry day, as the system', () => {
		const admin = actor()
		const clock = { now: at('2026-12-06T10:00:00Z') }
		const made = createPromotion(
			admin,
			input({ code: 'DEC10', publishOn: '2026-12-10', expiresOn: '2026-12-12' }),
			clock.now,
		)
		if (!made.ok) throw new Error(made.message)
		const id = made.value.id
		expect(publishPromotion(admin, id, clock.now)).toMatchObject({ ok: true, value: { status: 'scheduled' } })
		expect(listMemberPromotions(clock.now)).toEqual([])

		// The content-schedule job's run (server/content-schedule.test.ts runs it through the platform scheduler).
		expect(runContentSchedule(clock.now)).toMatchObject({ promotionPublished: 0, promotionExpired: 0 })

		clock.now = at('2026-12-10T00:00:30Z')
		expect(runContentSchedule(clock.now)).toMatchObject({ promotionPublished: 1, promotionExpired: 0 })
		expect(getPromotion(id, clock.now)?.status).toBe('published')
		expect(listMemberPromotions(clock.now).map((p) => p.code)).toEqual(['DEC10'])

		// Past the expiry day, before the job runs: members no longer see it; staff see it as expired.
		clock.now = at('2026-12-13T00:00:00Z')
		expect(listMemberPromotions(clock.now)).toEqual([])
		expect(getPromotion(id, clock.now)).toMatchObject({ status: 'published', shownStatus: 'expired' })
		expect(runContentSchedule(clock.now)).toMatchObject({ promotionPublished: 0, promotionExpired: 1 })
		expect(getPromotion(id, clock.now)?.status).toBe('expired')
		// Run again at the same moment: nothing more to do.
		expect(runContentSchedule(clock.now)).toMatchObject({ promotionPublished: 0, promotionExpired: 0 })
		const audit = auditOf(id)
		expect(audit.map((a) => [a.action, a.email])).toEqual([
			['promotion.create', admin.email],
			['promotion.publish', admin.email],
			['promotion.publish', 'system'],
			['promotion.expire', 'system'],
		])
		expect(audit[3]!.before).toMatchObject({ status: 'published' })
		expect(audit[3]!.after).toMatchObject({ status: 'expired' })
		// An expired one cannot be published again until its expiry moves on.
		expect(publishPromotion(admin, id, clock.now)).toMatchObject({
			ok: false,
			status: 409,
			message: CONTENT_MESSAGES.expiryPassed,
		})
	})

	test('delete removes it for good, the audit row keeps what it was', () => {
		const admin = actor()
		const made = createPromotion(admin, input({ code: 'GONE' }))
		if (!made.ok) throw new Error(made.message)
		expect(deletePromotion(admin, made.value.id)).toMatchObject({ ok: true, value: { code: 'GONE' } })
		expect(getPromotion(made.value.id)).toBeNull()
		expect(deletePromotion(admin, made.value.id)).toMatchObject({ ok: false, status: 404 })
		const audit = auditOf(made.value.id)
		expect(audit.at(-1)).toMatchObject({ action: 'promotion.delete', after: null, before: { code: 'GONE' } })
	})

	test('the samples are seeded once, published, marked sample; deleted, they do not come back', () => {
		const now = at('2026-12-06T10:00:00Z')
		expect(ensureSamplePromotions(now)).toBe(3)
		expect(ensureSamplePromotions(now)).toBe(0)
		const staff = listPromotionsForStaff(now)
		expect(staff.map((p) => [p.code, p.sample, p.status, p.expiresOn])).toEqual([
			['ZEROFEE', true, 'published', '2027-01-31'],
			['SPLIT50', true, 'published', '2026-12-15'],
			['WELCOME100', true, 'published', '2026-12-31'],
		])
		expect(listMemberPromotions(now).map((p) => p.code)).toEqual(['SPLIT50', 'WELCOME100', 'ZEROFEE'])
		const admin = actor()
		for (const p of staff) deletePromotion(admin, p.id, now)
		expect(ensureSamplePromotions(now)).toBe(0)
		expect(listPromotionsForStaff(now)).toEqual([])
	})
})
