import { pick } from '#app/utils/misc.ts'
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { contestParticipants, contests, users, type SelectContest } from '#db/schema.ts'
import { likeContains } from '#db/sql.server.ts'
import type { ContestStatus } from '#app/domain/enums.ts'
import {
	CONTEST_MESSAGES,
	transitionRefused,
	findTransition,
	type ContestAction,
	type ContestFilters,
	type ContestInput,
	CONTEST_TEXTS,
} from '#app/features/contests/schemas.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { resolveContestAlerts } from '#app/features/alerts/alerts.server.ts'
import { recordAudit, recordChange, recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { runJobSoon } from '#app/utils/scheduler.server.ts'
import { isDataScored, rescoreContests } from './scoring.server.ts'
import { CONTEST_RESULTS_JOB } from './results.server.ts'
import { contestWindow, countParticipants, listRanking, placeInRanking } from './contest.server.ts'
import type {
	AdminContest,
	AdminLeaderboard,
	AdminParticipant,
	ContestStats,
	DeletedContest,
} from './responses.server.ts'

/**
 * Contest management (issue 4): the admin's list, create, edit, status
 * changes (spec section 4), complete (frozen ranks), delete (with the
 * participants), participants, score changes, leaderboard and stats. The
 * pages and /api/admin/contests both call these; every change writes its
 * audit row in the same transaction.
 *
 * Audit actions: contest.create, contest.update, contest.status (start,
 * pause, resume), contest.complete (the status change that freezes ranks),
 * contest.delete, contest.participant-score.
 */

const DAY_MS = 86_400_000

export type { AdminContest, AdminParticipant }

function toPublic(row: SelectContest, participantCount: number): AdminContest {
	return {
		id: row.id,
		name: row.name,
		description: row.description,
		type: row.type,
		status: row.status,
		startDate: row.startDate,
		endDate: row.endDate,
		prizes: { first: row.prizeFirst, second: row.prizeSecond, third: row.prizeThird },
		rules: row.rules,
		maxParticipants: row.maxParticipants,
		participantCount,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
		completedAt: row.completedAt ? row.completedAt.toISOString() : null,
	}
}

/** What the audit log keeps of a contest (the row, dates as ISO strings). */
function auditView(row: SelectContest) {
	// participantCount is bookkeeping kept by triggers, not a field staff edit.
	const { createdAt: _c, updatedAt: _u, participantCount: _p, ...rest } = row
	return rest
}

// The summary column kept by triggers on contest_participants (decision 064).
const participantCount = contests.participantCount

function findContest(db: Db | Tx, id: number) {
	return db.select().from(contests).where(eq(contests.id, id)).get() ?? null
}

const SORT_COLUMNS = {
	createdAt: contests.createdAt,
	name: contests.name,
	startDate: contests.startDate,
	endDate: contests.endDate,
} as const

/** The list (spec: search name and description, status and type filters, newest first). */
export function listContests(filters: ContestFilters): AdminContest[] {
	const conditions: SQL[] = []
	if (filters.status) conditions.push(eq(contests.status, filters.status))
	if (filters.type) conditions.push(eq(contests.type, filters.type))
	if (filters.search) {
		const pattern = likeContains(filters.search)
		conditions.push(
			sql`(${contests.name} like ${pattern} escape '\\' or ${contests.description} like ${pattern} escape '\\')`,
		)
	}
	const column = SORT_COLUMNS[filters.sortBy] ?? contests.createdAt
	const direction = filters.sortOrder === 'asc' ? asc : desc
	return getDb()
		.select({ contest: contests, participantCount })
		.from(contests)
		.where(conditions.length ? and(...conditions) : undefined)
		.orderBy(direction(column), direction(contests.id))
		.all()
		.map((row) => toPublic(row.contest, row.participantCount))
}

export function getContest(id: number): AdminContest | null {
	const row = findContest(getDb(), id)
	return row ? toPublic(row, countParticipants(id)) : null
}

function endBeforeStart(input: ContestInput) {
	return input.endDate < input.startDate
		? fail(400, CONTEST_MESSAGES.endBeforeStart, { fieldErrors: { endDate: [CONTEST_MESSAGES.endBeforeStart] } })
		: null
}

/** The columns a contest form sets, straight from its input. */
const CONTEST_FIELDS = [
	'name',
	'description',
	'type',
	'startDate',
	'endDate',
	'prizeFirst',
	'prizeSecond',
	'prizeThird',
	'rules',
	'maxParticipants',
] as const
const contestValues = (input: ContestInput) => pick(input, CONTEST_FIELDS)

/** Creates a contest; it starts as a draft (docs/architecture.md, Contest management). */
export function createContest(admin: AuditActor, input: ContestInput, now = new Date()): Result<AdminContest> {
	const invalid = endBeforeStart(input)
	if (invalid) return invalid
	const row = write((tx) => {
		const created = tx
			.insert(contests)
			.values({ ...contestValues(input), status: 'draft', createdAt: now, updatedAt: now })
			.returning()
			.get()
		return recordCreation(
			tx,
			{ admin, action: 'contest.create', targetType: 'contest', after: auditView },
			created,
			now,
		)
	})
	log('admin.contest_created', { adminId: admin.id, contestId: row.id })
	return ok(toPublic(row, 0))
}

/**
 * Edits a contest's fields (any status: spec section 4). Max participants
 * cannot go below the participants already in. Moving the end date
 * resolves the alert about the old one.
 */
export function updateContest(
	admin: AuditActor,
	id: number,
	input: ContestInput,
	now = new Date(),
): Result<AdminContest> {
	const invalid = endBeforeStart(input)
	if (invalid) return invalid
	const result = write((tx): Result<AdminContest> => {
		const before = findContest(tx, id)
		if (!before) return fail(404, CONTEST_TEXTS.notFound)
		const count = countParticipants(id, tx)
		if (input.maxParticipants !== null && input.maxParticipants < count) {
			const message = CONTEST_TEXTS.fullBelowCount(count)
			return fail(400, message, { fieldErrors: { maxParticipants: [message] } })
		}
		const after = tx
			.update(contests)
			.set({ ...contestValues(input), updatedAt: now })
			.where(eq(contests.id, id))
			.returning()
			.get()
		if (after.endDate !== before.endDate) resolveContestAlerts(tx, id, now, before.endDate)
		// New dates, type or room: an active data-scored contest is scored again at once.
		if (after.status === 'active') rescoreContests(tx, { types: [after.type], contestId: id }, now)
		recordChange(tx, { admin, action: 'contest.update', targetType: 'contest', view: auditView }, before, after, now)
		return ok(toPublic(after, count))
	})
	if (result.ok) log('admin.contest_updated', { adminId: admin.id, contestId: id })
	return result
}

/**
 * Start (draft → active), Pause (active → paused) or Resume (paused →
 * active). Anything else is a 409; 'completed' goes through completeContest.
 */
export function changeContestStatus(
	admin: AuditActor,
	id: number,
	to: ContestStatus,
	now = new Date(),
): Result<{ contest: AdminContest; action: ContestAction }> {
	const result = write((tx): Result<{ contest: AdminContest; action: ContestAction }> => {
		const before = findContest(tx, id)
		if (!before) return fail(404, CONTEST_TEXTS.notFound)
		if (to === 'completed') return fail(409, CONTEST_TEXTS.useCompleteAction)
		const transition = findTransition(before.status, to)
		if (!transition) return fail(409, transitionRefused(before.status, to))
		const after = tx.update(contests).set({ status: to, updatedAt: now }).where(eq(contests.id, id)).returning().get()
		// Started or resumed: a data-scored contest's scores are computed at once (paused ones kept theirs).
		if (to === 'active') rescoreContests(tx, { types: [after.type], contestId: id }, now)
		recordAudit(
			tx,
			{
				admin,
				action: 'contest.status',
				targetType: 'contest',
				targetId: id,
				before: { status: before.status },
				after: { status: after.status, action: transition.action },
			},
			now,
		)
		return ok({ contest: toPublic(after, countParticipants(id, tx)), action: transition.action })
	})
	if (result.ok) log('admin.contest_status', { adminId: admin.id, contestId: id, to, action: result.value.action })
	return result
}

/**
 * Complete (active → completed): the ranking order (score, then who
 * reached it first, then who joined first) is frozen, since only active
 * contests are rescored; the contest's alerts are resolved. The
 * scheduler's `contest-results`, made due at once, then writes each
 * participant's `rank` in that order and tells them, in batches
 * (results.server.ts, decision 066).
 */
export function completeContest(admin: AuditActor, id: number, now = new Date()): Result<AdminContest> {
	const result = write((tx): Result<AdminContest> => {
		const before = findContest(tx, id)
		if (!before) return fail(404, CONTEST_TEXTS.notFound)
		if (!findTransition(before.status, 'completed')) return fail(409, transitionRefused(before.status, 'completed'))
		const ranked = countParticipants(id, tx)
		const after = tx
			.update(contests)
			.set({
				status: 'completed',
				completedAt: now,
				updatedAt: now,
				resultsTotal: ranked,
				resultsCursor: 0,
				resultsFinishedAt: null,
			})
			.where(eq(contests.id, id))
			.returning()
			.get()
		resolveContestAlerts(tx, id, now)
		recordAudit(
			tx,
			{
				admin,
				action: 'contest.complete',
				targetType: 'contest',
				targetId: id,
				before: { status: before.status },
				after: {
					status: after.status,
					completedAt: after.completedAt,
					participants: ranked,
					top: listRanking(id, { limit: 10 }, tx).map(({ rank, userId, score }) => ({ rank, userId, score })),
				},
			},
			now,
		)
		return ok(toPublic(after, ranked))
	})
	if (result.ok) {
		log('admin.contest_completed', { adminId: admin.id, contestId: id, participants: result.value.participantCount })
		runJobSoon(CONTEST_RESULTS_JOB, now)
	}
	return result
}

/** Deletes a contest and its participants in one transaction (super_admin: the route checks). */
export function deleteContest(admin: AuditActor, id: number, now = new Date()): Result<DeletedContest> {
	const result = write((tx): Result<DeletedContest> => {
		const before = findContest(tx, id)
		if (!before) return fail(404, CONTEST_TEXTS.notFound)
		const removed = tx.delete(contestParticipants).where(eq(contestParticipants.contestId, id)).run().changes
		tx.delete(contests).where(eq(contests.id, id)).run()
		resolveContestAlerts(tx, id, now)
		recordAudit(
			tx,
			{
				admin,
				action: 'contest.delete',
				targetType: 'contest',
				targetId: id,
				before: { ...auditView(before), participantCount: removed },
				after: null,
			},
			now,
		)
		return ok({ id, participantsRemoved: removed })
	})
	if (result.ok)
		log('admin.contest_deleted', { adminId: admin.id, contestId: id, participants: result.value.participantsRemoved })
	return result
}

export const PARTICIPANTS_PAGE_SIZE = 50

/**
 * A contest's participants in ranking order, with name and email: the
 * frozen rank once completed, else the place they hold now. Null when the
 * contest does not exist.
 */
export function listParticipants(contestId: number, options: { page?: number; limit?: number } = {}) {
	const db = getDb()
	const contest = findContest(db, contestId)
	if (!contest) return null
	const limit = Math.max(1, Math.min(100, Math.floor(options.limit ?? PARTICIPANTS_PAGE_SIZE)))
	const totalCount = countParticipants(contestId, db)
	const totalPages = Math.max(1, Math.ceil(totalCount / limit))
	const page = Math.max(1, Math.floor(options.page ?? 1))
	const offset = (page - 1) * limit
	const participants: AdminParticipant[] = listRanking(contestId, { limit, offset }, db).map((row) => ({
		id: row.id,
		userId: row.userId,
		rank: row.rank,
		user: { name: row.name, email: row.email },
		score: row.score,
		joinedAt: row.joinedAt.toISOString(),
	}))
	return {
		contest: toPublic(contest, totalCount),
		participants,
		pagination: { page, limit, totalPages, totalCount, currentPage: page },
	}
}

/**
 * Sets a participant's score (a non-negative whole number). Refused (409)
 * once the contest is completed: its ranks are frozen; refused (409) for
 * deposit, trading and activity contests: their scores come from the data
 * (docs/decisions/021-contest-scoring.md). A changed score counts as
 * reached now (the ranking's tie-break).
 */
export function updateParticipantScore(
	admin: AuditActor,
	contestId: number,
	userId: number,
	score: number,
	now = new Date(),
): Result<AdminParticipant> {
	if (!Number.isSafeInteger(score) || score < 0) {
		return fail(400, CONTEST_MESSAGES.scoreInvalid, { fieldErrors: { score: [CONTEST_MESSAGES.scoreInvalid] } })
	}
	const result = write((tx): Result<AdminParticipant> => {
		const contest = findContest(tx, contestId)
		if (!contest) return fail(404, CONTEST_TEXTS.notFound)
		const before = tx
			.select()
			.from(contestParticipants)
			.where(and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)))
			.get()
		if (!before) return fail(404, CONTEST_TEXTS.participantNotFound)
		if (contest.status === 'completed') return fail(409, CONTEST_TEXTS.scoresLocked)
		if (isDataScored(contest.type)) return fail(409, CONTEST_TEXTS.scoresFromData)
		let after = before
		if (score !== before.score) {
			after = tx
				.update(contestParticipants)
				.set({ score, scoredAt: now })
				.where(eq(contestParticipants.id, before.id))
				.returning()
				.get()
			recordAudit(
				tx,
				{
					admin,
					action: 'contest.participant-score',
					targetType: 'contest',
					targetId: contestId,
					before: { userId, score: before.score },
					after: { userId, score: after.score },
				},
				now,
			)
		}
		const user = tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get()!
		return ok({
			id: after.id,
			userId,
			rank: after.rank ?? placeInRanking(after, tx),
			user,
			score: after.score,
			joinedAt: after.joinedAt.toISOString(),
		})
	})
	if (result.ok) log('admin.contest_score', { adminId: admin.id, contestId, userId })
	return result
}

