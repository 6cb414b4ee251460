import { and, count, desc, eq, gt } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import {
	contestParticipants,
	feeOfferClaims,
	lessonCompletions,
	planActivations,
	referralCredits,
	sessions,
	users,
} from '#db/schema.ts'
import { PLANS, type Plan } from '#app/domain/enums.ts'
import { USER_NOT_FOUND } from '#app/features/users/schemas.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { toManagedUser } from './list.server.ts'
import type { ManagedUserStats, PlanChange } from './responses.server.ts'
import { listAuditForTarget } from '#app/features/audit/audit.server.ts'
import { getMemberBrokers } from '#app/features/brokers/member-brokers.server.ts'

/**
 * The figures of the admin's user page (/admin/users/:id and GET
 * /api/admin/users/:id/stats): profile, referrals and points, plan history
 * (the audit log merged with activation codes), sessions, activity, the
 * member's broker accounts with what the brokers' reports recorded, and the
 * latest admin changes.
 */

export type { ManagedUserStats }

function readPlan(value: unknown): Plan | null {
	const plan = (value as { plan?: unknown } | null)?.plan
	return PLANS.find((known) => known === plan) ?? null
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
		// Credits that count: held and rejected referrals are on /admin/referrals (issue 15).
		.where(and(eq(referralCredits.referrerId, id), eq(referralCredits.status, 'credited')))
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
	const lastStarted = live.reduce<Date | null>(
		(latest, s) => (!latest || s.createdAt > latest ? s.createdAt : latest),
		null,
	)

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
		recentChanges: audit
			.slice(0, 10)
			.map((e) => ({ at: e.createdAt.toISOString(), action: e.action, by: e.adminEmail })),
		brokers: getMemberBrokers(id),
	})
}
