import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { lessonCompletions, planActivations, referralCredits, users } from '#db/schema.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { bulkUpdateUsers, createManagedUser, updateManagedUser } from './changes.server.ts'
import { getManagedUserStats } from './figures.server.ts'
import { memberAuth } from '#app/auth/member.server.ts'

describe('the user page figures', () => {
	test('referrals, points, plan history from the audit log and activations, sessions, last seen', async () => {
		const admin = insertAuditActor()
		const created = await createManagedUser(admin, {
			name: 'Ada',
			email: 'ada@example.com',
			password: 'Str0ngPassw0rd',
			plan: 'regular',
			status: 'active',
		})
		const id = created.ok ? created.value.id : 0
		const ada = getDb().select().from(users).where(eq(users.id, id)).get()!
		const friend = insertMember({ referrer: { id, referralCode: ada.referralCode } })
		insertMember({ referrer: { id, referralCode: ada.referralCode } })
		getDb()
			.insert(referralCredits)
			.values({ referrerId: id, referredUserId: friend.id, points: 1, reason: 'Premium referral' })
			.run()
		getDb()
			.update(users)
			.set({ referralPoints: 1, referralCount: 1, lastSeenAt: new Date('2030-01-02T03:04:05Z') })
			.where(eq(users.id, id))
			.run()
		getDb()
			.insert(planActivations)
			.values({ userId: id, fromPlan: 'regular', toPlan: 'gold', createdAt: new Date(Date.now() + 1000) })
			.run()
		await updateManagedUser(admin, id, { name: 'Ada', email: 'ada@example.com', plan: 'platinum' })
		bulkUpdateUsers(admin, { userIds: [id], action: 'set-plan', plan: 'titanium' })
		await updateManagedUser(admin, id, { name: 'Ada L', email: 'ada@example.com' })
		memberAuth.sessions.create(id, 'web')
		memberAuth.sessions.create(id, 'api')
		getDb().insert(lessonCompletions).values({ userId: id, lessonId: 'basics-1' }).run()

		const stats = getManagedUserStats(id)
		expect(stats.ok).toBe(true)
		const value = stats.ok ? stats.value : null
		expect(value!.user).toMatchObject({
			id,
			name: 'Ada L',
			plan: 'titanium',
			referralCode: ada.referralCode,
			lastSeenAt: '2030-01-02T03:04:05.000Z',
		})
		expect(value!.referrals).toMatchObject({
			count: 1,
			points: 1,
			referredMembers: 2,
			recentCredits: [expect.objectContaining({ points: 1, reason: 'Premium referral' })],
		})
		expect(value!.planHistory.map((p) => [p.from, p.to, p.source])).toEqual(
			expect.arrayContaining([
				[null, 'regular', 'Created by an admin'],
				['regular', 'gold', 'Activation code'],
				['regular', 'platinum', 'Changed by an admin'],
				['platinum', 'titanium', 'Bulk update'],
			]),
		)
		expect(value!.planHistory).toHaveLength(4)
		expect(value!.sessions).toMatchObject({ active: 2, web: 1, api: 1 })
		expect(value!.activity).toEqual({ lessonsCompleted: 1, contestsJoined: 0, offersClaimed: 0 })
		expect(value!.recentChanges[0]).toMatchObject({ action: 'user.update', by: admin.email })
		expect(value!.brokers).toEqual([])
		expect(JSON.stringify(value)).not.toMatch(/passwordHash|\$2[aby]\$/)
	})

	test('unknown user: 404', () => {
		expect(getManagedUserStats(123456)).toMatchObject({ ok: false, status: 404, message: 'User not found' })
	})
})
