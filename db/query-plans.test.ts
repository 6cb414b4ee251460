import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { memberActivityDays, lessonCompletions, notifications, referralCredits } from '#db/schema.ts'
import { insertAdmin, insertAuditActor, insertMember, makeRegistration } from '#tests/factories.ts'
import { insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { insertBroker, insertTrackedMember, reportCsv } from '#tests/broker-report-factories.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { registerMember, unlockMember } from '#app/features/auth/member-auth.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getMemberOverview } from '#app/features/dashboard/overview.server.ts'
import { unreadCount } from '#app/features/notifications/notifications.server.ts'
import {
	getLeaderboardRank,
	getPointsHistory,
	getPointsStatement,
	getReferralLeaderboard,
	referralSummary,
} from '#app/features/referrals/referral.server.ts'
import { getMemberContests } from '#app/features/contests/member-contests.server.ts'
import { completeContest } from '#app/features/contests/admin-contests.server.ts'
import { deliverContestResultsBatch, RESULTS_BATCH } from '#app/features/contests/results.server.ts'
import { getDashboardStats, getDashboardTrends, listRecentUsers } from '#app/features/stats/stats.server.ts'
import { checkContestAlerts, listDashboardAlerts } from '#app/features/alerts/alerts.server.ts'
import { listRecentRevenue } from '#app/features/revenue/revenue.server.ts'
import { listBrokerNames } from '#app/features/brokers/brokers.server.ts'
import { listManagedUsers } from '#app/features/users/list.server.ts'
import { DEFAULT_USER_LIST_QUERY, USER_SORT_OPTIONS } from '#app/features/users/schemas.ts'
import { completeLesson } from '#app/features/academy/academy.server.ts'
import { ensureSampleLessons } from '#app/features/content/lessons.server.ts'
import { applyReport } from '#app/features/broker-reports/broker-reports.server.ts'
import { getUserById } from '#app/features/users/user.server.ts'
import { PLANS, USER_STATUSES } from '#app/domain/enums.ts'

// Issue 42 part 2 (docs/decisions/064-flat-costs.md): the requests the
// growth bench measures must cost the same at 1,000,000 members as at
// 10,000. Each test runs one request's feature code, records every
// statement it runs (SQL and parameters), and asks SQLite for each plan on
// a fresh database (no ANALYZE statistics: the planner assumes big tables,
// its worst guess). No plan may read a table that grows with members whole,
// nor a share of all members through a low-cardinality index.

/**
 * The tables that grow with members (issue 42): a plan step that SCANs one
 * reads all its rows. Not here: broker_reports (one per broker and month),
 * contests, traders (the registry), settings and content.
 */
const GROWING_TABLES = [
	'users',
	'sessions',
	'member_activity_days',
	'lesson_completions',
	'referral_credits',
	'broker_report_rows',
	'broker_accounts',
	'broker_clicks',
	'contest_participants',
	'notifications',
	'audit_log',
	'consents',
	'password_reset_tokens',
	'plan_activations',
	'fee_offer_claims',
	'rate_limits',
	'email_change_tokens',
	'notification_preferences',
	'watchlist',
	'trader_copiers',
	'copier_months',
]

type Captured = { sql: string; params: unknown[] }

/** Runs `fn`, recording every statement it runs on the connection with its parameters. */
async function capture(fn: () => unknown): Promise<Captured[]> {
	const client = getDb().$client
	const original = client.prepare
	const seen: Captured[] = []
	client.prepare = ((source: string) => {
		const statement = original.call(client, source)
		const proxy: object = new Proxy(statement, {
			get(target, key) {
				const value = Reflect.get(target, key, target) as unknown
				if (typeof value !== 'function') return value
				if (key === 'run' || key === 'get' || key === 'all' || key === 'iterate') {
					return (...params: unknown[]) => {
						seen.push({ sql: source, params })
						return (value as (...a: unknown[]) => unknown).apply(target, params)
					}
				}
				return (...args: unknown[]) => {
					const result = (value as (...a: unknown[]) => unknown).apply(target, args)
					return result === target ? proxy : result
				}
			},
		})
		return proxy
	}) as typeof client.prepare
	try {
		await fn()
	} finally {
		client.prepare = original
	}
	return seen
}

/** The plan steps of one statement. */
function planOf({ sql, params }: Captured) {
	const rows = getDb()
		.$client.prepare(`explain query plan ${sql}`)
		.all(...(params as never[])) as Array<{ detail: string }>
	return rows.map((r) => r.detail)
}

/** The growing table each name in a plan stands for: the tables and the aliases the statement gives them. */
function growingNames(sql: string) {
	const names = new Set(GROWING_TABLES)
	const keywords = new Set([
		'on',
		'where',
		'join',
		'set',
		'values',
		'using',
		'inner',
		'left',
		'cross',
		'group',
		'order',
		'limit',
		'as',
	])
	for (const table of GROWING_TABLES) {
		for (const m of sql.matchAll(new RegExp(`"?\\b${table}\\b"?\\s+(?:as\\s+)?"?(\\w+)"?`, 'gi'))) {
			if (!keywords.has(m[1]!.toLowerCase())) names.add(m[1]!)
		}
	}
	return names
}

/** Steps that read a growing table whole: `SCAN <table>` (an index walked whole is still every row). */
function growingScans(details: string[], names: Set<string>) {
	return details.filter((d) => {
		const m = /^SCAN (\w+)/.exec(d)
		return m !== null && names.has(m[1]!)
	})
}

/**
 * Steps that read a share of all members through a low-cardinality key:
 * a SEARCH of a growing table constrained only by status, plan or contest
 * (every active member, every credited referral, every participant).
 */
function wideSearches(details: string[], names: Set<string>) {
	return details.filter((d) => {
		const m = /^SEARCH (\w+) .*\((.*)\)$/.exec(d)
		if (!m || !names.has(m[1]!)) return false
		const keys = m[2]!.split(' AND ').map((k) => (k.startsWith('<expr>') ? '<expr>' : k.replace(/[=<>].*$/, '')))
		// `<expr>`: an expression index's range, like credits counted within a contest's dates.
		return keys.every((k) => ['status', 'plan', 'contest_id', 'kind', 'type', '<expr>'].includes(k))
	})
}

/**
 * A walk of an index in its order that stops after LIMIT rows (the 5 newest
 * members, the top of a leaderboard): bounded by the limit, not the table.
 */
function boundedWalk(statement: Captured, step: string, details: string[]) {
	return (
		/ limit \?/i.test(statement.sql) &&
		/ USING (COVERING )?INDEX /.test(step) &&
		!details.some((d) => d.includes('TEMP B-TREE'))
	)
}

/** Every step of `fn`'s statements that grows with members, as "step <- SQL" lines (empty: flat). */
async function growingSteps(fn: () => unknown) {
	const statements = await capture(fn)
	expect(statements.length).toBeGreaterThan(0)
	const found: string[] = []
	for (const statement of statements) {
		const details = planOf(statement)
		const names = growingNames(statement.sql)
		for (const step of [...growingScans(details, names), ...wideSearches(details, names)]) {
			// A LIMIT bounds a wide search only when the index is walked in order and stops (no sort of all it read).
			if (wideSearches([step], names).length && boundedWalk(statement, step, details)) continue
			if (growingScans([step], names).length && boundedWalk(statement, step, details)) continue
			found.push(`${step} <- ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}`)
		}
	}
	return found
}

const NOW = new Date('2026-11-20T12:00:00Z')

/** Contests of each type running with a cap, members with data in them, a referrer with a phone. */
function seed() {
	const db = getDb()
	const contestIds = (['deposit', 'trading', 'activity', 'referral'] as const).map(
		(type) =>
			insertContest({ type, status: 'active', startDate: '2026-10-01', endDate: '2026-12-31', maxParticipants: 1000 })
				.id,
	)
	for (const contestId of contestIds) for (let i = 0; i < 3; i++) insertParticipant(contestId, 10 - i, NOW)
	const referrer = insertMember({
		isVerified: true,
		unlockedAt: NOW,
		phone: '+234 801 234 5678',
		referralPoints: 3,
		referralCount: 3,
		lastReferralAt: NOW,
	})
	for (let i = 0; i < 5; i++) {
		const other = insertMember({ isVerified: true, unlockedAt: NOW, referralPoints: i, lastReferralAt: NOW })
		db.insert(memberActivityDays)
			.values({ userId: other.id, day: '2026-11-0' + (i + 1) })
			.run()
		db.insert(lessonCompletions).values({ userId: other.id, lessonId: 'intro', completedAt: NOW }).run()
		db.insert(referralCredits)
			.values({ referrerId: referrer.id, referredUserId: other.id, points: 1, reason: 'premium', status: 'credited' })
			.run()
		db.insert(notifications).values({ userId: other.id, kind: 'referral', title: 't', body: 'b' }).run()
	}
	addUnlockCode('TEST-2345')
	return { referrer, contestIds }
}

describe('what one request costs does not grow with members (EXPLAIN QUERY PLAN)', () => {
	test('sign-up (referred): no step reads members, contests or activity whole', async () => {
		const { referrer } = seed()
		const steps = await growingSteps(async () => {
			const result = await registerMember(makeRegistration({ referralCode: referrer.referralCode }), {
				ip: '198.51.100.1',
			})
			expect(result.ok).toBe(true)
		})
		expect(steps).toEqual([])
	})

	test('sign-in: the account by email, the activity day, the rescoring of that member only', async () => {
		seed()
		const member = (await registerMember(makeRegistration(), { ip: '198.51.100.2' })) as {
			ok: true
			value: { id: number; email: string }
		}
		const steps = await growingSteps(async () => {
			await memberAuth.checkCredentials(
				{ email: member.value.email, password: makeRegistration().password },
				{ ip: '198.51.100.3' },
				new Date(NOW.getTime() + 86_400_000),
			)
			memberAuth.sessions.create(member.value.id, 'web')
		})
		expect(steps).toEqual([])
	})

	for (const referred of [true, false]) {
		test(`unlock (${referred ? 'referred: integrity signals, duplicate phone, credit, contests' : 'not referred'})`, async () => {
			const { referrer } = seed()
			const registered = await registerMember(
				makeRegistration(referred ? { referralCode: referrer.referralCode, phone: '+2348012345678' } : {}),
				{ ip: '198.51.100.4' },
			)
			if (!registered.ok) throw new Error('sign-up failed')
			const steps = await growingSteps(() => {
				expect(unlockMember(registered.value.id, 'TEST-2345', { ip: '198.51.100.5' }).ok).toBe(true)
			})
			expect(steps).toEqual([])
		})
	}

	test('the duplicate-phone check reads users_phone_digits_idx', async () => {
		const { referrer } = seed()
		const registered = await registerMember(
			makeRegistration({ referralCode: referrer.referralCode, phone: '(234) 801-234-5678' }),
			{ ip: '198.51.100.6' },
		)
		if (!registered.ok) throw new Error('sign-up failed')
		const statements = await capture(() => unlockMember(registered.value.id, 'TEST-2345', { ip: '198.51.100.7' }))
		const phone = statements.filter((s) => s.sql.includes('"phone_digits" = ?'))
		expect(phone).toHaveLength(1)
		expect(planOf(phone[0]!)).toEqual(['SEARCH users USING INDEX users_phone_digits_idx (phone_digits=?)'])
	})

	test('/dashboard and /api/member/overview: the session, the overview and the unread count', async () => {
		const { referrer } = seed()
		const { token } = memberAuth.sessions.create(referrer.id, 'web')
		const steps = await growingSteps(() => {
			expect(memberAuth.sessions.find(token, 'web')?.id).toBe(referrer.id)
			getMemberOverview(getUserById(referrer.id)!, NOW)
			unreadCount(referrer.id)
		})
		expect(steps).toEqual([])
	})

	test("/dashboard/referrals: summary, statement, history, the leaderboard and the member's own rank", async () => {
		const { referrer } = seed()
		const steps = await growingSteps(() => {
			const user = getUserById(referrer.id)!
			referralSummary(user)
			getPointsStatement(user.id)
			getPointsHistory(user.id, NOW)
			getReferralLeaderboard(NOW)
			// One member has more points (4 to 3); the one with as many reached them later.
			expect(getLeaderboardRank(user)).toBe(2)
		})
		expect(steps).toEqual([])
	})

	test("/dashboard/contests: each contest's participants from its summary column, ranks by index ranges", async () => {
		const { referrer, contestIds } = seed()
		insertParticipant(contestIds[0]!, 5, NOW, {})
		const steps = await growingSteps(() => getMemberContests(referrer.id, NOW))
		expect(steps).toEqual([])
	})

	test('/admin/dashboard: member totals from member_counts, recent counts by index ranges', async () => {
		seed()
		const steps = await growingSteps(() => {
			checkContestAlerts(NOW)
			const stats = getDashboardStats(NOW)
			getDashboardTrends(stats, NOW)
			listRecentUsers()
			listDashboardAlerts()
			listRecentRevenue(5)
			listBrokerNames()
		})
		expect(steps).toEqual([])
	})

	test('/admin/users with each filter and sort (no search): the page by an index, the count from member_counts', async () => {
		seed()
		const filters = [
			{},
			...USER_STATUSES.map((status) => ({ status })),
			...PLANS.map((plan) => ({ plan })),
			{ status: 'active' as const, plan: 'gold' as const },
		]
		const steps = await growingSteps(() => {
			for (const filter of filters) {
				for (const option of USER_SORT_OPTIONS) {
					listManagedUsers({
						...DEFAULT_USER_LIST_QUERY,
						...filter,
						sortBy: option.sortBy,
						sortOrder: option.sortOrder,
					})
				}
			}
		})
		expect(steps).toEqual([])
	})

	test('lesson completion: the activity rescoring of that member only', async () => {
		const { referrer } = seed()
		ensureSampleLessons()
		const steps = await growingSteps(() => expect(completeLesson(referrer.id, 'risk-3').ok).toBe(true))
		expect(steps).toEqual([])
	})

	test("a completed contest's results, a batch at a time: the last told by the rank index, the next by ranges of the ranking index", async () => {
		const { contestIds } = seed()
		const contestId = contestIds[0]!
		for (let i = 0; i < RESULTS_BATCH; i++) insertParticipant(contestId, i % 4, NOW)
		expect(completeContest(insertAuditActor(), contestId, NOW).ok).toBe(true)
		expect(deliverContestResultsBatch(NOW, () => 0)?.told).toBe(RESULTS_BATCH)
		const statements = await capture(() => expect(deliverContestResultsBatch(NOW, () => 0)?.told).toBe(3))
		const plans = statements.map((statement) => planOf(statement).join(' | '))
		expect(plans.some((p) => p.includes('contest_participants_rank_idx (contest_id=? AND rank>? AND rank<?)'))).toBe(
			true,
		)
		expect(plans.filter((p) => p.includes('contest_participants_ranking_idx')).length).toBeGreaterThanOrEqual(1)
		expect(plans.filter((p) => p.includes('TEMP B-TREE')).map((p, i) => `${p} <- ${statements[i]!.sql}`)).toEqual([])
		expect(await growingSteps(() => deliverContestResultsBatch(NOW))).toEqual([])
	})

	test("a broker report apply: its members' rows and scores only", async () => {
		seed()
		const admin = insertAdmin()
		const broker = insertBroker()
		const tracked = [insertTrackedMember(broker.id), insertTrackedMember(broker.id)]
		const content = reportCsv(
			tracked.map((t) => ({ trackingId: t.trackingId, deposits: '100', volume: '1000', month: '2026-10' })),
		)
		const steps = await growingSteps(() => {
			const result = applyReport(
				{ id: admin.id, email: admin.email },
				{ brokerSlug: broker.slug, month: '2026-10', fileName: 'oct.csv', content },
				{ replace: false },
				NOW,
			)
			expect(result.ok).toBe(true)
		})
		expect(steps).toEqual([])
	})
})
