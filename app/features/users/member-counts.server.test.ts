import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb, migrationsFolder } from '#db/client.server.ts'
import { contests, users } from '#db/schema.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { PLANS, USER_STATUSES } from '#app/domain/enums.ts'
import { countParticipants } from '#app/features/contests/contest.server.ts'
import { bulkUpdateUsers, deleteManagedUser } from './changes.server.ts'
import { countMembers } from './member-counts.server.ts'

// The summary rows of decision 064 are kept by triggers: after any mix of
// writes (the app's, raw SQL, cascades) they equal a count of the rows.

/** countMembers for every filter equals a count of users with that filter. */
function expectCountsMatchRows() {
	const db = getDb()
	const counted = (where?: ReturnType<typeof sql>) =>
		db
			.select({ n: sql<number>`count(*)` })
			.from(users)
			.where(where)
			.get()!.n
	expect(countMembers()).toBe(counted())
	for (const status of USER_STATUSES) expect(countMembers({ status }), status).toBe(counted(sql`status = ${status}`))
	for (const plan of PLANS) {
		expect(countMembers({ plan }), plan).toBe(counted(sql`plan = ${plan}`))
		for (const status of USER_STATUSES) {
			expect(countMembers({ status, plan })).toBe(counted(sql`status = ${status} and plan = ${plan}`))
		}
	}
}

describe('member_counts', () => {
	test('follows inserts, status and plan changes (one row or in bulk, raw SQL too) and deletes', () => {
		const actor = insertAuditActor()
		const members = Array.from({ length: 8 }, (_, i) =>
			insertMember({ status: USER_STATUSES[i % USER_STATUSES.length], plan: PLANS[i % PLANS.length] }),
		)
		expectCountsMatchRows()
		expect(countMembers()).toBe(8)
		expect(
			bulkUpdateUsers(actor, { userIds: members.slice(0, 3).map((m) => m.id), action: 'set-plan', plan: 'gold' }).ok,
		).toBe(true)
		expect(
			bulkUpdateUsers(actor, { userIds: members.slice(2, 6).map((m) => m.id), action: 'set-status', status: 'banned' })
				.ok,
		).toBe(true)
		getDb().update(users).set({ status: 'suspended', plan: 'platinum' }).where(eq(users.id, members[6]!.id)).run()
		getDb().$client.prepare("update users set name = 'Renamed' where id = ?").run(members[7]!.id)
		expectCountsMatchRows()
		expect(deleteManagedUser(actor, members[0]!.id).ok).toBe(true)
		expect(bulkUpdateUsers(actor, { userIds: [members[1]!.id, members[2]!.id], action: 'delete' }).ok).toBe(true)
		expectCountsMatchRows()
		expect(countMembers()).toBe(5)
	})
})

describe('contests.participant_count', () => {
	test('follows participants joining, leaving and members deleted (the cascade)', () => {
		const contest = insertContest({ type: 'referral', status: 'active' })
		const other = insertContest({ type: 'activity', status: 'active' })
		const joined = [1, 2, 3, 4].map((score) => insertParticipant(contest.id, score))
		insertParticipant(other.id, 1)
		const stored = (id: number) =>
			getDb().select({ n: contests.participantCount }).from(contests).where(eq(contests.id, id)).get()!.n
		expect([stored(contest.id), stored(other.id)]).toEqual([4, 1])
		getDb().$client.prepare('delete from contest_participants where id = ?').run(joined[0]!.participant.id)
		getDb().delete(users).where(eq(users.id, joined[1]!.user.id)).run()
		expect([stored(contest.id), countParticipants(contest.id), stored(other.id)]).toEqual([2, 2, 1])
	})
})

test('the migration fills both summaries from the rows already there', () => {
	const contest = insertContest({ type: 'referral', status: 'active' })
	for (const score of [1, 2, 3]) insertParticipant(contest.id, score)
	insertMember({ status: 'banned', plan: 'gold' })
	// As before the migration: no summary rows, no counts.
	const db = getDb().$client
	db.exec('delete from member_counts; update contests set participant_count = 0')
	const statements = fs
		.readFileSync(path.join(migrationsFolder(), '0027_flat_costs_summaries.sql'), 'utf8')
		.split('--> statement-breakpoint')
		.filter((s) => !/CREATE (TRIGGER|INDEX)/.test(s))
	expect(statements).toHaveLength(2)
	for (const statement of statements) db.exec(statement)
	expectCountsMatchRows()
	expect(countParticipants(contest.id)).toBe(3)
})
