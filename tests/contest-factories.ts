import { getDb } from '#db/client.server.ts'
import { contestParticipants, contests } from '#db/schema.ts'
import type { ContestInput } from '#app/utils/admin-contests-validation.ts'
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
