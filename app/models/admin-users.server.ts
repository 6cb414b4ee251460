import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '#db/client.server.ts'
import {
	contestParticipants,
	feeOfferClaims,
	lessonCompletions,
	passwordResetTokens,
	planActivations,
	referralCredits,
	sessions,
	users,
	type SelectUser,
} from '#db/schema.ts'
import { isUniqueViolation, likeContains } from '#db/sql.server.ts'
import type { Plan, UserStatus } from '#app/domain/enums.ts'
import { BULK_UNKNOWN_USERS, USER_NOT_FOUND } from '#app/utils/admin-users-messages.ts'
import {
	DEFAULT_USER_LIST_QUERY,
	paginate,
	type BulkInput,
	type Pagination,
	type UserCreateInput,
	type UserListQuery,
	type UserUpdateInput,
} from '#app/utils/admin-users-validation.ts'
import { CSV_BOM, csvRow } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { listAuditForTarget, recordAudit, type AuditActor } from './audit.server.ts'
import { planName } from './plan.server.ts'
import { emailTaken, newReferralCode } from './user.server.ts'

/**
 * User management for the admin portal (spec sections 2 to 8): the list
 * with search, filters, sort and pages; create, edit, delete; bulk
 * updates; the per-user page's figures; the CSV export. Pages and
 * /api/admin/users* both call these. Every change writes its audit row in
 * the change's transaction; roles are checked by the routes' guards.
 */

/** The managed user (spec section 3) plus its investment: never the hash. */
export type ManagedUser = {
	id: number
	name: string
	email: string
	phone: string
	country: string
	telegram: string
	plan: Plan
	status: UserStatus
	totalDeposit: number
	totalWithdraw: number
	/** Investment = total deposit + total withdrawn. */
	totalInvested: number
	createdAt: string
}

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
}

type ManagedRow = {
	id: number
	name: string
	email: string
	phone: string
	country: string
	telegram: string
	plan: Plan
	status: UserStatus
	totalDeposit: number
	totalWithdraw: number
	createdAt: Date
}

export function toManagedUser(row: ManagedRow | SelectUser): ManagedUser {
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
	}
}

// ---------------------------------------------------------------------------
// The list

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

/** How many members a search of 3+ characters matches (the trigram index alone). */
export function countSearchMatches(search: string, db: Db = getDb()) {
	return ftsCount(search, db).get()?.n ?? 0
}

function ftsCount(search: string, db: Db) {
	return db
		.select({ n: sql<number>`count(*)` })
		.from(sql`users_fts`)
		.where(sql`users_fts match ${ftsPhrase(search)}`)
}

/**
 * The WHERE of a list query: the search (FTS5 from 3 characters, LIKE
 * below), status and plan. A broad search tests membership in the match
 * set (`+id`, so SQLite walks the sort or filter index); a narrow one
 * looks its matches up by id.
 */
