import { randomBytes, randomUUID } from 'node:crypto'
import { getDb } from '#db/client.server.ts'
import { brokerAccounts, brokers } from '#db/schema.ts'
import { insertMember } from './factories.ts'

export { reportCsv, type ReportLine } from './broker-report-csv.ts'

/**
 * Brokers and members' tracking ids written straight to the unit tests'
 * database (the brokers of issue 14 part 1 may not be seeded), and report
 * files built from rows.
 */
export function insertBroker(overrides: Partial<typeof brokers.$inferInsert> = {}) {
	const id = randomUUID().slice(0, 8)
	return getDb()
		.insert(brokers)
		.values({
			name: `Broker ${id}`,
			slug: `broker-${id}`,
			regulator: 'Test regulator',
			licence: 'Licence 1',
			lossPercent: 70,
			affiliateUrl: 'https://broker.example/?ref={trackingId}',
			...overrides,
		})
		.returning()
		.get()
}

/** A member with an account (tracking id, random unless given) at `brokerId`. */
export function insertTrackedMember(
	brokerId: number,
	overrides: Parameters<typeof insertMember>[0] = {},
	trackingId = `tc_${randomBytes(9).toString('base64url')}`,
) {
	const user = insertMember(overrides)
	const account = getDb().insert(brokerAccounts).values({ userId: user.id, brokerId, trackingId }).returning().get()
	return { user, account, trackingId: account.trackingId }
}

/** `count` members with tracking ids at `brokerId`, in one transaction (the 10,000-row tests); their tracking ids. */
export function insertTrackedMembers(brokerId: number, count: number): string[] {
	const client = getDb().$client
	const tag = randomUUID().slice(0, 8)
	const user = client.prepare(
		"insert into users (name, email, password_hash, referral_code) values (?, ?, 'not-a-real-hash', ?) returning id",
	)
	const account = client.prepare('insert into broker_accounts (user_id, broker_id, tracking_id) values (?, ?, ?)')
	const ids: string[] = []
	client.transaction(() => {
		for (let i = 0; i < count; i++) {
			const { id } = user.get(`Bulk ${tag} ${i}`, `bulk-${tag}-${i}@example.com`, `B${tag}${i}`.toUpperCase()) as {
				id: number
			}
			const trackingId = `tc_${tag}_${i}`
			account.run(id, brokerId, trackingId)
			ids.push(trackingId)
		}
	})()
	return ids
}