/** The top `limit` in ranking order (frozen ranks once completed). Null for an unknown contest. */
export function getAdminLeaderboard(contestId: number, limit = 10): AdminLeaderboard | null {
	const listed = listParticipants(contestId, { page: 1, limit })
	if (!listed) return null
	return {
		contest: { id: listed.contest.id, name: listed.contest.name, status: listed.contest.status },
		leaderboard: listed.participants.map((p) => ({
			rank: p.rank,
			userId: p.userId,
			name: p.user.name,
			email: p.user.email,
			score: p.score,
		})),
	}
}

/**
 * Figures of one contest: participants, total and top score, average,
 * whole days left (0 once completed or ended), places left, status.
 */
export function getContestStats(contestId: number, now = new Date()): ContestStats | null {
	const db = getDb()
	const contest = findContest(db, contestId)
	if (!contest) return null
	const figures = db
		.select({
			participants: sql<number>`count(*)`,
			totalScore: sql<number>`coalesce(sum(${contestParticipants.score}), 0)`,
			topScore: sql<number>`coalesce(max(${contestParticipants.score}), 0)`,
		})
		.from(contestParticipants)
		.where(eq(contestParticipants.contestId, contestId))
		.get()!
	const msLeft = contestWindow(contest).endsAt.getTime() - now.getTime()
	const daysLeft = contest.status === 'completed' ? 0 : Math.max(0, Math.ceil(msLeft / DAY_MS))
	return {
		contestId: contest.id,
		name: contest.name,
		status: contest.status,
		startDate: contest.startDate,
		endDate: contest.endDate,
		participants: figures.participants,
		totalScore: figures.totalScore,
		topScore: figures.topScore,
		averageScore: figures.participants ? Math.round((figures.totalScore / figures.participants) * 10) / 10 : 0,
		daysLeft,
		maxParticipants: contest.maxParticipants,
		spotsLeft: contest.maxParticipants === null ? null : Math.max(0, contest.maxParticipants - figures.participants),
	}
}
