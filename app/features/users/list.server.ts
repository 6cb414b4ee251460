import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db } from '#db/client.server.ts'
import { users, type SelectUser } from '#db/schema.ts'
import { likeContains } from '#db/sql.server.ts'
import { countMembers } from './member-counts.server.ts'
import type { ManagedUser } from './responses.server.ts'
import { DEFAULT_USER_LIST_QUERY, paginate, type Pagination, type UserListQuery } from '#app/features/users/schemas.ts'

/**
 * The admin users list (spec sections 2 and 9): the managed user as the
 * screens and /api/admin/users show it, search (FTS5 trigrams, LIKE under 3
 * characters), status and plan filters, the six sorts and the pages. The
 * export, the changes and the user page's figures build on it
 * (admin-users-export, -changes, -figures.server.ts).
 */

/** Investment, as the index users_total_invested_idx has it. */
const totalInvested = sql<number>`(${users.totalDeposit} + ${users.totalWithdraw})`

const managedColumns = {
	id: users.id,
	name: users.name,
	email: users.email,
	phone: users.phone,
	country: users.country,
	telegram: users.telegram,
	plan: users.plan,
	status: users.status,
	totalDeposit: users.totalDeposit,
	totalWithdraw: users.totalWithdraw,
	createdAt: users.createdAt,
	closedAt: users.closedAt,
}

/** A row of `managedColumns`, as Drizzle types it (a whole user row fits too). */
type ManagedRow = Pick<SelectUser, keyof typeof managedColumns>

/**
 * The managed user (spec section 3) as the pages and the API show it: the
 * row's columns (never the hash), its investment, dates as ISO strings.
 */
export type { ManagedUser }

export function toManagedUser(row: ManagedRow): ManagedUser {
	return {
		id: row.id,
		name: row.name,
		email: row.email,
		phone: row.phone,
		country: row.country,
		telegram: row.telegram,
		plan: row.plan,
		status: row.status,
		totalDeposit: row.totalDeposit,
		totalWithdraw: row.totalWithdraw,
		totalInvested: Math.round((row.totalDeposit + row.totalWithdraw) * 100) / 100,
		createdAt: row.createdAt.toISOString(),
		closedAt: row.closedAt ? row.closedAt.toISOString() : null,
	}
}

/** Searches shorter than this cannot use the trigram index (they scan; see docs/architecture.md). */
export const TRIGRAM_MIN = 3

/** An FTS5 phrase matching `term` as a substring ("ada" → "\"ada\""; quotes doubled). */
export function ftsPhrase(term: string) {
	return `"${term.replace(/"/g, '""')}"`
}

/**
 * A search that matches more members than this is "broad": its rows are
 * found by walking the sort's index and keeping the matches (a few hundred
 * steps to fill a page) instead of reading every match and sorting them.
 */
export const BROAD_SEARCH_MATCHES = 2000

function usesTrigrams(search: string) {
	return Array.from(search).length >= TRIGRAM_MIN
}

/** The FTS5 match set of a search, as a subquery of rowids. */
function ftsMatch(search: string) {
	return sql`(select rowid from users_fts where users_fts match ${ftsPhrase(search)})`
}

/**
 * A search's count stops here (decision 067): past it the list says
 * "10,000+" and pages up to it, and counting costs the same whether a
 * name matches 10,001 members or 100,000. Lists without a search count
 * exactly (summary rows, decision 064).
 */
export const SEARCH_COUNT_CAP = 10_000

/**
 * How many members a search of 3+ characters matches (the trigram index
 * alone), counted up to SEARCH_COUNT_CAP + 1 (more than the cap reads as
 * "more than 10,000").
 */
export function countSearchMatches(search: string, db: Db = getDb()) {
	return ftsCount(search, db).get()?.n ?? 0
}

/** Counts at most SEARCH_COUNT_CAP + 1 rows of `rows` (a subquery). */
function cappedCount(db: Db, rows: SQL) {
	return db.select({ n: sql<number>`count(*)` }).from(sql`(${rows} limit ${SEARCH_COUNT_CAP + 1})`)
}

function ftsCount(search: string, db: Db) {
	return cappedCount(db, sql`select rowid from users_fts where users_fts match ${ftsPhrase(search)}`)
}

/**
 * How a search of 3 characters or more is applied (see BROAD_SEARCH_MATCHES):
 * - `matches`: a narrow search looks its few matches up by id;
 * - `walk`: a broad search's page walks the sort or filter index and tests
 *   each member it walks (`contains_folded` on the name and email, the
 *   trigram match's case-blind substring), so it reads a few hundred
 *   members rather than the whole match set;
 * - `walk-count`: a broad search's count tests membership in the match set
 *   (`+id`) on whatever index its filters take.
 */
export type SearchPlan = 'matches' | 'walk' | 'walk-count'

/**
 * The WHERE of a list query: the search (FTS5 from 3 characters, as
 * `searchPlan` says; LIKE below), status and plan.
 */
