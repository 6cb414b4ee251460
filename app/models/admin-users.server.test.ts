import bcrypt from 'bcryptjs'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import {
	auditLog,
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
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { DEFAULT_USER_LIST_QUERY, type UserListQuery } from '#app/utils/admin-users-validation.ts'
import { EMAIL_TAKEN } from '#app/utils/messages.ts'
import {
	bulkUpdateUsers,
	createManagedUser,
	CSV_HEADER,
	deleteManagedUser,
	exportFileName,
	exportUsersCsvText,
	ftsPhrase,
	getManagedUserStats,
	countSearchMatches,
	listManagedUsers,
	listQueries,
	updateManagedUser,
} from './admin-users.server.ts'
import { createSession, getSessionUser } from './session.server.ts'

function actor() {
	const admin = insertAdmin({ role: 'super_admin' })
	return { id: admin.id, email: admin.email }
}

const q = (overrides: Partial<UserListQuery> = {}): UserListQuery => ({ ...DEFAULT_USER_LIST_QUERY, ...overrides })

function audits(targetId?: number) {
	const rows = getDb().select().from(auditLog).all()
	return targetId === undefined ? rows : rows.filter((r) => r.targetId === String(targetId))
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

describe('the list', () => {
	function seed() {
		const rows = [
			{ name: 'ada Lovelace', email: 'ada@example.com', status: 'active', plan: 'gold', totalDeposit: 500, totalWithdraw: 100, createdAt: minutesAgo(50) },
			{ name: 'Grace Hopper', email: 'grace@navy.example', status: 'banned', plan: 'regular', totalDeposit: 50, totalWithdraw: 0, createdAt: minutesAgo(40) },
			{ name: 'Alan Turing', email: 'alan@bletchley.example', status: 'active', plan: 'platinum', totalDeposit: 2000, totalWithdraw: 500, createdAt: minutesAgo(30) },
			{ name: 'Bola Adeyemi', email: 'bola@mail.example', status: 'pending', plan: 'gold', totalDeposit: 0, totalWithdraw: 0, createdAt: minutesAgo(20) },
			{ name: 'Chidi Eze', email: 'chidi_100%@mail.example', status: 'suspended', plan: 'titanium', totalDeposit: 10, totalWithdraw: 5, createdAt: minutesAgo(10) },
		] as const
		return rows.map((r) => insertMember({ ...r }))
	}

	test('newest first by default, with investment = deposit + withdrawn, never a hash', () => {
		seed()
		const { users: list, pagination } = listManagedUsers(q())
		expect(list.map((u) => u.name)).toEqual(['Chidi Eze', 'Bola Adeyemi', 'Alan Turing', 'Grace Hopper', 'ada Lovelace'])
		expect(list[2]).toMatchObject({ totalDeposit: 2000, totalWithdraw: 500, totalInvested: 2500, plan: 'platinum', status: 'active' })
		expect(Object.keys(list[0]!).sort()).toEqual(
			['country', 'createdAt', 'email', 'id', 'name', 'phone', 'plan', 'status', 'telegram', 'totalDeposit', 'totalInvested', 'totalWithdraw'].sort(),
		)
		expect(pagination).toMatchObject({ page: 1, limit: 10, totalCount: 5, totalPages: 1, currentPage: 1, from: 1, to: 5 })
	})

	test('each of the six sorts (names case-insensitive; ties by id)', () => {
		seed()
		const names = (sortBy: UserListQuery['sortBy'], sortOrder: UserListQuery['sortOrder']) =>
			listManagedUsers(q({ sortBy, sortOrder })).users.map((u) => u.name.split(' ')[0])
		expect(names('createdAt', 'asc')).toEqual(['ada', 'Grace', 'Alan', 'Bola', 'Chidi'])
		expect(names('name', 'asc')).toEqual(['ada', 'Alan', 'Bola', 'Chidi', 'Grace'])
		expect(names('name', 'desc')).toEqual(['Grace', 'Chidi', 'Bola', 'Alan', 'ada'])
		expect(names('totalInvested', 'desc')).toEqual(['Alan', 'ada', 'Grace', 'Chidi', 'Bola'])
		expect(names('totalInvested', 'asc')).toEqual(['Bola', 'Chidi', 'Grace', 'ada', 'Alan'])
	})

	test('status and plan filters, alone and together', () => {
		seed()
		expect(listManagedUsers(q({ status: 'active' })).users.map((u) => u.email)).toEqual(['alan@bletchley.example', 'ada@example.com'])
		expect(listManagedUsers(q({ plan: 'gold' })).pagination.totalCount).toBe(2)
		expect(listManagedUsers(q({ status: 'active', plan: 'gold' })).users.map((u) => u.email)).toEqual(['ada@example.com'])
		expect(listManagedUsers(q({ status: 'banned', plan: 'gold' })).users).toEqual([])
	})

	test('search by name or email: substrings, any case, 1 to 2 characters too; wildcards and quotes are text', () => {
		seed()
		const emails = (search: string) => listManagedUsers(q({ search })).users.map((u) => u.email).sort()
		expect(emails('lovelace')).toEqual(['ada@example.com'])
		expect(emails('HOPP')).toEqual(['grace@navy.example'])
		expect(emails('bletchley')).toEqual(['alan@bletchley.example'])
		expect(emails('mail.ex')).toEqual(['bola@mail.example', 'chidi_100%@mail.example'])
		expect(emails('an t')).toEqual(['alan@bletchley.example'])
		expect(emails('ez')).toEqual(['chidi_100%@mail.example'])
		expect(emails('z')).toEqual(['chidi_100%@mail.example'])
		expect(emails('%')).toEqual(['chidi_100%@mail.example'])
		expect(emails('_')).toEqual(['chidi_100%@mail.example'])
		expect(emails('0%@')).toEqual(['chidi_100%@mail.example'])
		expect(emails('"')).toEqual([])
		expect(emails('"ada"')).toEqual([])
		expect(emails("' OR '1'='1")).toEqual([])
		expect(emails('ada OR grace')).toEqual([])
		expect(emails('NEAR(a b)')).toEqual([])
		expect(emails('%'.repeat(100))).toEqual([])
		// Search works with the filters and the count.
		expect(listManagedUsers(q({ search: 'mail', status: 'pending' })).pagination.totalCount).toBe(1)
	})

	test('the search index follows renames and deletions', async () => {
		const [ada] = seed()
		const admin = actor()
		await updateManagedUser(admin, ada!.id, { name: 'Augusta King', email: 'augusta@example.com' })
		expect(listManagedUsers(q({ search: 'lovelace' })).users).toEqual([])
		expect(listManagedUsers(q({ search: 'augusta' })).users.map((u) => u.id)).toEqual([ada!.id])
		deleteManagedUser(admin, ada!.id)
		expect(listManagedUsers(q({ search: 'augusta' })).users).toEqual([])
		// A member's own activity (last seen) leaves the index alone.
		getDb().update(users).set({ lastSeenAt: new Date() }).run()
		expect(listManagedUsers(q({ search: 'hopper' })).pagination.totalCount).toBe(1)
	})

	test('pages of 10: rows never repeat across pages; the page clamps, the API does not', () => {
		const created = new Date()
		// Same creation time for all: the id decides the order.
		for (let i = 0; i < 23; i++) insertMember({ name: `Member ${String(i).padStart(2, '0')}`, createdAt: created })
		const seen = new Set<number>()
		for (const page of [1, 2, 3]) {
			const { users: list, pagination } = listManagedUsers(q({ page }))
			expect(pagination).toMatchObject({ page, totalPages: 3, totalCount: 23, from: (page - 1) * 10 + 1, to: Math.min(page * 10, 23) })
			for (const u of list) seen.add(u.id)
		}
		expect(seen.size).toBe(23)
		expect(listManagedUsers(q({ page: 9 })).users).toEqual([])
		const clamped = listManagedUsers(q({ page: 9 }), { clampPage: true })
		expect(clamped.pagination).toMatchObject({ page: 3, from: 21, to: 23 })
		expect(clamped.users).toHaveLength(3)
		expect(listManagedUsers(q({ limit: 100 })).users).toHaveLength(23)
	})

	test('a broad search (many matches, walked through the sort index) finds the same rows as a narrow one', () => {
		for (let i = 0; i < 30; i++) {
			insertMember({
				name: `${i % 3 ? 'Common' : 'Rare'} Name ${i}`,
				status: i % 4 ? 'active' : 'pending',
				plan: i % 5 ? 'regular' : 'gold',
				totalDeposit: (i * 37) % 100,
				createdAt: minutesAgo(i % 7),
			})
		}
		for (const query of [
			q({ search: 'common' }),
			q({ search: 'common', status: 'active', sortBy: 'name', sortOrder: 'desc' }),
			q({ search: 'name', plan: 'gold', sortBy: 'totalInvested', sortOrder: 'asc' }),
			q({ search: 'rare', status: 'pending', plan: 'regular', page: 1, limit: 3 }),
			q({ search: 'name', page: 2, limit: 7, sortBy: 'createdAt', sortOrder: 'asc' }),
		]) {
			const narrow = listQueries(query, getDb(), { broad: false })
			const broad = listQueries(query, getDb(), { broad: true })
			expect(broad.rows.all()).toEqual(narrow.rows.all())
			expect(broad.count.get()).toEqual(narrow.count.get())
			expect(narrow.rows.all().length).toBeGreaterThan(0)
		}
		expect(countSearchMatches('common')).toBe(20)
	})

	test('FTS phrase escaping', () => {
		expect(ftsPhrase('a"b')).toBe('"a""b"')
	})
})

describe('CSV export', () => {
	test('every filtered row in the list order, formula-safe, with a header and a BOM', async () => {
		insertMember({ name: '=HYPERLINK("http://evil","x")', email: 'evil@example.com', createdAt: minutesAgo(5), totalDeposit: 10.5, totalWithdraw: 2 })
		insertMember({ name: 'Ada, Countess', email: 'ada@example.com', status: 'banned', plan: 'gold', createdAt: minutesAgo(1) })
		const text = await exportUsersCsvText(q())
		const lines = text.split('\r\n')
		expect(lines[0]).toBe(`\uFEFF${CSV_HEADER.join(',')}`)
		expect(lines[1]).toMatch(/^\d+,"Ada, Countess",ada@example.com,,,,Gold Room,banned,0,0,0,\d{4}-\d\d-\d\dT/)
		expect(lines[2]).toMatch(/^\d+,"'=HYPERLINK\(""http:\/\/evil"",""x""\)",evil@example.com,,,,Regular,active,10.5,2,12.5,/)
		expect(lines).toHaveLength(4)
		expect(lines[3]).toBe('')
		const banned = await exportUsersCsvText(q({ status: 'banned' }))
		expect(banned.split('\r\n')).toHaveLength(3)
		expect(exportFileName(new Date('2026-11-21T23:00:00Z'))).toBe('users-2026-11-21.csv')
	})

	test('all pages, not only the first (in batches)', async () => {
		const db = getDb().$client
		const insert = db.prepare("insert into users (email, password_hash, name, referral_code) values (?, 'x', ?, ?)")
		db.transaction(() => {
			for (let i = 0; i < 2345; i++) insert.run(`bulk${i}@example.com`, `Bulk ${i}`, `CODE${i}`)
		})()
		const text = await exportUsersCsvText(q({ page: 7, limit: 10 }))
		expect(text.split('\r\n').filter(Boolean)).toHaveLength(2346)
	})
})

describe('create', () => {
	const input = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Str0ngPassw0rd', plan: 'regular' as const, status: 'active' as const }

	test('stores the member with a hashed password, a unique referral code and an audit row without the hash', async () => {
		const admin = actor()
		const result = await createManagedUser(admin, { ...input, phone: '+2348012345678', telegram: '@ada' })
		expect(result.ok).toBe(true)
		const created = result.ok ? result.value : null
		expect(created).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', plan: 'regular', status: 'active', phone: '+2348012345678', country: '', telegram: '@ada', totalInvested: 0 })
		const row = getDb().select().from(users).where(eq(users.id, created!.id)).get()!
		expect(await bcrypt.compare('Str0ngPassw0rd', row.passwordHash)).toBe(true)
		expect(bcrypt.getRounds(row.passwordHash)).toBeGreaterThanOrEqual(10)
		expect(row.referralCode).toMatch(/^[A-Z0-9]{8}$/)
		const second = await createManagedUser(admin, { ...input, email: 'other@example.com' })
		expect(second.ok && getDb().select().from(users).where(eq(users.id, second.value.id)).get()!.referralCode).not.toBe(row.referralCode)
		const [entry] = audits(created!.id)
		expect(entry).toMatchObject({ adminId: admin.id, adminEmail: admin.email, action: 'user.create', targetType: 'user', before: null })
		expect(entry!.after).toMatchObject({ email: 'ada@example.com', plan: 'regular', status: 'active', referralCode: row.referralCode })
		expect(JSON.stringify(entry)).not.toMatch(/\$2[aby]\$|password/i)
	})

	test('a taken email is a 409 field error; nothing stored', async () => {
		const admin = actor()
		insertMember({ email: 'ada@example.com' })
		const result = await createManagedUser(admin, input)
		expect(result).toEqual({ ok: false, status: 409, message: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } })
		expect(getDb().select().from(users).all()).toHaveLength(1)
		expect(audits()).toEqual([])
	})
})

describe('update', () => {
	test('changes the fields, keeps the password when none is given, writes before/after', async () => {
		const admin = actor()
		const member = insertMember({ name: 'Ada', plan: 'regular', phone: '+2348000000000' })
		const result = await updateManagedUser(admin, member.id, { name: 'Ada L', email: 'ada.l@example.com', plan: 'gold' })
		expect(result.ok && result.value).toMatchObject({ name: 'Ada L', email: 'ada.l@example.com', plan: 'gold', status: 'active', phone: '+2348000000000' })
		const row = getDb().select().from(users).where(eq(users.id, member.id)).get()!
		expect(row.passwordHash).toBe(member.passwordHash)
		const [entry] = audits(member.id)
		expect(entry).toMatchObject({ action: 'user.update', before: expect.objectContaining({ name: 'Ada', plan: 'regular' }), after: expect.objectContaining({ name: 'Ada L', plan: 'gold' }) })
		expect(JSON.stringify(entry)).not.toMatch(/not-a-real-hash|passwordHash/)
	})

	test('a new password is hashed and ends the member\'s sessions', async () => {
		const admin = actor()
		const member = insertMember()
		const { token } = createSession(member.id, 'api')
		const result = await updateManagedUser(admin, member.id, { name: member.name, email: member.email, password: 'N3wPassword!' })
		expect(result.ok).toBe(true)
		const row = getDb().select().from(users).where(eq(users.id, member.id)).get()!
		expect(await bcrypt.compare('N3wPassword!', row.passwordHash)).toBe(true)
		expect(getSessionUser(token, 'api')).toBeNull()
		expect(audits(member.id)[0]!.after).toMatchObject({ credentialChanged: true, sessionsEnded: 1 })
	})

	test('banned or suspended ends every session at once; active keeps them', async () => {
		const admin = actor()
		for (const status of ['banned', 'suspended'] as const) {
			const member = insertMember()
			const web = createSession(member.id, 'web').token
			const api = createSession(member.id, 'api').token
			await updateManagedUser(admin, member.id, { name: member.name, email: member.email, status })
			expect(getDb().select().from(sessions).where(eq(sessions.userId, member.id)).all()).toEqual([])
			expect(getSessionUser(web, 'web')).toBeNull()
			expect(getSessionUser(api, 'api')).toBeNull()
		}
		const member = insertMember()
		const token = createSession(member.id, 'api').token
		await updateManagedUser(admin, member.id, { name: 'Renamed', email: member.email, status: 'pending' })
		expect(getSessionUser(token, 'api')?.name).toBe('Renamed')
	})

	test('unknown user 404; another member\'s email 409; the own email is fine', async () => {
		const admin = actor()
		const a = insertMember({ email: 'a@example.com' })
		insertMember({ email: 'b@example.com' })
		expect(await updateManagedUser(admin, 999_999, { name: 'X', email: 'x@example.com' })).toMatchObject({ ok: false, status: 404, message: 'User not found' })
		expect(await updateManagedUser(admin, a.id, { name: 'X', email: 'b@example.com' })).toMatchObject({ ok: false, status: 409, fieldErrors: { email: [EMAIL_TAKEN] } })
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
		db.insert(referralCredits).values({ referrerId: referrer.id, referredUserId: member.id, points: 1, reason: 'r1' }).run()
		db.insert(referralCredits).values({ referrerId: member.id, referredUserId: friend.id, points: 1, reason: 'r2' }).run()
		db.update(users).set({ referralPoints: 1, referralCount: 1 }).where(eq(users.id, referrer.id)).run()
		db.insert(passwordResetTokens).values({ tokenHash: `hash-${member.id}`, userId: member.id, expiresAt: new Date(Date.now() + 3_600_000) }).run()
		db.insert(lessonCompletions).values({ userId: member.id, lessonId: 'basics-1' }).run()
		db.insert(feeOfferClaims).values({ userId: member.id, offerId: 'offer-1' }).run()
		const contest = db
			.insert(contests)
			.values({ name: 'C', description: 'd', startDate: '2026-01-01', endDate: '2026-01-31', prizeFirst: '$1', rules: 'r' })
			.returning()
			.get()
		db.insert(contestParticipants).values({ contestId: contest.id, userId: member.id, score: 3 }).run()
		db.insert(planActivations).values({ userId: member.id, fromPlan: 'regular', toPlan: 'gold' }).run()
		const token = createSession(member.id, 'api').token
		return { referrer, member, friend, token }
	}

	test('one transaction removes what is theirs, ends their sessions, keeps the referrer\'s points, audits', () => {
		const admin = actor()
		const { referrer, member, friend, token } = memberWithEverything()
		expect(deleteManagedUser(admin, member.id)).toEqual({ ok: true, value: { id: member.id } })
		const db = getDb()
		expect(db.select().from(users).where(eq(users.id, member.id)).get()).toBeUndefined()
		expect(getSessionUser(token, 'api')).toBeNull()
		for (const table of [sessions, passwordResetTokens, lessonCompletions, feeOfferClaims, contestParticipants, planActivations]) {
			expect(db.select().from(table).where(eq(table.userId, member.id)).all()).toEqual([])
		}
		// Their own credit as a referrer is gone; the credit they earned their referrer stays, unlinked.
		expect(db.select().from(referralCredits).all()).toEqual([expect.objectContaining({ referrerId: referrer.id, referredUserId: null, reason: 'r1' })])
		expect(db.select().from(users).where(eq(users.id, referrer.id)).get()).toMatchObject({ referralPoints: 1, referralCount: 1 })
		// The friend they referred keeps the account.
		expect(db.select().from(users).where(eq(users.id, friend.id)).get()).toMatchObject({ referrerId: null })
		const [entry] = audits(member.id)
		expect(entry).toMatchObject({ action: 'user.delete', adminId: admin.id, after: null, before: expect.objectContaining({ name: 'Doomed' }) })
	})

	test('unknown user: 404, nothing written', () => {
		expect(deleteManagedUser(actor(), 424242)).toMatchObject({ ok: false, status: 404 })
		expect(audits()).toEqual([])
	})
})

describe('bulk update', () => {
	test('set status: counts only the rows that change, audits each, bans end sessions', () => {
		const admin = actor()
		const a = insertMember({ status: 'active' })
		const b = insertMember({ status: 'active' })
		const c = insertMember({ status: 'banned' })
		const token = createSession(a.id, 'api').token
		const result = bulkUpdateUsers(admin, { userIds: [a.id, b.id, c.id], action: 'set-status', status: 'banned' })
		expect(result).toEqual({ ok: true, value: { updated: 2 } })
		expect(getDb().select({ status: users.status }).from(users).all().map((r) => r.status)).toEqual(['banned', 'banned', 'banned'])
		expect(getSessionUser(token, 'api')).toBeNull()
		const rows = audits().filter((r) => r.action === 'user.bulk-update')
		expect(rows.map((r) => Number(r.targetId)).sort()).toEqual([a.id, b.id].sort())
		expect(rows[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'banned' }, adminId: admin.id })
	})

	test('set plan; pending keeps sessions', () => {
		const admin = actor()
		const a = insertMember({ plan: 'regular' })
		const b = insertMember({ plan: 'gold' })
		const token = createSession(a.id, 'api').token
		expect(bulkUpdateUsers(admin, { userIds: [a.id, b.id], action: 'set-plan', plan: 'gold' })).toEqual({ ok: true, value: { updated: 1 } })
		expect(bulkUpdateUsers(admin, { userIds: [a.id], action: 'set-status', status: 'pending' })).toEqual({ ok: true, value: { updated: 1 } })
		expect(getSessionUser(token, 'api')).not.toBeNull()
	})

	test('delete removes each member and their data, with an audit row each', () => {
		const admin = actor()
		const a = insertMember()
		const b = insertMember()
		const keep = insertMember()
		const token = createSession(a.id, 'web').token
		getDb().insert(lessonCompletions).values({ userId: b.id, lessonId: 'basics-1' }).run()
		expect(bulkUpdateUsers(admin, { userIds: [a.id, b.id], action: 'delete' })).toEqual({ ok: true, value: { updated: 2 } })
		expect(getDb().select({ id: users.id }).from(users).all()).toEqual([{ id: keep.id }])
		expect(getSessionUser(token, 'web')).toBeNull()
		expect(getDb().select().from(lessonCompletions).all()).toEqual([])
		expect(audits().filter((r) => r.action === 'user.bulk-delete')).toHaveLength(2)
	})

	test('all or nothing: one unknown id and nothing changes (C8)', () => {
		const admin = actor()
		const a = insertMember({ status: 'active' })
		const result = bulkUpdateUsers(admin, { userIds: [a.id, 987654], action: 'set-status', status: 'suspended' })
		expect(result).toMatchObject({ ok: false, status: 404 })
		expect(getDb().select().from(users).where(eq(users.id, a.id)).get()!.status).toBe('active')
		expect(bulkUpdateUsers(admin, { userIds: [a.id, 987654], action: 'delete' })).toMatchObject({ ok: false, status: 404 })
		expect(getDb().select().from(users).all()).toHaveLength(1)
		expect(audits()).toEqual([])
	})
})

describe('the user page figures', () => {
	test('referrals, points, plan history from the audit log and activations, sessions, last seen', async () => {
		const admin = actor()
		const created = await createManagedUser(admin, { name: 'Ada', email: 'ada@example.com', password: 'Str0ngPassw0rd', plan: 'regular', status: 'active' })
		const id = created.ok ? created.value.id : 0
		const ada = getDb().select().from(users).where(eq(users.id, id)).get()!
		const friend = insertMember({ referrer: { id, referralCode: ada.referralCode } })
		insertMember({ referrer: { id, referralCode: ada.referralCode } })
		getDb().insert(referralCredits).values({ referrerId: id, referredUserId: friend.id, points: 1, reason: 'Premium referral' }).run()
		getDb().update(users).set({ referralPoints: 1, referralCount: 1, lastSeenAt: new Date('2030-01-02T03:04:05Z') }).where(eq(users.id, id)).run()
		getDb().insert(planActivations).values({ userId: id, fromPlan: 'regular', toPlan: 'gold', createdAt: new Date(Date.now() + 1000) }).run()
		await updateManagedUser(admin, id, { name: 'Ada', email: 'ada@example.com', plan: 'platinum' })
		bulkUpdateUsers(admin, { userIds: [id], action: 'set-plan', plan: 'titanium' })
		await updateManagedUser(admin, id, { name: 'Ada L', email: 'ada@example.com' })
		createSession(id, 'web')
		createSession(id, 'api')
		getDb().insert(lessonCompletions).values({ userId: id, lessonId: 'basics-1' }).run()

		const stats = getManagedUserStats(id)
		expect(stats.ok).toBe(true)
		const value = stats.ok ? stats.value : null
		expect(value!.user).toMatchObject({ id, name: 'Ada L', plan: 'titanium', referralCode: ada.referralCode, lastSeenAt: '2030-01-02T03:04:05.000Z' })
		expect(value!.referrals).toMatchObject({ count: 1, points: 1, referredMembers: 2, recentCredits: [expect.objectContaining({ points: 1, reason: 'Premium referral' })] })
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
		expect(JSON.stringify(value)).not.toMatch(/passwordHash|\$2[aby]\$/)
	})

	test('unknown user: 404', () => {
		expect(getManagedUserStats(123456)).toMatchObject({ ok: false, status: 404, message: 'User not found' })
	})
})
