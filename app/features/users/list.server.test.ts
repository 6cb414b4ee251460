import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { DEFAULT_USER_LIST_QUERY, type UserListQuery } from '#app/features/users/schemas.ts'
import { deleteManagedUser, updateManagedUser } from './changes.server.ts'
import {
	countManagedUsers,
	countSearchMatches,
	ftsPhrase,
	listManagedUsers,
	listQueries,
	SEARCH_COUNT_CAP,
} from './list.server.ts'

const q = (overrides: Partial<UserListQuery> = {}): UserListQuery => ({ ...DEFAULT_USER_LIST_QUERY, ...overrides })

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

describe('the list', () => {
	function seed() {
		const rows = [
			{
				name: 'ada Lovelace',
				email: 'ada@example.com',
				status: 'active',
				plan: 'gold',
				totalDeposit: 500,
				totalWithdraw: 100,
				createdAt: minutesAgo(50),
			},
			{
				name: 'Grace Hopper',
				email: 'grace@navy.example',
				status: 'banned',
				plan: 'regular',
				totalDeposit: 50,
				totalWithdraw: 0,
				createdAt: minutesAgo(40),
			},
			{
				name: 'Alan Turing',
				email: 'alan@bletchley.example',
				status: 'active',
				plan: 'platinum',
				totalDeposit: 2000,
				totalWithdraw: 500,
				createdAt: minutesAgo(30),
			},
			{
				name: 'Bola Adeyemi',
				email: 'bola@mail.example',
				status: 'pending',
				plan: 'gold',
				totalDeposit: 0,
				totalWithdraw: 0,
				createdAt: minutesAgo(20),
			},
			{
				name: 'Chidi Eze',
				email: 'chidi_100%@mail.example',
				status: 'suspended',
				plan: 'titanium',
				totalDeposit: 10,
				totalWithdraw: 5,
				createdAt: minutesAgo(10),
			},
		] as const
		return rows.map((r) => insertMember({ ...r }))
	}

	test('newest first by default, with investment = deposit + withdrawn, never a hash', () => {
		seed()
		const { users: list, pagination } = listManagedUsers(q())
		expect(list.map((u) => u.name)).toEqual([
			'Chidi Eze',
			'Bola Adeyemi',
			'Alan Turing',
			'Grace Hopper',
			'ada Lovelace',
		])
		expect(list[2]).toMatchObject({
			totalDeposit: 2000,
			totalWithdraw: 500,
			totalInvested: 2500,
			plan: 'platinum',
			status: 'active',
		})
		expect(Object.keys(list[0]!).sort()).toEqual(
			[
				'closedAt',
				'country',
				'createdAt',
				'email',
				'id',
				'name',
				'phone',
				'plan',
				'status',
				'telegram',
				'totalDeposit',
				'totalInvested',
				'totalWithdraw',
			].sort(),
		)
		expect(pagination).toMatchObject({
			page: 1,
			limit: 10,
			totalCount: 5,
			totalPages: 1,
			currentPage: 1,
			from: 1,
			to: 5,
		})
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
		expect(listManagedUsers(q({ status: 'active' })).users.map((u) => u.email)).toEqual([
			'alan@bletchley.example',
			'ada@example.com',
		])
		expect(listManagedUsers(q({ plan: 'gold' })).pagination.totalCount).toBe(2)
		expect(listManagedUsers(q({ status: 'active', plan: 'gold' })).users.map((u) => u.email)).toEqual([
			'ada@example.com',
		])
		expect(listManagedUsers(q({ status: 'banned', plan: 'gold' })).users).toEqual([])
	})

	test('a closed account carries its closing time (the pages mark it closed; decision 022)', () => {
		seed()
		const closedAt = minutesAgo(5)
		insertMember({
			name: 'Closed account',
			email: 'closed-99@closed.invalid',
			status: 'active',
			plan: 'regular',
			closedAt,
		})
		const all = listManagedUsers(q()).users
		expect(all[0]).toMatchObject({ name: 'Closed account', status: 'active', closedAt: closedAt.toISOString() })
		expect(all.slice(1).every((u) => u.closedAt === null)).toBe(true)
		expect(listManagedUsers(q({ status: 'active' })).users.find((u) => u.name === 'Closed account')?.closedAt).toBe(
			closedAt.toISOString(),
		)
	})

	test('search by name or email: substrings, any case, 1 to 2 characters too; wildcards and quotes are text', () => {
		seed()
		const emails = (search: string) =>
			listManagedUsers(q({ search }))
				.users.map((u) => u.email)
				.sort()
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
		const admin = insertAuditActor()
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
			expect(pagination).toMatchObject({
				page,
				totalPages: 3,
				totalCount: 23,
				from: (page - 1) * 10 + 1,
				to: Math.min(page * 10, 23),
			})
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
		// Letters beyond ASCII in either case, in the name or the email.
		insertMember({ name: 'ÖZTÜRK Çelik', email: 'celik@example.com' })
		insertMember({ name: 'Ayşe Öztürk', email: 'ayse@example.com' })
		insertMember({ name: 'Someone', email: 'öztürk.s@example.com' })
		insertMember({ name: 'Ozturk Plain', email: 'ozturk@example.com' })
		for (const query of [
			q({ search: 'öztürk' }),
			q({ search: 'ÖZTÜRK' }),
			q({ search: 'Ayşe', status: 'active' }),
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
		expect(
			listManagedUsers(q({ search: 'Öztürk', sortBy: 'name', sortOrder: 'asc' }))
				.users.map((u) => u.name)
				.sort(),
		).toEqual(['Ayşe Öztürk', 'Someone', 'ÖZTÜRK Çelik'])
	})

	test('a search matching more than 10,000 members counts to 10,000 and pages up to it (decision 067)', () => {
		const now = Date.now()
		getDb().transaction((tx) => {
			for (let start = 0; start < SEARCH_COUNT_CAP + 5; start += 500) {
				const rows = []
				for (let i = start; i < Math.min(start + 500, SEARCH_COUNT_CAP + 5); i++) {
					rows.push({
						name: `Member ${i} Okafor`,
						email: `okafor-${i}@example.com`,
						passwordHash: 'x',
						referralCode: `OKA${i}`,
						status: i % 2 ? ('active' as const) : ('pending' as const),
						createdAt: new Date(now - i * 1000),
					})
				}
				tx.insert(users).values(rows).run()
			}
		})
		insertMember({ name: 'Someone Else', email: 'else@example.com' })
		expect(countSearchMatches('okafor')).toBe(SEARCH_COUNT_CAP + 1)

		const all = listManagedUsers(q({ search: 'okafor' }), { clampPage: true })
		expect(all.pagination).toMatchObject({
			totalCount: SEARCH_COUNT_CAP,
			totalCountCapped: true,
			totalPages: SEARCH_COUNT_CAP / 10,
			hasNext: true,
		})
		expect(all.users.map((u) => u.email)).toEqual(Array.from({ length: 10 }, (_, i) => `okafor-${i}@example.com`))
		// The page clamps to the cap's last page; the API answers a page past it empty.
		const last = listManagedUsers(q({ search: 'okafor', page: 5000 }), { clampPage: true })
		expect(last.query.page).toBe(SEARCH_COUNT_CAP / 10)
		expect(last.pagination).toMatchObject({ from: SEARCH_COUNT_CAP - 9, to: SEARCH_COUNT_CAP, hasNext: false })
		expect(last.users.map((u) => u.email)[9]).toBe(`okafor-${SEARCH_COUNT_CAP - 1}@example.com`)
		expect(listManagedUsers(q({ search: 'okafor', page: SEARCH_COUNT_CAP / 10 + 1 })).users).toEqual([])

		// With a filter (walked broad), and a short search (LIKE): capped the same way.
		expect(listManagedUsers(q({ search: 'okafor', status: 'active' })).pagination).toMatchObject({
			totalCount: (SEARCH_COUNT_CAP + 4) / 2,
			totalCountCapped: false,
		})
		expect(listManagedUsers(q({ search: 'ok' })).pagination).toMatchObject({
			totalCount: SEARCH_COUNT_CAP,
			totalCountCapped: true,
		})
		// A narrower search and the list without a search count exactly.
		expect(listManagedUsers(q({ search: 'okafor-77' })).pagination).toMatchObject({
			totalCount: 111,
			totalCountCapped: false,
		})
		expect(listManagedUsers(q({})).pagination).toMatchObject({
			totalCount: SEARCH_COUNT_CAP + 6,
			totalCountCapped: false,
		})
		expect(countManagedUsers({ search: 'okafor', status: null, plan: null })).toEqual({
			totalCount: SEARCH_COUNT_CAP,
			capped: true,
		})
	})

	test('FTS phrase escaping', () => {
		expect(ftsPhrase('a"b')).toBe('"a""b"')
	})
})
