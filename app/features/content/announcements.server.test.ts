import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { announcements, notificationPreferences, notifications, scheduledJobs, users } from '#db/schema.ts'
import { auditRows, insertAuditActor, insertMember } from '#tests/factories.ts'
import { getEnv, resetEnv } from '#app/utils/env.server.ts'
import type { Plan } from '#app/domain/enums.ts'
import {
	ANNOUNCEMENT_DELIVERY_JOB,
	claimAnnouncementMails,
	createAnnouncement,
	deliverAnnouncementBatch,
	deliverAnnouncements,
	getAnnouncement,
	mailAnnouncements,
	publishAnnouncement,
	runAnnouncementDelivery,
	sendAnnouncementMails,
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
		const id = published(admin, { audience: 'platinum', title: 'Platinum news' })
		deliverAnnouncements(now)
		// The inbox first: no mail before the mail pass.
		expect(outbox().filter((m) => m.includes('Subject: Platinum news'))).toHaveLength(0)
		expect(await mailAnnouncements(now, { perSecond: 1000 })).toBe(1)
		expect(inbox(wants.id)).toHaveLength(1)
		expect(inbox(quiet!)).toHaveLength(1)
		const mails = outbox().filter((m) => m.includes('Subject: Platinum news'))
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain(`To: ${wants.email}`)
		expect(mails[0]).toContain('Announcements from the team')
		expect(getAnnouncement(id, now)).toMatchObject({ mailedCount: 1, mailsFinishedAt: now.toISOString() })
		// Nothing left: a second pass sends nothing.
		expect(await mailAnnouncements(now, { perSecond: 1000 })).toBe(0)
		expect(outbox().filter((m) => m.includes('Subject: Platinum news'))).toHaveLength(1)
	})

	test('mails follow the inbox cursor in chunks; the mail cursor moves before they are sent; those who opted out are passed over', async () => {
		const admin = insertAuditActor()
		const wanting = Array.from({ length: 5 }, () => insertMember({ plan: 'titanium' }))
		insertQuietMembers(4, 'titanium')
		const id = published(admin, { audience: 'titanium', title: 'Titanium news' })
		expect(claimAnnouncementMails(now)).toBeNull() // nobody has it in the inbox yet
		deliverAnnouncements(now, { batchSize: 3, maxBatches: 1 })
		const first = claimAnnouncementMails(now, { chunkSize: 2 })!
		expect(first).toMatchObject({ announcementId: id, finished: false })
		expect(first.mails.map((m) => m.mail.to)).toEqual([wanting[0]!.email, wanting[1]!.email])
		const stored = () => getDb().select().from(announcements).where(eq(announcements.id, id)).get()!
		// Claimed, not yet sent: the cursor moved already (a crash loses these two, never sends them twice).
		expect(stored()).toMatchObject({ mailCursor: wanting[1]!.id, mailedCount: 0 })
		expect(await sendAnnouncementMails(first, { perSecond: 1000 })).toEqual({ mailed: 2, stopped: false })
		expect(stored().mailedCount).toBe(2)
		// Up to the inbox cursor only (three members have it).
		const second = claimAnnouncementMails(now, { chunkSize: 2 })!
		expect(second.mails.map((m) => m.mail.to)).toEqual([wanting[2]!.email])
		expect(second.finished).toBe(false)
		expect(claimAnnouncementMails(now, { chunkSize: 2 })).toBeNull()
		deliverAnnouncements(now)
		expect(await mailAnnouncements(now, { chunkSize: 2, perSecond: 1000 })).toBe(2)
		expect(getAnnouncement(id, now)).toMatchObject({ sentCount: 9, mailedCount: 4 })
		expect(outbox().filter((m) => m.includes('Subject: Titanium news'))).toHaveLength(4)
		expect(getAnnouncement(id, now)!.mailsFinishedAt).toBe(now.toISOString())
	})

	test('unpublishing stops the mails too; publishing again goes on from the mail cursor', async () => {
		const admin = insertAuditActor()
		const members = Array.from({ length: 3 }, () => insertMember({ plan: 'gold' }))
		const id = published(admin, { audience: 'gold', title: 'Gold news' })
		deliverAnnouncements(now)
		const chunk = claimAnnouncementMails(now, { chunkSize: 1 })!
		await sendAnnouncementMails(chunk, { perSecond: 1000 })
		unpublishAnnouncement(admin, id, now)
		expect(claimAnnouncementMails(now)).toBeNull()
		expect(publishAnnouncement(admin, id, now).ok).toBe(true)
		expect(await mailAnnouncements(now, { perSecond: 1000 })).toBe(2)
		const to = outbox()
			.filter((m) => m.includes('Subject: Gold news'))
			.map((m) => /^To: (.*)$/m.exec(m)![1])
		expect(to.sort()).toEqual(members.map((m) => m.email).sort())
	})

	test('the paced sender keeps to its rate', async () => {
		const admin = insertAuditActor()
		for (let i = 0; i < 4; i++) insertMember({ plan: 'regular' })
		published(admin, { audience: 'regular', title: 'Paced news' })
		deliverAnnouncements(now)
		const chunk = claimAnnouncementMails(now, { chunkSize: 4 })!
		const started = performance.now()
		expect(await sendAnnouncementMails(chunk, { perSecond: 20 })).toEqual({ mailed: 4, stopped: false })
		// Four mails at 20 a second: at least 200 ms.
		expect(performance.now() - started).toBeGreaterThanOrEqual(195)
	})

	test('the job: inboxes, then mails, in one run that gives the event loop back; nothing to do is a plain result', async () => {
		const admin = insertAuditActor()
		expect(runAnnouncementDelivery(now)).toEqual({ batches: 0, delivered: 0, mailed: 0 })
		const wants = insertMember({ plan: 'platinum' })
		insertQuietMembers(150, 'platinum')
		const id = published(admin, { audience: 'platinum', title: 'Job news' })
		const run = runAnnouncementDelivery(now)
		expect(run).toBeInstanceOf(Promise)
		expect(await run).toEqual({ batches: 2, delivered: 151, mailed: 1 })
		const row = getAnnouncement(id, now)!
		expect(row).toMatchObject({ delivery: 'sent', sentCount: 151, mailedCount: 1 })
		// The times written are the run's clock moved on by the run's own time.
		expect(Date.parse(row.deliveryFinishedAt!)).toBeGreaterThanOrEqual(now.getTime())
		expect(Date.parse(row.mailsFinishedAt!)).toBeGreaterThanOrEqual(Date.parse(row.deliveryFinishedAt!))
		expect(outbox().filter((m) => m.includes('Subject: Job news') && m.includes(`To: ${wants.email}`))).toHaveLength(1)
		expect(runAnnouncementDelivery(now)).toEqual({ batches: 0, delivered: 0, mailed: 0 })
	})

	test('publishing makes the delivery job due at once', () => {
		const admin = insertAuditActor()
		const later = new Date(now.getTime() + 60_000)
		getDb()
			.insert(scheduledJobs)
			.values({ name: ANNOUNCEMENT_DELIVERY_JOB, nextRunAt: later })
			.onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: later } })
			.run()
		published(admin)
		const job = getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, ANNOUNCEMENT_DELIVERY_JOB)).get()!
		expect(job.nextRunAt).toEqual(now)
	})

	test('unpublishing before the end stops the remaining batches; publishing again goes on from the cursor', async () => {
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
		// Sent to everyone (their mails are off: the mail pass passes over them): publishing again would send nothing.
		expect(await mailAnnouncements(now)).toBe(0)
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

describe('announcements: when the mail server fails', () => {
	afterEach(() => {
		delete process.env.SMTP_URL
		resetEnv()
	})

	test('unavailable: the mails stop and the cursor goes back; the next pass sends from there, passing over an address refused for good', async () => {
		const admin = insertAuditActor()
		const first = insertMember({ plan: 'gold' })
		const refused = insertMember({ plan: 'gold', email: `refused-${Date.now()}@example.com` })
		const last = insertMember({ plan: 'gold' })
		const id = published(admin, { audience: 'gold', title: 'Outage news' })
		deliverAnnouncements(now)
		const stored = () => getDb().select().from(announcements).where(eq(announcements.id, id)).get()!

		// Nothing listens there: no mail goes, the cursor is back where it was, nothing is finished.
		process.env.SMTP_URL = 'smtp://127.0.0.1:1'
		resetEnv()
		expect(await mailAnnouncements(now, { perSecond: 1000 })).toBe(0)
		expect(stored()).toMatchObject({ mailCursor: 0, mailedCount: 0, mailsFinishedAt: null })

		// A mail server that refuses one address for good (550) and takes the others.
		const received: string[] = []
		const server = new SMTPServer({
			authOptional: true,
			disabledCommands: ['AUTH', 'STARTTLS'],
			logger: false,
			onRcptTo(address, _session, callback) {
				if (address.address.startsWith('refused-'))
					return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }))
				callback()
			},
			onData(stream, session, callback) {
				received.push(...session.envelope.rcptTo.map((r) => r.address))
				stream.resume()
				stream.on('end', () => callback())
			},
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
		try {
			process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
			resetEnv()
			expect(await mailAnnouncements(now, { perSecond: 1000 })).toBe(2)
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()))
		}
		expect(received.sort()).toEqual([first.email, last.email].sort())
		expect(received).not.toContain(refused.email)
		expect(getAnnouncement(id, now)).toMatchObject({ mailedCount: 2, mailsFinishedAt: now.toISOString() })
	})
})
