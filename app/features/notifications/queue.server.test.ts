import { describe, expect, test, vi } from 'vitest'
import type * as MailModule from '#app/utils/mail.server.ts'
import { getDb } from '#db/client.server.ts'
import { insertMember } from '#tests/factories.ts'
import { drainNotificationMails, MAIL_CONCURRENCY, notify, pendingNotificationMails } from './notifications.server.ts'

// Each mail takes a while; the test watches how many are in flight at once.
const flight = vi.hoisted(() => ({ now: 0, max: 0, sent: [] as string[] }))
vi.mock('#app/utils/mail.server.ts', async (importOriginal) => ({
	...(await importOriginal<typeof MailModule>()),
	sendMail: async (mail: { to: string }) => {
		flight.now++
		flight.max = Math.max(flight.max, flight.now)
		await new Promise((resolve) => setTimeout(resolve, 5))
		flight.sent.push(mail.to)
		flight.now--
		return true
	},
}))

describe('notification mails', () => {
	test('a contest-sized batch in one transaction goes out a few at a time, every mail once, after the commit', async () => {
		const members = Array.from({ length: 40 }, () => insertMember())
		getDb().transaction((tx) => {
			for (const member of members) {
				notify(tx, { userId: member.id, kind: 'contest_result', title: 'Ended', body: 'Rank #1' }, new Date())
			}
			// Nothing leaves while the transaction is open.
			expect(flight.sent).toHaveLength(0)
			expect(flight.now).toBe(0)
		})
		expect(pendingNotificationMails()).toBe(40)
		// A graceful stop waits for the queue (server/app.ts shutdown).
		expect(await drainNotificationMails(5_000)).toBe(0)
		expect(pendingNotificationMails()).toBe(0)
		expect(flight.max).toBe(MAIL_CONCURRENCY)
		expect(flight.sent.sort()).toEqual(members.map((m) => m.email).sort())
	})

	test('a stop that cannot wait any longer reports what is left', async () => {
		const member = insertMember()
		getDb().transaction((tx) => {
			for (let i = 0; i < 10; i++)
				notify(tx, { userId: member.id, kind: 'contest_result', title: 'Ended', body: `#${i}` }, new Date())
		})
		const left = await drainNotificationMails(0)
		expect(left).toBeGreaterThan(0)
		expect(await drainNotificationMails(5_000)).toBe(0)
	})
})
