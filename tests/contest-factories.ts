import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { brokerAccounts, brokerReportRows, brokerReports, contestParticipants, contests } from '#db/schema.ts'
import type { ContestInput } from '#app/features/contests/schemas.ts'
import { insertBroker } from './broker-report-factories.ts'
import { insertMember } from './factories.ts'

/**
 * Contest fixtures for vitest (kept apart from factories.ts, which the
 * users screens extend). Rows are written straight to the database.
 */
export function insertContest(values: Partial<typeof contests.$inferInsert> = {}) {
	return getDb()
		.insert(contests)
		.values({
			name: 'Test Contest',
			description: 'A contest for tests',
			type: 'trading',
			status: 'draft',
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			prizeFirst: '$1,000',
			rules: 'Play fair',
			...values,
		})
		.returning()
		.get()
}

/** A member in the contest with `score`, reached at `scoredAt`. */
export function insertParticipant(
	contestId: number,
	score: number,
	scoredAt = new Date(),
	extra: Partial<typeof contestParticipants.$inferInsert> = {},
) {
	const user = insertMember()
	const row = getDb()
		.insert(contestParticipants)
		.values({ contestId, userId: user.id, score, scoredAt, joinedAt: scoredAt, ...extra })
		.returning()
		.get()
	return { user, participant: row }
}

/** A valid contest input for the rules. */
export function contestInput(overrides: Partial<ContestInput> = {}): ContestInput {
	return {
		name: 'December Trading Sprint',
		description: 'Trade the most volume',
		type: 'trading',
		startDate: '2026-12-01',
		endDate: '2026-12-31',
		prizeFirst: '$1,000',
		prizeSecond: 'Phone',
		prizeThird: null,
		rules: 'One account per person',
		maxParticipants: null,
		...overrides,
	}
}

export type ReportRowLine = { userId: number; depositsCents?: number; volumeCents?: number; withdrawalsCents?: number }

/**
 * An applied broker report of `month` ("YYYY-MM") with one row per line
 * (the member's broker account is created when missing); `reversedAt` makes
 * it a report that was replaced. Amounts in US cents.
 */
export function insertReport(
	lines: ReportRowLine[],
	options: { month: string; brokerId?: number; reversedAt?: Date | null; appliedAt?: Date },
) {
	const db = getDb()
	const brokerId = options.brokerId ?? insertBroker().id
	const sum = (key: 'depositsCents' | 'volumeCents' | 'withdrawalsCents') =>
		lines.reduce((total, line) => total + (line[key] ?? 0), 0)
	const report = db
		.insert(brokerReports)
		.values({
			brokerId,
			month: options.month,
			contentHash: randomUUID(),
			rowCount: lines.length,
			depositsCents: sum('depositsCents'),
			withdrawalsCents: sum('withdrawalsCents'),
			volumeCents: sum('volumeCents'),
			commissionCents: 0,
			appliedAt: options.appliedAt ?? new Date(),
			reversedAt: options.reversedAt ?? null,
		})
		.returning()
		.get()
	if (lines.length === 0) return report
	for (let i = 0; i < lines.length; i += 500) {
		db.insert(brokerAccounts)
			.values(lines.slice(i, i + 500).map((line) => ({ userId: line.userId, brokerId, trackingId: randomUUID() })))
			.onConflictDoNothing()
			.run()
	}
	const accountOf = new Map(
		db
			.select({ id: brokerAccounts.id, userId: brokerAccounts.userId })
			.from(brokerAccounts)
			.where(eq(brokerAccounts.brokerId, brokerId))
			.all()
			.map((a) => [a.userId, a.id]),
	)
	const rows = lines.map((line, i) => ({
		reportId: report.id,
		line: i + 2,
		brokerAccountId: accountOf.get(line.userId) ?? null,
		userId: line.userId,
		depositsCents: line.depositsCents ?? 0,
		withdrawalsCents: line.withdrawalsCents ?? 0,
		volumeCents: line.volumeCents ?? 0,
		commissionCents: 0,
	}))
	// SQLite limits the bound parameters of one statement: insert in chunks.
	for (let i = 0; i < rows.length; i += 500)
		db.insert(brokerReportRows)
			.values(rows.slice(i, i + 500))
			.run()
	return report
}
