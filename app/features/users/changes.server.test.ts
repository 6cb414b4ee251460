import bcrypt from 'bcryptjs'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import {
	contestParticipants,
	contests,
	feeOfferClaims,
	lessonCompletions,
	passwordResetTokens,
	planActivations,
	referralCredits,
	sessions,
	users,
} from '#db/schema.ts'
import { auditRows, insertAuditActor, insertMember } from '#tests/factories.ts'
import { AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { bulkUpdateUsers, createManagedUser, deleteManagedUser, updateManagedUser } from './changes.server.ts'
import { memberAuth } from '#app/auth/member.server.ts'

describe('create', () => {
	const input = {
		name: 'Ada Lovelace',
		email: 'ada@example.com',
		password: 'Str0ngPassw0rd',
		plan: 'regular' as const,
		status: 'active' as const,
	}

	test('stores the member with a hashed password, a unique referral code and an audit row without the hash', async () => {
		const admin = insertAuditActor()
		const result = await createManagedUser(admin, { ...input, phone: '+2348012345678', telegram: '@ada' })
		expect(result.ok).toBe(true)
		const created = result.ok ? result.value : null
		expect(created).toMatchObject({
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			plan: 'regular',
			status: 'active',
			phone: '+2348012345678',
			country: '',
			telegram: '@ada',
			totalInvested: 0,
		})
		const row = getDb().select().from(users).where(eq(users.id, created!.id)).get()!
		expect(await bcrypt.compare('Str0ngPassw0rd', row.passwordHash)).toBe(true)
		expect(bcrypt.getRounds(row.passwordHash)).toBeGreaterThanOrEqual(10)
		expect(row.referralCode).toMatch(/^[A-Z0-9]{8}$/)
		const second = await createManagedUser(admin, { ...input, email: 'other@example.com' })
		expect(second.ok && getDb().select().from(users).where(eq(users.id, second.value.id)).get()!.referralCode).not.toBe(
			row.referralCode,
		)
		const [entry] = auditRows(created!.id)
		expect(entry).toMatchObject({
			adminId: admin.id,
			adminEmail: admin.email,
			action: 'user.create',
			targetType: 'user',
			before: null,
		})
		expect(entry!.after).toMatchObject({
			email: 'ada@example.com',
			plan: 'regular',
			status: 'active',
			referralCode: row.referralCode,
		})
		expect(JSON.stringify(entry)).not.toMatch(/\$2[aby]\$|password/i)
	})

	test('a taken email is a 409 field error; nothing stored', async () => {
		const admin = insertAuditActor()
		insertMember({ email: 'ada@example.com' })
		const result = await createManagedUser(admin, input)
		expect(result).toEqual({
			ok: false,
			status: 409,
			message: AUTH_FLOW_MESSAGES.emailTaken,
			fieldErrors: { email: [AUTH_FLOW_MESSAGES.emailTaken] },
		})
		expect(getDb().select().from(users).all()).toHaveLength(1)
		expect(auditRows()).toEqual([])
	})
})

describe('update', () => {
	test('changes the fields, keeps the password when none is given, writes before/after', async () => {
		const admin = insertAuditActor()
		const member = insertMember({ name: 'Ada', plan: 'regular', phone: '+2348000000000' })
		const result = await updateManagedUser(admin, member.id, {
			name: 'Ada L',
			email: 'ada.l@example.com',
			plan: 'gold',
		})
		expect(result.ok && result.value).toMatchObject({
			name: 'Ada L',
			email: 'ada.l@example.com',
			plan: 'gold',
			status: 'active',
			phone: '+2348000000000',
		})
		const row = getDb().select().from(users).where(eq(users.id, member.id)).get()!
		expect(row.passwordHash).toBe(member.passwordHash)
		const [entry] = auditRows(member.id)
		expect(entry).toMatchObject({
			action: 'user.update',
			before: expect.objectContaining({ name: 'Ada', plan: 'regular' }),
			after: expect.objectContaining({ name: 'Ada L', plan: 'gold' }),
		})
		expect(JSON.stringify(entry)).not.toMatch(/not-a-real-hash|passwordHash/)
	})

	test("a new password is hashed and ends the member's sessions", async () => {
		const admin = insertAuditActor()
		const member = insertMember()
		const { token } = memberAuth.sessions.create(member.id, 'api')
		const result = await updateManagedUser(admin, member.id, {
			name: member.name,
			email: member.email,
			password: 'N3wPassword!',
		})
		expect(result.ok).toBe(true)
		const row = getDb().select().from(users).where(eq(users.id, member.id)).get()!
		expect(await bcrypt.compare('N3wPassword!', row.passwordHash)).toBe(true)
		expect(memberAuth.sessions.find(token, 'api')).toBeNull()
		expect(auditRows(member.id)[0]!.after).toMatchObject({ credentialChanged: true, sessionsEnded: 1 })
	})

	test('banned or suspended ends every session at once; active keeps them', async () => {
		const admin = insertAuditActor()
		for (const status of ['banned', 'suspended'] as const) {
			const member = insertMember()
			const web = memberAuth.sessions.create(member.id, 'web').token
			const api = memberAuth.sessions.create(member.id, 'api').token
			await updateManagedUser(admin, member.id, { name: member.name, email: member.email, status })
			expect(getDb().select().from(sessions).where(eq(sessions.userId, member.id)).all()).toEqual([])
			expect(memberAuth.sessions.find(web, 'web')).toBeNull()
			expect(memberAuth.sessions.find(api, 'api')).toBeNull()
		}
		const member = insertMember()
		const token = memberAuth.sessions.create(member.id, 'api').token
		await updateManagedUser(admin, member.id, { name: 'Renamed', email: member.email, status: 'pending' })
		expect(memberAuth.sessions.find(token, 'api')?.name).toBe('Renamed')
	})

	test("unknown user 404; another member's email 409; the own email is fine", async () => {
		const admin = insertAuditActor()
		const a = insertMember({ email: 'a@example.com' })
		insertMember({ email: 'b@example.com' })
		expect(await updateManagedUser(admin, 999_999, { name: 'X', email: 'x@example.com' })).toMatchObject({
			ok: false,
			status: 404,
			message: 'User not found',
		})
		expect(await updateManagedUser(admin, a.id, { name: 'X', email: 'b@example.com' })).toMatchObject({
			ok: false,
			status: 409,
			fieldErrors: { email: [AUTH_FLOW_MESSAGES.emailTaken] },
		})
		expect((await updateManagedUser(admin, a.id, { name: 'X', email: 'a@example.com' })).ok).toBe(true)
	})
})

describe('delete', () => {
	function memberWithEverything() {
		const referrer = insertMember({ name: 'Referrer' })
		const member = insertMember({ name: 'Doomed', referrer: { id: referrer.id, referralCode: referrer.referralCode } })
		const friend = insertMember({ name: 'Friend', referrer: { id: member.id, referralCode: member.referralCode } })
		const db = getDb()
		// The member was referred (the referrer keeps that credit) and referred a friend (their own credit goes).
		db.insert(referralCredits)
			.values({ referrerId: referrer.id, referredUserId: member.id, points: 1, reason: 'r1' })
			.run()
		db.insert(referralCredits)
			.values({ referrerId: member.id, referredUserId: friend.id, points: 1, reason: 'r2' })
			.run()
		db.update(users).set({ referralPoints: 1, referralCount: 1 }).where(eq(users.id, referrer.id)).run()
		db.insert(passwordResetTokens)
			.values({ tokenHash: `hash-${member.id}`, userId: member.id, expiresAt: new Date(Date.now() + 3_600_000) })
			.run()
		db.insert(lessonCompletions).values({ userId: member.id, lessonId: 'basics-1' }).run()
		db.insert(feeOfferClaims).values({ userId: member.id, offerId: 'offer-1' }).run()
		const contest = db
			.insert(contests)
			.values({
				name: 'C',
				description: 'd',
				startDate: '2026-01-01',
				endDate: '2026-01-31',
				prizeFirst: '$1',
				rules: 'r',
			})
			.returning()
			.get()
		db.insert(contestParticipants).values({ contestId: contest.id, userId: member.id, score: 3 }).run()
		db.insert(planActivations).values({ userId: member.id, fromPlan: 'regular', toPlan: 'gold' }).run()
		const token = memberAuth.sessions.create(member.id, 'api').token
		return { referrer, member, friend, token }
	}

	test("one transaction removes what is theirs, ends their sessions, keeps the referrer's points, audits", () => {
		const admin = insertAuditActor()
		const { referrer, member, friend, token } = memberWithEverything()
		expect(deleteManagedUser(admin, member.id)).toEqual({ ok: true, value: { id: member.id } })
		const db = getDb()
		expect(db.select().from(users).where(eq(users.id, member.id)).get()).toBeUndefined()
		expect(memberAuth.sessions.find(token, 'api')).toBeNull()
		for (const table of [
			sessions,
			passwordResetTokens,
			lessonCompletions,
			feeOfferClaims,
			contestParticipants,
			planActivations,
		]) {
			expect(db.select().from(table).where(eq(table.userId, member.id)).all()).toEqual([])
		}
		// Their own credit as a referrer is gone; the credit they earned their referrer stays, unlinked.
		expect(db.select().from(referralCredits).all()).toEqual([
			expect.objectContaining({ referrerId: referrer.id, referredUserId: null, reason: 'r1' }),
		])
		expect(db.select().from(users).where(eq(users.id, referrer.id)).get()).toMatchObject({
			referralPoints: 1,
			referralCount: 1,
		})
		// The friend they referred keeps the account.
		expect(db.select().from(users).where(eq(users.id, friend.id)).get()).toMatchObject({ referrerId: null })
		const [entry] = auditRows(member.id)
		expect(entry).toMatchObject({
			action: 'user.delete',
			adminId: admin.id,
			after: null,
			before: expect.objectContaining({ name: 'Doomed' }),
		})
	})

	test('unknown user: 404, nothing written', () => {
		expect(deleteManagedUser(insertAuditActor(), 424242)).toMatchObject({ ok: false, status: 404 })
		expect(auditRows()).toEqual([])
	})
})

describe('bulk update', () => {
	test('set status: counts only the rows that change, audits each, bans end sessions', () => {
		const admin = insertAuditActor()
		const a = insertMember({ status: 'active' })
		const b = insertMember({ status: 'active' })
		const c = insertMember({ status: 'banned' })
		const token = memberAuth.sessions.create(a.id, 'api').token
		const result = bulkUpdateUsers(admin, { userIds: [a.id, b.id, c.id], action: 'set-status', status: 'banned' })
		expect(result).toEqual({ ok: true, value: { updated: 2 } })
		expect(
			getDb()
				.select({ status: users.status })
				.from(users)
				.all()
				.map((r) => r.status),
		).toEqual(['banned', 'banned', 'banned'])
		expect(memberAuth.sessions.find(token, 'api')).toBeNull()
		const rows = auditRows().filter((r) => r.action === 'user.bulk-update')
		expect(rows.map((r) => Number(r.targetId)).sort()).toEqual([a.id, b.id].sort())
		expect(rows[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'banned' }, adminId: admin.id })
	})

	test('set plan; pending keeps sessions', () => {
		const admin = insertAuditActor()
		const a = insertMember({ plan: 'regular' })
		const b = insertMember({ plan: 'gold' })
		const token = memberAuth.sessions.create(a.id, 'api').token
		expect(bulkUpdateUsers(admin, { userIds: [a.id, b.id], action: 'set-plan', plan: 'gold' })).toEqual({
			ok: true,
			value: { updated: 1 },
		})
		expect(bulkUpdateUsers(admin, { userIds: [a.id], action: 'set-status', status: 'pending' })).toEqual({
			ok: true,
			value: { updated: 1 },
		})
		expect(memberAuth.sessions.find(token, 'api')).not.toBeNull()
	})

	test('delete removes each member and their data, with an audit row each', () => {
		const admin = insertAuditActor()
		const a = insertMember()
		const b = insertMember()
		const keep = insertMember()
		const token = memberAuth.sessions.create(a.id, 'web').token
		getDb().insert(lessonCompletions).values({ userId: b.id, lessonId: 'basics-1' }).run()
		expect(bulkUpdateUsers(admin, { userIds: [a.id, b.id], action: 'delete' })).toEqual({
			ok: true,
			value: { updated: 2 },
		})
		expect(getDb().select({ id: users.id }).from(users).all()).toEqual([{ id: keep.id }])
		expect(memberAuth.sessions.find(token, 'web')).toBeNull()
		expect(getDb().select().from(lessonCompletions).all()).toEqual([])
		expect(auditRows().filter((r) => r.action === 'user.bulk-delete')).toHaveLength(2)
	})

	test('all or nothing: one unknown id and nothing changes (C8)', () => {
		const admin = insertAuditActor()
		const a = insertMember({ status: 'active' })
		const result = bulkUpdateUsers(admin, { userIds: [a.id, 987654], action: 'set-status', status: 'suspended' })
		expect(result).toMatchObject({ ok: false, status: 404 })
		expect(getDb().select().from(users).where(eq(users.id, a.id)).get()!.status).toBe('active')
		expect(bulkUpdateUsers(admin, { userIds: [a.id, 987654], action: 'delete' })).toMatchObject({
			ok: false,
			status: 404,
		})
		expect(getDb().select().from(users).all()).toHaveLength(1)
		expect(auditRows()).toEqual([])
	})
})
