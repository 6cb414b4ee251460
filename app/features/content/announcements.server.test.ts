import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { announcements, notificationPreferences, notifications, users } from '#db/schema.ts'
import { auditRows, insertAuditActor, insertMember } from '#tests/factories.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { drainNotificationMails } from '#app/features/notifications/notifications.server.ts'
import type { Plan } from '#app/domain/enums.ts'
import {
	createAnnouncement,
	deliverAnnouncementBatch,
	deliverAnnouncements,
	getAnnouncement,
	publishAnnouncement,
	sendAnnouncementToSelf,
	unpublishAnnouncement,
	updateAnnouncement,
} from './announcements.server.ts'
import { runContentSchedule } from './kinds.server.ts'
import { ANNOUNCEMENT_MESSAGES, AnnouncementCreateApiSchema, type AnnouncementInput } from './schemas.ts'

const now = new Date('2026-12-06T10:00:00Z')

function input(overrides: Partial<AnnouncementInput> = {}): AnnouncementInput {
	return {
		title: 'A new trader joined',
		body: 'Meet the new trader.\n\nSee the registry for their figures.',
		audience: 'all',
		publishOn: null,
		...overrides,
	}
}

/** `n` members of `plan` with announcement mails off (a bulk audience: no mail to write). */
function insertQuietMembers(n: number, plan: Plan = 'regular') {
	const ids: number[] = []
	getDb().transaction((tx) => {
		for (let i = 0; i < n; i++) {
			const row = tx
				.insert(users)
				.values({
					name: `Bulk ${plan} ${i}`,
					email: `bulk-${plan}-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`,
					passwordHash: 'not-a-real-hash',
					referralCode: `BULK${plan.toUpperCase()}${i}X${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
					plan,
				})
				.returning({ id: users.id })
				.get()
			tx.insert(notificationPreferences).values({ userId: row.id, kind: 'announcement', email: false }).run()
			ids.push(row.id)
		}
	})
	return ids
}

function inbox(userId: number) {
	return getDb()
		.select()
		.from(notifications)
		.where(and(eq(notifications.userId, userId), eq(notifications.kind, 'announcement')))
		.all()
}

function outbox() {
	const dir = getEnv().mailOutbox
	return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : []
}

async function mailsSettled() {
	await new Promise((resolve) => setImmediate(resolve))
	await drainNotificationMails(5_000)
}

function published(admin: ReturnType<typeof insertAuditActor>, overrides: Partial<AnnouncementInput> = {}) {
	const created = createAnnouncement(admin, input(overrides), now)
	if (!created.ok) throw new Error(created.message)
	const done = publishAnnouncement(admin, created.value.id, now)
	if (!done.ok) throw new Error(done.message)
	return created.value.id
}

describe('announcements: delivery in batches', () => {
	test('1,201 members at batch 500: three batches, the cursor and the sent count move, each member once', () => {
		const admin = insertAuditActor()
		const members = insertQuietMembers(1201)
		const id = published(admin)
		expect(getAnnouncement(id, now)).toMatchObject({ status: 'published', delivery: 'not-started', sentCount: 0 })

		const first = deliverAnnouncementBatch(now, { batchSize: 500 })
		expect(first).toEqual({ announcementId: id, delivered: 500, finished: false })
		const afterFirst = getDb().select().from(announcements).where(eq(announcements.id, id)).get()!
		expect(afterFirst).toMatchObject({ audienceCount: 1201, sentCount: 500, cursor: members[499] })
		expect(getAnnouncement(id, now)).toMatchObject({ delivery: 'sending', audienceCount: 1201, sentCount: 500 })

		expect(deliverAnnouncementBatch(now, { batchSize: 500 })).toEqual({
			announcementId: id,
			delivered: 500,
			finished: false,
		})
		expect(deliverAnnouncementBatch(now, { batchSize: 500 })).toEqual({
			announcementId: id,
			delivered: 201,
			finished: true,
		})
		expect(deliverAnnouncementBatch(now, { batchSize: 500 })).toBeNull()
		expect(getAnnouncement(id, now)).toMatchObject({ delivery: 'sent', audienceCount: 1201, sentCount: 1201 })
		expect(getDb().select().from(announcements).where(eq(announcements.id, id)).get()!.cursor).toBe(members[1200])
		const rows = getDb().select().from(notifications).where(eq(notifications.kind, 'announcement')).all()
		expect(rows).toHaveLength(1201)
		expect(new Set(rows.map((r) => r.userId)).size).toBe(1201)
		expect(rows[0]).toMatchObject({ title: 'A new trader joined', body: input().body })
	})

	test('a bounded number of batches per run; members who join after sending started are not included', () => {
		const admin = insertAuditActor()
		insertQuietMembers(30)
		const id = published(admin)
		expect(deliverAnnouncements(now, { batchSize: 10, maxBatches: 2 })).toEqual({ batches: 2, delivered: 20 })
		expect(getAnnouncement(id, now)).toMatchObject({ audienceCount: 30, sentCount: 20, delivery: 'sending' })
		const late = insertQuietMembers(5)
		expect(deliverAnnouncements(now, { batchSize: 10, maxBatches: 5 })).toEqual({ batches: 1, delivered: 10 })
		expect(getAnnouncement(id, now)).toMatchObject({ sentCount: 30, delivery: 'sent' })
		expect(inbox(late[0]!)).toHaveLength(0)
	})

	test('a plan audience reaches that plan only; closed accounts are left out', () => {
		const admin = insertAuditActor()
		const gold = insertQuietMembers(3, 'gold')
		const regular = insertQuietMembers(4, 'regular')
		getDb().update(users).set({ closedAt: now }).where(eq(users.id, gold[2]!)).run()
		const id = published(admin, { audience: 'gold' })
		expect(deliverAnnouncements(now, { batchSize: 500 })).toEqual({ batches: 1, delivered: 2 })
		expect(getAnnouncement(id, now)).toMatchObject({ audience: 'gold', audienceCount: 2, sentCount: 2 })
		expect(inbox(gold[0]!)).toHaveLength(1)
		expect(inbox(gold[2]!)).toHaveLength(0)
		for (const member of regular) expect(inbox(member)).toHaveLength(0)
	})

	test('a mail only to the members who allow announcement mails; the inbox for everyone', async () => {
		const admin = insertAuditActor()
		const wants = insertMember({ plan: 'platinum' })
		const [quiet] = insertQuietMembers(1, 'platinum')
		published(admin, { audience: 'platinum', title: 'Platinum news' })
		deliverAnnouncements(now)
		await mailsSettled()
		expect(inbox(wants.id)).toHaveLength(1)
		expect(inbox(quiet!)).toHaveLength(1)
		const mails = outbox().filter((m) => m.includes('Subject: Platinum news'))
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain(`To: ${wants.email}`)
		expect(mails[0]).toContain('Announcements from the team')
	})

	test('unpublishing before the end stops the remaining batches; publishing again goes on from the cursor', () => {
		const admin = insertAuditActor()
		insertQuietMembers(25)
		const id = published(admin)
		deliverAnnouncements(now, { batchSize: 10, maxBatches: 1 })
		const stopped = unpublishAnnouncement(admin, id, now)
		expect(stopped.ok && stopped.value).toMatchObject({ status: 'draft', delivery: 'stopped', sentCount: 10 })
		expect(deliverAnnouncements(now, { batchSize: 10 })).toEqual({ batches: 0, delivered: 0 })
		// Its text is fixed once sending started, even stopped.
		expect(updateAnnouncement(admin, id, { title: 'Changed' }, now)).toMatchObject({
			ok: false,
			status: 409,
			message: ANNOUNCEMENT_MESSAGES.sentLocked,
		})
		expect(publishAnnouncement(admin, id, now).ok).toBe(true)
		expect(deliverAnnouncements(now, { batchSize: 10 })).toEqual({ batches: 2, delivered: 15 })
		expect(getAnnouncement(id, now)).toMatchObject({ sentCount: 25, delivery: 'sent' })
		expect(getDb().select().from(notifications).where(eq(notifications.kind, 'announcement')).all()).toHaveLength(25)
		// Sent to everyone: publishing again would send nothing.
		unpublishAnnouncement(admin, id, now)
		expect(publishAnnouncement(admin, id, now)).toMatchObject({ ok: false, status: 409 })
	})

	test('a scheduled announcement is published by the content-schedule job on its day, then delivered', () => {
		const admin = insertAuditActor()
		const [member] = insertQuietMembers(1)
		const created = createAnnouncement(admin, input({ publishOn: '2026-12-08' }), now)
		if (!created.ok) throw new Error(created.message)
		const id = created.value.id
		expect(publishAnnouncement(admin, id, now)).toMatchObject({ ok: true, value: { status: 'scheduled' } })
		expect(deliverAnnouncements(now)).toEqual({ batches: 0, delivered: 0 })
		expect(runContentSchedule(new Date('2026-12-08T00:00:30Z'))).toMatchObject({ announcementPublished: 1 })
		expect(deliverAnnouncements(new Date('2026-12-08T00:00:45Z'))).toEqual({ batches: 1, delivered: 1 })
		expect(inbox(member!)).toHaveLength(1)
		expect(
			auditRows(id)
				.filter((r) => r.targetType === 'announcement')
				.map((r) => r.action),
		).toEqual(['announcement.create', 'announcement.publish', 'announcement.publish'])
	})
})

describe('announcements: staff', () => {
	test('editing a published announcement is refused (409); a draft edits and is audited', () => {
		const admin = insertAuditActor()
		const created = createAnnouncement(admin, input(), now)
		if (!created.ok) throw new Error(created.message)
		const edited = updateAnnouncement(admin, created.value.id, { audience: 'gold' }, now)
		expect(edited).toMatchObject({ ok: true, value: { audience: 'gold', audienceLabel: 'Members on the Gold plan' } })
		publishAnnouncement(admin, created.value.id, now)
		expect(updateAnnouncement(admin, created.value.id, { body: 'Other words' }, now)).toMatchObject({
			ok: false,
			status: 409,
		})
		expect(getAnnouncement(created.value.id, now)!.body).toBe(input().body)
	})

	test('an unknown plan is refused at the audience field', () => {
		const parsed = AnnouncementCreateApiSchema.safeParse({ title: 'Hi', body: 'Hello', audience: 'diamond' })
		expect(parsed.success).toBe(false)
		expect(parsed.error?.issues).toEqual([
			expect.objectContaining({ path: ['audience'], message: ANNOUNCEMENT_MESSAGES.audienceInvalid }),
		])
	})

	test('send to me: the staff member’s own address only, counted nowhere', async () => {
		const admin = insertAuditActor()
		const member = insertMember()
		const created = createAnnouncement(admin, input({ title: 'Self test title' }), now)
		if (!created.ok) throw new Error(created.message)
		const sent = await sendAnnouncementToSelf({ id: admin.id!, email: admin.email }, created.value.id)
		expect(sent).toEqual({ ok: true, value: { sentTo: admin.email } })
		const mails = outbox().filter((m) => m.includes('Self test title'))
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain(`To: ${admin.email}`)
		expect(inbox(member.id)).toHaveLength(0)
		expect(getAnnouncement(created.value.id, now)).toMatchObject({ sentCount: 0, status: 'draft' })
		expect(await sendAnnouncementToSelf({ id: admin.id!, email: admin.email }, 999_999)).toMatchObject({
			ok: false,
			status: 404,
		})
	})
})
