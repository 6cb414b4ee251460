import { DATA_SCORED_TYPES } from '#app/features/contests/scoring.server.ts'
import { count, id, z } from '#app/utils/api-schema.server.ts'

/**
 * What GET /api/member/contests answers: the schema describes the answer in
 * the OpenAPI document and is the model's type (`z.infer`).
 */

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
