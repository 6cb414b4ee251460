import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { insertMember } from '#tests/factories.ts'
import { getEnv } from '#app/utils/env.server.ts'
import {
	getEmailPreferences,
	listNotifications,
	markAllRead,
	markRead,
	notify,
	readUnsubscribeToken,
	setEmailPreferences,
	unreadCount,
	unsubscribe,
	unsubscribeToken,
} from './notifications.server.ts'

function outbox() {
	const dir = getEnv().mailOutbox
	return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : []
}

/** Lets the after-commit mail (queued with setImmediate) be written. */
async function settle() {
	await new Promise((resolve) => setImmediate(resolve))
	for (let i = 0; i < 50 && outboxPending(); i++) await new Promise((r) => setTimeout(r, 10))
	await new Promise((r) => setTimeout(r, 30))
}
let expected = 0
function outboxPending() {
	return outbox().length < expected
}

function send(userId: number, kind: Parameters<typeof notify>[1]['kind'] = 'milestone', title = 'Milestone reached') {
	getDb().transaction((tx) =>
		notify(tx, { userId, kind, title, body: 'You reached 100 points.', link: '/dashboard/referrals' }, new Date()),
	)
}

describe('notify', () => {
	test('writes an unread inbox row and mails the member with an unsubscribe link for the kind', async () => {
		const member = insertMember()
		expected = 1
		send(member.id)
		expect(unreadCount(member.id)).toBe(1)
		const { items, unread, pagination } = listNotifications(member.id)
		expect(unread).toBe(1)
		expect(pagination.total).toBe(1)
		expect(items[0]).toMatchObject({ kind: 'milestone', title: 'Milestone reached', read: false })
		await settle()
		const mails = outbox()
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain(`To: ${member.email}`)
		expect(mails[0]).toContain('Subject: Milestone reached')
		const token = unsubscribeToken(member.id, 'milestone')
		expect(mails[0]!.replace(/=\r?\n/g, '')).toContain(encodeURIComponent(token).slice(0, 20))
	})

	test('no mail when the kind is off by email, the inbox row all the same', async () => {
		const member = insertMember()
		setEmailPreferences(member.id, { milestone: false })
		expected = 0
		send(member.id)
		await settle()
		expect(outbox()).toHaveLength(0)
		expect(unreadCount(member.id)).toBe(1)
	})

	test('a rolled back transaction leaves neither row nor mail', async () => {
		const member = insertMember()
		expected = 0
		expect(() =>
			getDb().transaction((tx) => {
				notify(tx, { userId: member.id, kind: 'offer_claim', title: 'Claim', body: 'b' }, new Date())
				throw new Error('rollback')
			}),
		).toThrow('rollback')
		await settle()
		expect(outbox()).toHaveLength(0)
		expect(unreadCount(member.id)).toBe(0)
	})
})

describe('inbox', () => {
	test('mark one read (only the owner), then all read', () => {
		const member = insertMember()
		const other = insertMember()
		send(member.id)
		send(member.id, 'contest_result', 'Contest completed')
		const [newest] = listNotifications(member.id).items
		expect(newest!.title).toBe('Contest completed')
		expect(markRead(other.id, newest!.id)).toBe(false)
		expect(unreadCount(member.id)).toBe(2)
		expect(markRead(member.id, newest!.id)).toBe(true)
		expect(unreadCount(member.id)).toBe(1)
		expect(markRead(member.id, newest!.id)).toBe(true)
		expect(markAllRead(member.id)).toBe(1)
		expect(unreadCount(member.id)).toBe(0)
		expect(listNotifications(member.id).items.every((i) => i.read)).toBe(true)
	})

	test('pages newest first and clamps the page', () => {
		const member = insertMember()
		for (let i = 0; i < 5; i++) send(member.id, 'milestone', `N${i}`)
		const page2 = listNotifications(member.id, 2, 2)
		expect(page2.items.map((i) => i.title)).toEqual(['N2', 'N1'])
		expect(page2.pagination).toEqual({ page: 2, pageSize: 2, total: 5, pageCount: 3 })
		expect(listNotifications(member.id, 99, 2).pagination.page).toBe(3)
	})
})

describe('preferences and unsubscribe', () => {
	test('every kind is on by default; changes keep the others', () => {
		const member = insertMember()
		expect(Object.values(getEmailPreferences(member.id)).every(Boolean)).toBe(true)
		const prefs = setEmailPreferences(member.id, { offer_claim: false })
		expect(prefs.offer_claim).toBe(false)
		expect(prefs.milestone).toBe(true)
		expect(setEmailPreferences(member.id, { offer_claim: true }).offer_claim).toBe(true)
	})

	test('a signed token names the member and kind; a tampered one is refused', () => {
		const member = insertMember()
		const token = unsubscribeToken(member.id, 'referral_credited')
		expect(readUnsubscribeToken(token)).toEqual({ userId: member.id, kind: 'referral_credited' })
		const [id, , sig] = token.split('.')
		expect(readUnsubscribeToken(`${id}.milestone.${sig}`)).toBeNull()
		expect(readUnsubscribeToken(`${member.id + 1}.referral_credited.${sig}`)).toBeNull()
		expect(readUnsubscribeToken('garbage')).toBeNull()
		expect(readUnsubscribeToken(`${id}.unknown.${sig}`)).toBeNull()
		unsubscribe(member.id, 'referral_credited')
		expect(getEmailPreferences(member.id).referral_credited).toBe(false)
	})
})