export function listWhere(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>, options: { broad?: boolean } = {}): SQL | undefined {
	const conditions: SQL[] = []
	// A narrow search reads its few matches by id and filters them there
	// (`+status`: not through the status index, which would walk every
	// member with that status).
	const narrow = Boolean(query.search) && usesTrigrams(query.search) && !options.broad
	if (query.search) {
		if (usesTrigrams(query.search)) {
			conditions.push(options.broad ? sql`+${users.id} in ${ftsMatch(query.search)}` : sql`${users.id} in ${ftsMatch(query.search)}`)
		} else {
			const pattern = likeContains(query.search)
			conditions.push(sql`(${users.name} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`)
		}
	}
	if (query.status) conditions.push(narrow ? sql`+${users.status} = ${query.status}` : eq(users.status, query.status))
	if (query.plan) conditions.push(narrow ? sql`+${users.plan} = ${query.plan}` : eq(users.plan, query.plan))
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
 * filters is counted on the trigram index alone.
 */
export function listQueries(query: UserListQuery, db: Db = getDb(), options: { broad?: boolean } = {}) {
	const where = listWhere(query, options)
	const searchOnly = Boolean(query.search) && usesTrigrams(query.search) && !query.status && !query.plan
	return {
		rows: db
			.select(managedColumns)
			.from(users)
			.where(where)
			.orderBy(...listOrder(query))
			.limit(query.limit)
			.offset((query.page - 1) * query.limit),
		count: searchOnly ? ftsCount(query.search, db) : db.select({ n: count() }).from(users).where(where),
	}
}

/**
 * How a list query will run: for a search of 3+ characters, its number of
 * matches on the trigram index (which decides broad or narrow, and is the
 * count itself when no filter is set).
 */
function plan(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>) {
	if (!query.search || !usesTrigrams(query.search)) return { broad: false, count: null }
	const matches = countSearchMatches(query.search)
	return { broad: matches > BROAD_SEARCH_MATCHES, count: !query.status && !query.plan ? matches : null }
}

function isBroad(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>) {
	return plan(query).broad
}

export function countManagedUsers(query: Pick<UserListQuery, 'search' | 'status' | 'plan'>) {
	const full: UserListQuery = { ...DEFAULT_USER_LIST_QUERY, ...query }
	const how = plan(full)
	return how.count ?? listQueries(full, getDb(), { broad: how.broad }).count.get()?.n ?? 0
}

/**
 * One page of the list and its pagination. With `clampPage` (the page) a
 * page past the end shows the last page; without it (the API) it is empty.
 */
export function listManagedUsers(
	query: UserListQuery,
	options: { clampPage?: boolean } = {},
): { users: ManagedUser[]; pagination: Pagination; query: UserListQuery } {
	const how = plan(query)
	const totalCount = how.count ?? listQueries(query, getDb(), { broad: how.broad }).count.get()?.n ?? 0
	let effective = query
	if (options.clampPage) {
		const last = Math.max(1, Math.ceil(totalCount / query.limit))
		if (query.page > last) effective = { ...query, page: last }
	}
	const rows =
		totalCount === 0 || (effective.page - 1) * effective.limit >= totalCount
			? []
			: listQueries(effective, getDb(), { broad: how.broad }).rows.all()
	return { users: rows.map(toManagedUser), pagination: paginate(totalCount, effective.page, effective.limit), query: effective }
}

// ---------------------------------------------------------------------------
// CSV export

export const CSV_HEADER = [
	'ID',
	'Name',
	'Email',
	'Phone',
	'Country',
	'Telegram',
	'Plan',
	'Status',
	'Total Deposit',
	'Total Withdraw',
	'Investment',
	'Joined',
]
const EXPORT_BATCH = 1000

export function csvLine(user: ManagedUser) {
	return csvRow([
		user.id,
		user.name,
		user.email,
		user.phone,
		user.country,
		user.telegram,
		planName(user.plan),
		user.status,
		user.totalDeposit,
		user.totalWithdraw,
		user.totalInvested,
		user.createdAt,
	])
}

/** "users-2026-11-21.csv" (UTC day). */
export function exportFileName(now = new Date()) {
	return `users-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * The filtered list (every page, in the list's order) as CSV, streamed in
 * batches so memory stays flat over 100,000 users. Each batch is its own
 * short read: the connection is never held between chunks.
 */
export function exportUsersCsv(query: UserListQuery): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	const broad = isBroad(query)
	let page = 1
	let started = false
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_HEADER)))
				return
			}
			const rows = listQueries({ ...query, page, limit: EXPORT_BATCH }, getDb(), { broad }).rows.all()
			page++
			if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((r) => csvLine(toManagedUser(r))).join('')))
			if (rows.length < EXPORT_BATCH) controller.close()
		},
	})
}

/** The export as one string, byte-order mark included (tests, small lists). */
export async function exportUsersCsvText(query: UserListQuery) {
	const bytes = await new Response(exportUsersCsv(query)).arrayBuffer()
	return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
}

// ---------------------------------------------------------------------------
// Create, edit, delete

function emailOwner(tx: Db | Tx, email: string) {
	return tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null
}

/**
 * Creates a member (spec: plan defaults to regular, status to active) with
 * a new unique referral code; the password is hashed like sign-up's.
 */
export async function createManagedUser(actor: AuditActor, input: UserCreateInput, now = new Date()): Promise<Result<ManagedUser>> {
	if (emailOwner(getDb(), input.email) !== null) return emailTaken()
	const passwordHash = await hashPassword(input.password)
	try {
		const user = getDb().transaction(
			(tx) => {
				if (emailOwner(tx, input.email) !== null) return null
				const created = tx
					.insert(users)
					.values({
						email: input.email,
						passwordHash,
						name: input.name,
						phone: input.phone ?? '',
						country: input.country ?? '',
						telegram: input.telegram ?? '',
						plan: input.plan,
						status: input.status,
						referralCode: newReferralCode(),
						createdAt: now,
						updatedAt: now,
					})
					.returning()
					.get()
				recordAudit(
					tx,
					{ admin: actor, action: 'user.create', targetType: 'user', targetId: created.id, before: null, after: auditView(created) },
					now,
				)
				return created
			},
			{ behavior: 'immediate' },
		)
		if (!user) return emailTaken()
		log('admin.user_created', { adminId: actor.id, userId: user.id })
		return ok(toManagedUser(user))
	} catch (error) {
		if (isUniqueViolation(error)) return emailTaken()
		throw error
	}
}

/** What the audit log keeps of a user: the managed fields and the referral code, never a hash. */
function auditView(user: SelectUser) {
	const { totalInvested: _, createdAt: __, ...rest } = toManagedUser(user)
	return { ...rest, referralCode: user.referralCode }
}

/** Statuses that may not sign in: setting one ends the member's sessions at once. */
export function endsSessions(status: UserStatus) {
	return status === 'banned' || status === 'suspended'
}

/**
 * Edits a member. The password changes only when given (and then their
 * sessions end, as after a reset); a status of banned or suspended ends
 * their sessions at once. Fields left out keep their values.
 */
export async function updateManagedUser(
	actor: AuditActor,
	id: number,
	input: UserUpdateInput,
	now = new Date(),
): Promise<Result<ManagedUser>> {
	const existing = getDb().select({ id: users.id }).from(users).where(eq(users.id, id)).get()
	if (!existing) return fail(404, USER_NOT_FOUND)
	const owner = emailOwner(getDb(), input.email)
	if (owner !== null && owner !== id) return emailTaken()
	const passwordHash = input.password ? await hashPassword(input.password) : null
	try {
		const result = getDb().transaction(
			(tx) => {
				const before = tx.select().from(users).where(eq(users.id, id)).get()
				if (!before) return 'missing' as const
				const taken = emailOwner(tx, input.email)
				if (taken !== null && taken !== id) return 'taken' as const
				const after = tx
					.update(users)
					.set({
						name: input.name,
						email: input.email,
						...(input.phone !== undefined ? { phone: input.phone } : {}),
						...(input.country !== undefined ? { country: input.country } : {}),
						...(input.telegram !== undefined ? { telegram: input.telegram } : {}),
						...(input.plan ? { plan: input.plan } : {}),
						...(input.status ? { status: input.status } : {}),
						...(passwordHash ? { passwordHash } : {}),
						updatedAt: now,
					})
					.where(eq(users.id, id))
					.returning()
					.get()
				const endSessions = endsSessions(after.status) || passwordHash !== null
				const ended = endSessions ? tx.delete(sessions).where(eq(sessions.userId, id)).run().changes : 0
				recordAudit(
					tx,
					{
						admin: actor,
						action: 'user.update',
						targetType: 'user',
						targetId: id,
						before: auditView(before),
						after: { ...auditView(after), ...(passwordHash ? { credentialChanged: true } : {}), ...(ended ? { sessionsEnded: ended } : {}) },
					},
					now,
				)
				return after
			},
			{ behavior: 'immediate' },
		)
		if (result === 'missing') return fail(404, USER_NOT_FOUND)
		if (result === 'taken') return emailTaken()
		log('admin.user_updated', { adminId: actor.id, userId: id, status: result.status })
		return ok(toManagedUser(result))
	} catch (error) {
		if (isUniqueViolation(error)) return emailTaken()
		throw error
	}
}

/**
 * Removes a member and what is theirs, inside the caller's transaction:
 * sessions (signed out at once), reset tokens, lesson completions, offer
 * claims, contest entries, plan activations, and the referral credits they
 * earned as a referrer. Credits where they were the referred member stay
 * (the referrer keeps the points; the link becomes null), and members they
 * referred keep their accounts (referrerId becomes null).
 */
function removeUser(tx: Tx, id: number) {
	tx.delete(sessions).where(eq(sessions.userId, id)).run()
	tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run()
	tx.delete(lessonCompletions).where(eq(lessonCompletions.userId, id)).run()
	tx.delete(feeOfferClaims).where(eq(feeOfferClaims.userId, id)).run()
	tx.delete(contestParticipants).where(eq(contestParticipants.userId, id)).run()
	tx.delete(planActivations).where(eq(planActivations.userId, id)).run()
	tx.delete(referralCredits).where(eq(referralCredits.referrerId, id)).run()
	tx.update(referralCredits).set({ referredUserId: null }).where(eq(referralCredits.referredUserId, id)).run()
	tx.update(users).set({ referrerId: null }).where(eq(users.referrerId, id)).run()
	return tx.delete(users).where(eq(users.id, id)).run().changes
}

/** Deletes one member (super_admin; the route checks) with its audit row. */
export function deleteManagedUser(actor: AuditActor, id: number, now = new Date()): Result<{ id: number }> {
	const deleted = getDb().transaction(
		(tx) => {
			const before = tx.select().from(users).where(eq(users.id, id)).get()
			if (!before) return false
			removeUser(tx, id)
			recordAudit(tx, { admin: actor, action: 'user.delete', targetType: 'user', targetId: id, before: auditView(before), after: null }, now)
			return true
		},
		{ behavior: 'immediate' },
	)
	if (!deleted) return fail(404, USER_NOT_FOUND)
	log('admin.user_deleted', { adminId: actor.id, userId: id })
	return ok({ id })
}

// ---------------------------------------------------------------------------
// Bulk update

/**
 * A bulk update, all or nothing: when any id is unknown nothing changes
 * (404). Only rows whose value differs are changed and counted ("N users
 * updated"); each changed row gets an audit row. Banning or suspending
 * ends those members' sessions. Roles are the route's: deleting and
 * banning need super_admin (see bulkCapability).
 */
export function bulkUpdateUsers(actor: AuditActor, input: BulkInput, now = new Date()): Result<{ updated: number }> {
	const result = getDb().transaction(
		(tx) => {
			const found = tx.select({ id: users.id }).from(users).where(inArray(users.id, input.userIds)).all()
			if (found.length !== input.userIds.length) return null
			if (input.action === 'delete') {
				const rows = tx.select().from(users).where(inArray(users.id, input.userIds)).all()
				for (const row of rows) {
					removeUser(tx, row.id)
					recordAudit(tx, { admin: actor, action: 'user.bulk-delete', targetType: 'user', targetId: row.id, before: auditView(row), after: null }, now)
				}
				return rows.length
			}
			const field = input.action === 'set-status' ? users.status : users.plan
			const value = input.action === 'set-status' ? input.status : input.plan
			const key = input.action === 'set-status' ? 'status' : 'plan'
			const changing = tx
				.select({ id: users.id, value: field })
				.from(users)
				.where(and(inArray(users.id, input.userIds), ne(field, value)))
				.all()
			if (changing.length > 0) {
				tx.update(users)
					.set({ [key]: value, updatedAt: now })
					.where(
						inArray(
							users.id,
							changing.map((r) => r.id),
						),
					)
					.run()
				for (const row of changing) {
					recordAudit(
						tx,
						{ admin: actor, action: 'user.bulk-update', targetType: 'user', targetId: row.id, before: { [key]: row.value }, after: { [key]: value } },
						now,
					)
				}
			}
			if (input.action === 'set-status' && endsSessions(input.status)) {
				tx.delete(sessions).where(inArray(sessions.userId, input.userIds)).run()
			}
			return changing.length
		},
		{ behavior: 'immediate' },
	)
	if (result === null) return fail(404, BULK_UNKNOWN_USERS, { fieldErrors: { userIds: [BULK_UNKNOWN_USERS] } })
	log('admin.users_bulk_update', { adminId: actor.id, action: input.action, requested: input.userIds.length, changed: result })
	return ok({ updated: result })
}

// ---------------------------------------------------------------------------
// The user's page

export type PlanChange = {
	at: string
	from: Plan | null
	to: Plan
	/** 'Created by an admin', 'Changed by an admin', 'Bulk update', 'Activation code'. */
	source: string
	/** The admin's email, for changes by an admin. */
	by: string | null
}

export type ManagedUserStats = {
	user: ManagedUser & {
		referralCode: string
		referredBy: string | null
		investmentAmount: string | null
		isVerified: boolean
		unlockedAt: string | null
		lastSeenAt: string | null
		updatedAt: string
	}
	referrals: {
		/** Premium referrals credited (users.referralCount). */
		count: number
		points: number
		/** Members who signed up with their code (unlocked or not). */
		referredMembers: number
		recentCredits: Array<{ at: string; reason: string; points: number }>
	}
	planHistory: PlanChange[]
	sessions: { active: number; web: number; api: number; lastStartedAt: string | null }
	activity: { lessonsCompleted: number; contestsJoined: number; offersClaimed: number }
	recentChanges: Array<{ at: string; action: string; by: string }>
}

function readPlan(value: unknown): Plan | null {
	const plan = (value as { plan?: unknown } | null)?.plan
	return typeof plan === 'string' && ['regular', 'gold', 'titanium', 'platinum'].includes(plan) ? (plan as Plan) : null
}

const AUDIT_SOURCES: Record<string, string> = {
	'user.create': 'Created by an admin',
	'user.update': 'Changed by an admin',
	'user.bulk-update': 'Bulk update',
}

/** The per-user figures of /admin/users/:id and GET /api/admin/users/:id/stats. */
export function getManagedUserStats(id: number, now = new Date()): Result<ManagedUserStats> {
	const db = getDb()
	const user = db.select().from(users).where(eq(users.id, id)).get()
	if (!user) return fail(404, USER_NOT_FOUND)

	const referredMembers = db.select({ n: count() }).from(users).where(eq(users.referrerId, id)).get()?.n ?? 0
	const recentCredits = db
		.select({ createdAt: referralCredits.createdAt, reason: referralCredits.reason, points: referralCredits.points })
		.from(referralCredits)
		.where(eq(referralCredits.referrerId, id))
		.orderBy(desc(referralCredits.createdAt), desc(referralCredits.id))
		.limit(5)
		.all()
		.map((c) => ({ at: c.createdAt.toISOString(), reason: c.reason, points: c.points }))

	const audit = listAuditForTarget('user', id, { limit: 200 })
	const planHistory: PlanChange[] = []
	for (const entry of audit) {
		const source = AUDIT_SOURCES[entry.action]
		if (!source) continue
		const to = readPlan(entry.after)
		const from = readPlan(entry.before)
		if (!to || from === to) continue
		planHistory.push({ at: entry.createdAt.toISOString(), from, to, source, by: entry.adminEmail })
	}
	for (const activation of db
		.select()
		.from(planActivations)
		.where(eq(planActivations.userId, id))
		.orderBy(desc(planActivations.createdAt))
		.limit(200)
		.all()) {
		planHistory.push({
			at: activation.createdAt.toISOString(),
			from: activation.fromPlan,
			to: activation.toPlan,
			source: 'Activation code',
			by: null,
		})
	}
	planHistory.sort((a, b) => b.at.localeCompare(a.at))

	const live = db
		.select({ kind: sessions.kind, createdAt: sessions.createdAt })
		.from(sessions)
		.where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now)))
		.all()
	const lastStarted = live.reduce<Date | null>((latest, s) => (!latest || s.createdAt > latest ? s.createdAt : latest), null)

	const countOf = (table: typeof lessonCompletions | typeof contestParticipants | typeof feeOfferClaims) =>
		db.select({ n: count() }).from(table).where(eq(table.userId, id)).get()?.n ?? 0

	return ok({
		user: {
			...toManagedUser(user),
			referralCode: user.referralCode,
			referredBy: user.referredBy,
			investmentAmount: user.investmentAmount,
			isVerified: user.isVerified,
			unlockedAt: user.unlockedAt?.toISOString() ?? null,
			lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
			updatedAt: user.updatedAt.toISOString(),
		},
		referrals: { count: user.referralCount, points: user.referralPoints, referredMembers, recentCredits },
		planHistory,
		sessions: {
			active: live.length,
			web: live.filter((s) => s.kind === 'web').length,
			api: live.filter((s) => s.kind === 'api').length,
			lastStartedAt: lastStarted?.toISOString() ?? null,
		},
		activity: {
			lessonsCompleted: countOf(lessonCompletions),
			contestsJoined: countOf(contestParticipants),
			offersClaimed: countOf(feeOfferClaims),
		},
		recentChanges: audit.slice(0, 10).map((e) => ({ at: e.createdAt.toISOString(), action: e.action, by: e.adminEmail })),
	})
}

/** The user's name and email for the edit and delete dialogs; null when unknown. */
export function getManagedUser(id: number): ManagedUser | null {
	const row = getDb().select(managedColumns).from(users).where(eq(users.id, id)).get()
	return row ? toManagedUser(row) : null
}
