import { CONTEST_STATUSES, CONTEST_TYPES } from '#app/domain/enums.ts'
import { DATA_SCORED_TYPES } from '#app/features/contests/scoring.server.ts'
import { count, id, isoDate, isoDateTime, PaginationSchema, z } from '#app/utils/api-schema.server.ts'

/**
 * What the contests' /api routes answer (staff's, and GET /api/member/contests): the schemas describe the answers in
 * the OpenAPI document and are the models' types (`z.infer`), so the two
 * cannot drift apart.
 */

export const AdminContestSchema = z
	.object({
		id: id(),
		name: z.string(),
		description: z.string(),
		type: z.enum(CONTEST_TYPES),
		status: z.enum(CONTEST_STATUSES),
		startDate: isoDate(),
		endDate: isoDate(),
		prizes: z.object({ first: z.string(), second: z.string().nullable(), third: z.string().nullable() }).strict(),
		rules: z.string(),
		maxParticipants: id().nullable().openapi({ description: 'Null: unlimited.' }),
		participantCount: count(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
		completedAt: isoDateTime().nullable(),
	})
	.strict()
	.openapi('AdminContest')
/** A contest as staff manage it. */
export type AdminContest = z.infer<typeof AdminContestSchema>

export const ContestSummarySchema = z
	.object({ id: id(), name: z.string(), status: z.enum(CONTEST_STATUSES) })
	.strict()
	.openapi('ContestSummary')
export type ContestSummary = z.infer<typeof ContestSummarySchema>

export const AdminParticipantSchema = z
	.object({
		id: id(),
		userId: id(),
		rank: id().openapi({ description: 'Frozen once the contest is completed; else the place held now.' }),
		user: z.object({ name: z.string(), email: z.string() }).strict(),
		score: count(),
		joinedAt: isoDateTime(),
	})
	.strict()
	.openapi('AdminParticipant')
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>

export const LeaderboardSchema = z
	.object({
		contest: ContestSummarySchema,
		leaderboard: z.array(
			z.object({ rank: id(), userId: id(), name: z.string(), email: z.string(), score: count() }).strict(),
		),
	})
	.strict()
/** The top participants of a contest (GET /api/admin/contests/:id/leaderboard). */
export type AdminLeaderboard = z.infer<typeof LeaderboardSchema>

export const ParticipantsPageSchema = z
	.object({
		contest: ContestSummarySchema,
		participants: z.array(AdminParticipantSchema),
		pagination: PaginationSchema,
	})
	.strict()

export const ContestStatsSchema = z
	.object({
		contestId: id(),
		name: z.string(),
		status: z.enum(CONTEST_STATUSES),
		startDate: isoDate(),
		endDate: isoDate(),
		participants: count(),
		totalScore: count(),
		topScore: count(),
		averageScore: z.number().min(0),
		daysLeft: count().openapi({ description: 'Whole days until the end; 0 once completed or ended.' }),
		maxParticipants: id().nullable(),
		spotsLeft: count().nullable(),
	})
	.strict()
	.openapi('ContestStats')
export type ContestStats = z.infer<typeof ContestStatsSchema>

export const DeletedContestSchema = z.object({ id: id(), participantsRemoved: count() }).strict()
export type DeletedContest = z.infer<typeof DeletedContestSchema>

// GET /api/member/contests
const standing = z.object({ rank: id(), score: z.number() }).strict()
const rankingRow = { rank: id(), name: z.string(), score: z.number(), me: z.boolean() }
const dates = {
	starts: z.string().openapi({ description: 'The first day, for people ("Mar 1, 2026", UTC).' }),
	ends: z.string().openapi({ description: 'The last day, for people.' }),
}
const rules = z.array(z.string())

export const MemberContestsSchema = z
	.object({
		contest: z
			.object({
				id: id(),
				name: z.string(),
				description: z.string(),
				...dates,
				secondsLeft: count(),
				prizes: z.array(z.object({ place: z.string(), prize: z.string() }).strict()),
				rules,
				participants: count(),
			})
			.strict()
			.nullable()
			.openapi({ description: 'The running monthly referral contest; null when none runs.' }),
		me: standing.nullable().openapi({ description: 'Null until the member scores in it.' }),
		top: z.array(z.object(rankingRow).strict()),
		dataContests: z.array(
			z
				.object({
					id: id(),
					name: z.string(),
					description: z.string(),
					type: z.enum(DATA_SCORED_TYPES),
					...dates,
					secondsLeft: count(),
					ended: z.boolean(),
					prizes: z.array(z.string().nullable()),
					rules,
					participants: count(),
					full: z.boolean(),
					me: standing.nullable(),
					top: z.array(z.object(rankingRow).strict()),
				})
				.strict(),
		),
		completed: z.array(
			z
				.object({
					id: id(),
					name: z.string(),
					type: z.enum(['referral', ...DATA_SCORED_TYPES]),
					...dates,
					winners: z.array(z.object({ ...rankingRow, prize: z.string().nullable() }).strict()),
					me: standing.nullable(),
				})
				.strict(),
		),
	})
	.strict()
	.openapi('MemberContests')
/** Everything /dashboard/contests shows. */
export type MemberContests = z.infer<typeof MemberContestsSchema>
