import crypto from 'node:crypto'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { notificationPreferences, notifications, users } from '#db/schema.ts'
import type { Inbox, InboxItem } from '#app/features/notifications/responses.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { escapeHtml, sendMail } from '#app/utils/mail.server.ts'
import {
	NOTIFICATION_KINDS,
	NOTIFICATION_KIND_LABELS,
	type NotificationKind,
} from '#app/features/notifications/schemas.ts'

export { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type NotificationKind }

/**
 * Notifications (issue 15 part 5, docs/decisions/023-consents-and-notifications.md):
 * an inbox row for every event, and an email when the member's preference
 * for that kind allows it (every kind is on by default: a missing
 * preference row means "email"). The mail goes out only after the caller's
 * transaction has committed: notify() runs inside it, so the mail is queued
 * for the next turn of the event loop and sent only if the row is there then.
 * Each mail carries a signed unsubscribe link for its kind that needs no
 * sign-in (/unsubscribe?token=...).
 */

export type NotificationInput = {
	userId: number
	kind: NotificationKind
	title: string
	body: string
	link?: string | null
}

export type { InboxItem }

/** The rows per inbox page (the page and GET /api/member/notifications). */
export const INBOX_PAGE_SIZE = 20

/** A notification's inbox row. */
function inboxRow(input: NotificationInput, now: Date) {
	return {
		userId: input.userId,
		kind: input.kind,
		title: input.title,
		body: input.body,
		link: input.link ?? null,
		createdAt: now,
	}
}

/** Writes the inbox row; queues the email (sent after commit) when the member wants that kind by email. */
export function notify(tx: Tx, input: NotificationInput, now: Date): void {
	const row = tx.insert(notifications).values(inboxRow(input, now)).returning({ id: notifications.id }).get()
	if (!wantsEmail(tx, input.userId, input.kind)) return
	const member = tx
		.select({ email: users.email, closedAt: users.closedAt })
		.from(users)
		.where(eq(users.id, input.userId))
		.get()
	if (!member || member.closedAt) return
	const mail = notificationMail(member.email, input)
	// The transaction is synchronous: by the time the queue runs this job it has committed or rolled back.
	queueMail(async () => {
		try {
			const committed = getDb()
				.select({ id: notifications.id })
				.from(notifications)
				.where(
					and(eq(notifications.id, row.id), eq(notifications.userId, input.userId), eq(notifications.createdAt, now)),
				)
				.get()
			if (!committed) return
			await sendMail(mail)
		} catch (error) {
			log('notifications.mail_failed', { userId: input.userId, kind: input.kind, error: String(error) }, 'error')
		}
	})
}

/**
 * Inbox rows for many members at once, in one statement, without mails:
 * for a sender that mails them itself at its own pace (an announcement to
 * every member, decision 062), not through the in-memory queue.
 */
export function notifyInboxes(tx: Tx, inputs: readonly NotificationInput[], now: Date): void {
	if (inputs.length === 0) return
	tx.insert(notifications)
		.values(inputs.map((input) => inboxRow(input, now)))
		.run()
}

/**
 * Notification mails go out a few at a time: a contest that completes with
 * thousands of participants queues thousands of mails in one transaction,
 * and opening that many SMTP connections at once would flood the relay and
 * the process. Jobs start on a later turn than the one that queued them
 * (after the caller's transaction), at most MAIL_CONCURRENCY at once.
 */
export const MAIL_CONCURRENCY = 2
const mailQueue: Array<() => Promise<void>> = []
let mailsRunning = 0

function queueMail(job: () => Promise<void>) {
	mailQueue.push(job)
	setImmediate(pumpMail)
}

function pumpMail() {
	while (mailsRunning < MAIL_CONCURRENCY && mailQueue.length > 0) {
		const job = mailQueue.shift()!
		mailsRunning++
		void job().finally(() => {
			mailsRunning--
			pumpMail()
		})
	}
}

/** Mails queued or being sent (for tests and a graceful stop). */
export function pendingNotificationMails() {
	return mailQueue.length + mailsRunning
}

/**
 * A graceful stop gives the queue up to `withinMs` to send what it holds
 * (the queue is in memory: what is still queued after that is lost, and
 * logged). Answers how many mails were left.
 */