export function listWhere(
	query: Pick<UserListQuery, 'search' | 'status' | 'plan'> & Partial<Pick<UserListQuery, 'sortBy'>>,
	searchPlan: SearchPlan = 'matches',
): SQL | undefined {
	const conditions: SQL[] = []
	// A narrow search reads its few matches by id and filters them there
	// (`+status`: not through the status index, which would walk every
	// member with that status).
	const narrow = Boolean(query.search) && usesTrigrams(query.search) && searchPlan === 'matches'
	if (query.search) {
		if (usesTrigrams(query.search)) {
			if (searchPlan === 'matches') conditions.push(sql`${users.id} in ${ftsMatch(query.search)}`)
			else if (searchPlan === 'walk-count') conditions.push(sql`+${users.id} in ${ftsMatch(query.search)}`)
			else {
				const term = query.search.toLowerCase()
				conditions.push(sql`(contains_folded(${users.name}, ${term}) or contains_folded(${users.email}, ${term}))`)
			}
		} else {
			const pattern = likeContains(query.search)
			conditions.push(sql`(${users.name} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`)
		}
	}
	if (query.status) conditions.push(narrow ? sql`+${users.status} = ${query.status}` : eq(users.status, query.status))
	// Sorted by investment, the plan is a filter on the walk of the
	// investment index (total or by status): no index pairs the plan with
	// the investment, so that a report's 10,000 member totals update two
	// indexes, not four (decision 068).
	const planFilterOnly = narrow || query.sortBy === 'totalInvested'
	if (query.plan) conditions.push(planFilterOnly ? sql`+${users.plan} = ${query.plan}` : eq(users.plan, query.plan))
	return conditions.length ? and(...conditions) : undefined
}

/** ORDER BY of a sort, each walking its index; the id breaks ties so pages never overlap. */
export function listOrder(query: Pick<UserListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const dir = query.sortOrder === 'asc' ? asc : desc
	switch (query.sortBy) {
		case 'name':
			return [dir(sql`${users.name} collate nocase`), dir(users.id)]
		case 'totalInvested':
			return [dir(totalInvested), dir(users.id)]
		default:
			return [dir(users.createdAt), dir(users.id)]
	}
}

/**
 * The two statements of a list page, not yet run (the EXPLAIN QUERY PLAN
 * test reads them). `broad`: see BROAD_SEARCH_MATCHES. A search without
 * filters is counted on the trigram index alone; any search's count stops
 * past SEARCH_COUNT_CAP.
 */
export function listQueries(query: UserListQuery, db: Db = getDb(), options: { broad?: boolean } = {}) {
	// The count has no order to keep: its filters take any index.
	const where = listWhere(
		{ search: query.search, status: query.status, plan: query.plan },
		options.broad ? 'walk-count' : 'matches',
	)
	const searchOnly = Boolean(query.search) && usesTrigrams(query.search) && !query.status && !query.plan
	return {
		rows: db
			.select(managedColumns)
			.from(users)
			.where(listWhere(query, options.broad ? 'walk' : 'matches'))
			.orderBy(...listOrder(query))
			.limit(query.limit)
			.offset((query.page - 1) * query.limit),
		count: searchOnly
			? ftsCount(query.search, db)
			: query.search
				? cappedCount(db, sql`select 1 from ${users} where ${where}`)
				: db.select({ n: count() }).from(users).where(where),
	}
}

/**
 * How a list query will run: for a search of 3+ characters, its number of
 * matches on the trigram index (which decides broad or narrow, and is the
 * count itself when no filter is set).
 */
function plan(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>) {
	// Without a search the count is the summary rows kept by triggers (decision 064), not a count of every member.
	if (!query.search) return { broad: false, count: countMembers(query) }
	if (!usesTrigrams(query.search)) return { broad: false, count: null }
	const matches = countSearchMatches(query.search)
	return { broad: matches > BROAD_SEARCH_MATCHES, count: !query.status && !query.plan ? matches : null }
}

/** Whether a search is broad (see BROAD_SEARCH_MATCHES): the export walks its batches the same way. */
export function isBroadSearch(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>) {
	return plan(query).broad
}

/**
 * How many members a list query matches: exact without a search; with one,
 * at most SEARCH_COUNT_CAP, `capped` when more match.
 */
export function countManagedUsers(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>) {
	const full: UserListQuery = { ...DEFAULT_USER_LIST_QUERY, ...query }
	return countFor(full, plan(full))
}

function countFor(query: UserListQuery, how: ReturnType<typeof plan>) {
	const n = how.count ?? listQueries(query, getDb(), { broad: how.broad }).count.get()?.n ?? 0
	return n > SEARCH_COUNT_CAP && query.search
		? { totalCount: SEARCH_COUNT_CAP, capped: true }
		: { totalCount: n, capped: false }
}

/** A users list's pagination: with `totalCountCapped` when a search matched more than SEARCH_COUNT_CAP. */
export type UserListPagination = Pagination & { totalCountCapped: boolean }

/**
 * One page of the list and its pagination. With `clampPage` (the page) a
 * page past the end shows the last page; without it (the API) it is empty.
 * A search matching more than SEARCH_COUNT_CAP members pages up to the cap
 * (decision 067).
 */
export function listManagedUsers(
	query: UserListQuery,
	options: { clampPage?: boolean } = {},
): { users: ManagedUser[]; pagination: UserListPagination; query: UserListQuery } {
	const how = plan(query)
	const { totalCount, capped } = countFor(query, how)
	let effective = query
	if (options.clampPage) {
		const last = Math.max(1, Math.ceil(totalCount / query.limit))
		if (query.page > last) effective = { ...query, page: last }
	}
	const rows =
		totalCount === 0 || (effective.page - 1) * effective.limit >= totalCount
			? []
			: listQueries(effective, getDb(), { broad: how.broad }).rows.all()
	return {
		users: rows.map(toManagedUser),
		pagination: { ...paginate(totalCount, effective.page, effective.limit), totalCountCapped: capped },
		query: effective,
	}
}

/** The user's name and email for the edit and delete dialogs; null when unknown. */
export function getManagedUser(id: number): ManagedUser | null {
	const row = getDb().select(managedColumns).from(users).where(eq(users.id, id)).get()
	return row ? toManagedUser(row) : null
}
