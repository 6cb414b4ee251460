import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { adminSessions, sessions, statsSnapshots, users } from '#db/schema.ts'
import { closeDb, getDb, isReadOnly, writeAttempts } from '#db/client.server.ts'
import { getDashboardStats } from '#app/features/stats/stats.server.ts'
import { resetEnv } from '#app/utils/env.server.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { STAFF_SESSION_IDLE_MS, staffAuth } from './staff.server.ts'
import { memberAuth } from './member.server.ts'

// What a GET wrote, and a read replica skips (docs/decisions/065-read-replicas.md):
// the bookkeeping written at most every few minutes, which the replica
// test's run is too short to reach, and the admin dashboard's snapshot.

const HOUR = 60 * 60 * 1000

/** Reopens this test's database as a read replica would. */
function becomeReplica() {
	closeDb()
	process.env.DATABASE_READONLY = 'true'
	process.env.PRIMARY_ORIGIN = 'https://primary.example.com'
	process.env.SESSION_SECRET = 'replica-test-secret-'.repeat(3)
	resetEnv()
	expect(isReadOnly(getDb())).toBe(true)
}

afterEach(() => {
	delete process.env.DATABASE_READONLY
	delete process.env.PRIMARY_ORIGIN
	delete process.env.SESSION_SECRET
	resetEnv()
})

describe('on a read replica', () => {
	test("a member's session is recognised without writing last seen or the device's last use", () => {
		const member = insertMember()
		const { token } = memberAuth.sessions.create(member.id, 'web', new Date(Date.now() - HOUR))
		getDb()
			.update(users)
			.set({ lastSeenAt: new Date(Date.now() - HOUR) })
			.where(eq(users.id, member.id))
			.run()
		becomeReplica()
		const before = writeAttempts()
		expect(memberAuth.sessions.find(token, 'web')?.id).toBe(member.id)
		expect(writeAttempts()).toBe(before)
		const session = getDb().select().from(sessions).where(eq(sessions.userId, member.id)).get()!
		expect(Date.now() - session.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(HOUR)
	})

	test('a staff session is recognised within its idle window without writing; past it refused, its row left', () => {
		const admin = insertAdmin()
		const used = staffAuth.sessions.create(admin.id, 'web', new Date(Date.now() - 10 * 60 * 1000)).token
		const idle = staffAuth.sessions.create(admin.id, 'api', new Date(Date.now() - STAFF_SESSION_IDLE_MS - 1000)).token
		becomeReplica()
		const before = writeAttempts()
		expect(staffAuth.sessions.find(used, 'web')?.id).toBe(admin.id)
		expect(staffAuth.sessions.find(idle, 'api')).toBeNull()
		expect(writeAttempts()).toBe(before)
		expect(getDb().select().from(adminSessions).where(eq(adminSessions.adminId, admin.id)).all()).toHaveLength(2)
	})

	test("the admin dashboard's figures are read without recording the day's snapshot", () => {
		becomeReplica()
		const before = writeAttempts()
		expect(getDashboardStats().totalUsers).toBeGreaterThanOrEqual(0)
		expect(writeAttempts()).toBe(before)
		expect(getDb().select().from(statsSnapshots).all()).toEqual([])
	})
})