export async function drainNotificationMails(withinMs = 3_000) {
	const deadline = Date.now() + withinMs
	while (pendingNotificationMails() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
	const left = pendingNotificationMails()
	if (left > 0) log('notifications.mails_dropped', { left }, 'warn')
	return left
}

function wantsEmail(db: Db | Tx, userId: number, kind: NotificationKind) {
	const pref = db
		.select({ email: notificationPreferences.email })
		.from(notificationPreferences)
		.where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
		.get()
	return pref ? pref.email : true
}

/** A body's paragraphs (split at blank lines; a one-line body is one). */
export function paragraphs(body: string) {
	return body
		.split(/\n\s*\n/)
		.map((p) => p.trim())
		.filter(Boolean)
}

/** The mail of a notification to `to`: its text, a link to open it and the kind's signed unsubscribe link. */
export function notificationMail(to: string, input: NotificationInput) {
	const origin = getEnv().appOrigin
	const unsubscribe = unsubscribeUrl(input.userId, input.kind)
	const open = input.link ? `${origin}${input.link}` : `${origin}/dashboard/notifications`
	const label = NOTIFICATION_KIND_LABELS[input.kind]
	return {
		to,
		subject: input.title,
		text: [
			input.body,
			'',
			`Open: ${open}`,
			'',
			`You get this email because "${label}" emails are on. Unsubscribe from them: ${unsubscribe}`,
		].join('\n'),
		// A body of paragraphs (an announcement) keeps them: one <p> each, split at blank lines.
		html: `${paragraphs(input.body)
			.map((p) => `<p>${escapeHtml(p)}</p>`)
			.join('\n')}
<p><a href="${escapeHtml(open)}">Open in your dashboard</a></p>
<p>You get this email because &quot;${escapeHtml(label)}&quot; emails are on. <a href="${escapeHtml(unsubscribe)}">Unsubscribe from these emails</a></p>`,
	}
}

// --- Unsubscribe tokens: HMAC of "userId.kind" under the session secret (rotation: every secret verifies).

function signature(secret: string, payload: string) {
	return crypto.createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url')
}

export function unsubscribeToken(userId: number, kind: NotificationKind) {
	const payload = `${userId}.${kind}`
	return `${payload}.${signature(getEnv().sessionSecrets[0]!, payload)}`
}

export function unsubscribeUrl(userId: number, kind: NotificationKind) {
	return `${getEnv().appOrigin}/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(userId, kind) })}`
}

/** The member and kind a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): { userId: number; kind: NotificationKind } | null {
	const parts = token.split('.')
	if (parts.length !== 3) return null
	const [idText, kind, sig] = parts as [string, string, string]
	if (!/^[1-9][0-9]{0,15}$/.test(idText)) return null
	if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null
	const payload = `${idText}.${kind}`
	const expected = Buffer.from(sig)
	const valid = getEnv().sessionSecrets.some((secret) => {
		const actual = Buffer.from(signature(secret, payload))
		return actual.length === expected.length && crypto.timingSafeEqual(actual, expected)
	})
	if (!valid) return null
	const userId = Number(idText)
	const exists = getDb().select({ id: users.id }).from(users).where(eq(users.id, userId)).get()
	return exists ? { userId, kind: kind as NotificationKind } : null
}

// --- The inbox.

function toItem(row: typeof notifications.$inferSelect): InboxItem {
	return {
		id: row.id,
		kind: row.kind as NotificationKind,
		title: row.title,
		body: row.body,
		link: row.link,
		read: row.readAt !== null,
		createdAt: row.createdAt.toISOString(),
	}
}

export function unreadCount(userId: number, db: Db = getDb()) {
	return (
		db
			.select({ n: count() })
			.from(notifications)
			.where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
			.get()?.n ?? 0
	)
}

/** One page of the member's inbox, newest first. */
export function listNotifications(userId: number, page = 1, pageSize = INBOX_PAGE_SIZE): Inbox {
	const db = getDb()
	const total = db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)).get()?.n ?? 0
	const pageCount = Math.max(1, Math.ceil(total / pageSize))
	const current = Math.min(Math.max(1, page), pageCount)
	const rows = db
		.select()
		.from(notifications)
		.where(eq(notifications.userId, userId))
		.orderBy(desc(notifications.createdAt), desc(notifications.id))
		.limit(pageSize)
		.offset((current - 1) * pageSize)
		.all()
	return {
		items: rows.map(toItem),
		unread: unreadCount(userId, db),
		pagination: { page: current, pageSize, total, pageCount },
	}
}

/** Marks one of the member's notifications read; false when it is not theirs (or does not exist). */
export function markRead(userId: number, id: number, now = new Date()) {
	const db = getDb()
	const row = db
		.select({ readAt: notifications.readAt })
		.from(notifications)
		.where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
		.get()
	if (!row) return false
	if (row.readAt === null) {
		write(
			(tx) =>
				tx
					.update(notifications)
					.set({ readAt: now })
					.where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
					.run(),
			db,
		)
	}
	return true
}

/** Marks every unread notification of the member read; returns how many changed. */
export function markAllRead(userId: number, now = new Date()) {
	return write((tx) =>
		tx
			.update(notifications)
			.set({ readAt: now })
			.where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
			.run(),
	).changes
}

// --- Email preferences.

export type EmailPreferences = Record<NotificationKind, boolean>

export function getEmailPreferences(userId: number, db: Db | Tx = getDb()): EmailPreferences {
	const rows = db
		.select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
		.from(notificationPreferences)
		.where(eq(notificationPreferences.userId, userId))
		.all()
	const stored = new Map(rows.map((r) => [r.kind, r.email]))
	return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? true])) as EmailPreferences
}

/** Stores the given kinds' email choices (others keep theirs); returns the full set. */
export function setEmailPreferences(userId: number, changes: Partial<EmailPreferences>, now = new Date()) {
	const db = getDb()
	return write((tx) => {
		for (const kind of NOTIFICATION_KINDS) {
			const email = changes[kind]
			if (email === undefined) continue
			tx.insert(notificationPreferences)
				.values({ userId, kind, email, updatedAt: now })
				.onConflictDoUpdate({
					target: [notificationPreferences.userId, notificationPreferences.kind],
					set: { email, updatedAt: now },
				})
				.run()
		}
		return getEmailPreferences(userId, tx)
	}, db)
}

/** The unsubscribe link's action: that kind's email off. */
export function unsubscribe(userId: number, kind: NotificationKind, now = new Date()) {
	setEmailPreferences(userId, { [kind]: false }, now)
	log('notifications.unsubscribe', { userId, kind })
}
