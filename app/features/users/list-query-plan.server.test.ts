import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { insertMember } from '#tests/factories.ts'
import { DEFAULT_USER_LIST_QUERY, USER_SORT_OPTIONS, type UserListQuery } from '#app/features/users/schemas.ts'
import { listQueries, SEARCH_COUNT_CAP } from './list.server.ts'

// The users list must stay fast over 100,000 members (our bar, measured by npm run bench: p95 <
// 50 ms over 100,000 users): every filter, sort and page count walks an
// index, and the name or email search goes through the FTS5 trigram index.
// EXPLAIN QUERY PLAN on the statements the list really runs, on a fresh
// database (no ANALYZE statistics, the planner's worst guess).

function plan(statement: { toSQL(): { sql: string; params: unknown[] } }) {
	const { sql, params } = statement.toSQL()
	const rows = getDb()
		.$client.prepare(`explain query plan ${sql}`)
		.all(...(params as never[])) as Array<{ detail: string }>
	return rows.map((r) => r.detail)
}

/** Steps that read every row of users ("SCAN users" without an index). */
function fullScans(details: string[]) {
	return details.filter((d) => /^SCAN users\b(?!_fts)/.test(d) && !/USING (COVERING )?INDEX/.test(d))
}

const q = (overrides: Partial<UserListQuery>): UserListQuery => ({ ...DEFAULT_USER_LIST_QUERY, ...overrides })

const filters: Array<[string, Partial<UserListQuery>]> = [
	['no filter', {}],
	['status', { status: 'banned' }],
	['plan', { plan: 'gold' }],
	['status and plan', { status: 'active', plan: 'gold' }],
]

function seed() {
	for (let i = 0; i < 40; i++) {
		insertMember({
			name: `Member ${i} ${i % 2 ? 'Lovelace' : 'Hopper'}`,
			status: (['active', 'pending', 'suspended', 'banned'] as const)[i % 4],
			plan: (['regular', 'gold', 'titanium', 'platinum'] as const)[i % 4],
			totalDeposit: i * 10,
			totalWithdraw: i,
		})
	}
}

describe('users list query plans', () => {
	for (const [name, filter] of filters) {
		for (const option of USER_SORT_OPTIONS) {
			test(`${name}, ${option.label}: rows walk an index in order (no full scan, no sort step); the count uses an index`, () => {
				seed()
				const { rows, count } = listQueries(
					q({ ...filter, sortBy: option.sortBy, sortOrder: option.sortOrder, page: 3 }),
				)
				const rowsPlan = plan(rows)
				expect(fullScans(rowsPlan), rowsPlan.join('\n')).toEqual([])
				expect(rowsPlan.join('\n')).not.toMatch(/TEMP B-TREE/)
				expect(rowsPlan.join('\n')).toMatch(/USING INDEX users_\w+_idx/)
				const countPlan = plan(count)
				expect(fullScans(countPlan), countPlan.join('\n')).toEqual([])
				expect(countPlan.join('\n')).toMatch(/USING COVERING INDEX users_\w+/)
			})
		}
	}

	test('a filter walks the index made for it with its sort', () => {
		seed()
		expect(plan(listQueries(q({ status: 'banned', sortBy: 'name', sortOrder: 'asc' })).rows)).toEqual([
			'SEARCH users USING INDEX users_status_name_idx (status=?)',
		])
		// No index pairs the plan with the investment (decision 068): the walk of the investment index keeps the plan's members.
		expect(plan(listQueries(q({ plan: 'gold', sortBy: 'totalInvested', sortOrder: 'desc' })).rows)).toEqual([
			'SCAN users USING INDEX users_total_invested_idx',
		])
		expect(
			plan(listQueries(q({ status: 'active', plan: 'gold', sortBy: 'totalInvested', sortOrder: 'asc' })).rows),
		).toEqual(['SEARCH users USING INDEX users_status_invested_idx (status=?)'])
		expect(plan(listQueries(q({ status: 'active', plan: 'gold' })).rows)).toEqual([
			'SEARCH users USING INDEX users_status_plan_created_idx (status=? AND plan=?)',
		])
		expect(plan(listQueries(q({ status: 'active', plan: 'gold' })).count)).toEqual([
			expect.stringMatching(/^SEARCH users USING COVERING INDEX users_status_plan_\w+ \(status=\? AND plan=\?\)$/),
		])
	})

	for (const [name, filter] of filters) {
		for (const broad of [false, true]) {
			test(`a ${broad ? 'broad' : 'narrow'} search of 3+ characters (${name}): ${broad ? 'the page walks an index and tests each member, the count' : 'the rows and the count go'} through the FTS5 trigram index`, () => {
				seed()
				for (const option of USER_SORT_OPTIONS) {
					const query = q({ ...filter, search: 'Lovelace', sortBy: option.sortBy, sortOrder: option.sortOrder })
					const { rows, count } = listQueries(query, getDb(), { broad })
					for (const details of broad ? [plan(count)] : [plan(rows), plan(count)]) {
						expect(details.join('\n')).toMatch(/SCAN users_fts VIRTUAL TABLE INDEX \d+:M/)
						expect(fullScans(details), details.join('\n')).toEqual([])
					}
					const rowsPlan = plan(rows).join('\n')
					if (broad) {
						// Many matches: walk the sort (or filter and sort) index and keep the matches,
						// never reading the whole match set (decision 067).
						expect(fullScans(plan(rows)), rowsPlan).toEqual([])
						expect(rowsPlan).toMatch(/(SCAN|SEARCH) users USING INDEX users_\w+_idx/)
						expect(rowsPlan).not.toMatch(/TEMP B-TREE|users_fts/)
						expect(rows.toSQL().sql).toMatch(
							/contains_folded\("users"\."name", \?\) or contains_folded\("users"\."email", \?\)/,
						)
					} else {
						// Few matches: look each one up by id.
						expect(rowsPlan).toMatch(/SEARCH users USING INTEGER PRIMARY KEY \(rowid=\?\)/)
					}
				}
			})
		}
	}

	test('a search without filters is counted on the trigram index alone, up to the cap (decision 067)', () => {
		seed()
		const { count } = listQueries(q({ search: 'Lovelace' }))
		expect(plan(count)).toEqual([
			'CO-ROUTINE (subquery-1)',
			expect.stringMatching(/^SCAN users_fts VIRTUAL TABLE INDEX \d+:M/),
			'SCAN (subquery-1)',
		])
		expect(count.toSQL().sql).toMatch(/ limit \?\)$/)
		expect(count.toSQL().params).toContain(SEARCH_COUNT_CAP + 1)
	})

	test('a search with a filter is counted up to the cap too, without a full scan', () => {
		seed()
		for (const filter of [{ status: 'active' as const }, { plan: 'gold' as const }]) {
			for (const broad of [false, true]) {
				const { count } = listQueries(q({ search: 'Lovelace', ...filter }), getDb(), { broad })
				const countPlan = plan(count)
				expect(fullScans(countPlan), countPlan.join('\n')).toEqual([])
				expect(count.toSQL().params).toContain(SEARCH_COUNT_CAP + 1)
			}
		}
	})
})
