import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createPromotion, getPromotion, publishPromotion } from '#app/features/content/promotions.server.ts'
import { getDb } from '#db/client.server.ts'
import { scheduledJobs } from '#db/schema.ts'
import { insertAdmin } from '#tests/factories.ts'
import { createPlatformScheduler } from './scheduled-jobs.ts'

// The platform scheduler runs the content-schedule job every minute on its
// own clock (injected here): a scheduled promotion is published on its day
// and expired after its last day (decision 062).
test('content-schedule publishes and expires promotions by the scheduler’s clock, every minute', () => {
	const admin = insertAdmin()
	const actor = { id: admin.id, email: admin.email }
	const clock = { now: new Date('2026-12-09T23:59:00Z') }
	const made = createPromotion(
		actor,
		{ code: 'TENTH', description: 'One day only', brokerId: null, publishOn: '2026-12-10', expiresOn: '2026-12-10' },
		clock.now,
	)
	if (!made.ok) throw new Error(made.message)
	publishPromotion(actor, made.value.id, clock.now)
	const scheduler = createPlatformScheduler(() => clock.now)
	const job = () => scheduler.tick().ran.find((r) => r.name === 'content-schedule')
	expect(job()).toMatchObject({ ok: true, result: { promotionPublished: 0, promotionExpired: 0 } })
	const row = getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'content-schedule')).get()!
	expect(row.nextRunAt.toISOString()).toBe('2026-12-10T00:00:00.000Z')

	clock.now = new Date('2026-12-10T00:00:05Z')
	expect(job()).toMatchObject({ ok: true, result: { promotionPublished: 1, promotionExpired: 0 } })
	expect(getPromotion(made.value.id)?.status).toBe('published')

	clock.now = new Date('2026-12-11T00:00:10Z')
	expect(job()).toMatchObject({ ok: true, result: { promotionPublished: 0, promotionExpired: 1 } })
	expect(getPromotion(made.value.id)?.status).toBe('expired')
})
