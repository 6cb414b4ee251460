import { count, id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the referrals' /api routes answer (/api/member/referrals* and the
 * staff's referral review): the schemas describe the answers in the OpenAPI
 * document and are the models' types (`z.infer`).
 */

const percent = () => z.number().int().min(0).max(100)

const milestone = {
	points: count(),
	reward: z.string(),
}

export const StatementLineSchema = z
	.object({
		date: isoDateTime(),
		reason: z.string(),
		points: z.number().int(),
		status: z.enum(['credited', 'held', 'rejected']).openapi({
			description:
				'"credited" counts; "held" is pending staff review (docs/decisions/024-referral-integrity.md); "rejected" does not count.',
		}),
		reviewReason: z.string().nullable().openapi({ description: "Staff's reason when rejected, else null." }),
	})
	.strict()
/** A line of the member's points statement. */
export type StatementLine = z.infer<typeof StatementLineSchema>

export const MemberReferralsSchema = z
	.object({
		link: z.string().openapi({ description: 'The sign-up link with the code: what the member shares.' }),
		referralCode: z.string(),
		points: count(),
		referrals: count(),
		progress: z
			.object({
				percent: percent(),
				pointsToNext: count(),
				next: z.object(milestone).strict().nullable().openapi({ description: 'Null once every milestone is reached.' }),
			})
			.strict(),
		milestones: z.array(z.object({ ...milestone, description: z.string(), achieved: z.boolean() }).strict()),
		statement: z
			.array(StatementLineSchema)
			.openapi({ description: 'A page of the points statement, newest first (held and rejected lines too).' }),
		pagination: z
			.object({ page: id(), limit: id(), totalPages: id(), totalCount: count(), currentPage: id() })
			.strict(),
	})
	.strict()
	.openapi('MemberReferrals')

/** The head of the referrals page and of GET /api/member/referrals (the answer without the statement's page). */
export const ReferralSummarySchema = MemberReferralsSchema.omit({ statement: true, pagination: true })
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>

export const ReferralLeaderboardSchema = z
	.object({
		leaderboard: z.array(
			z
				.object({
					rank: id(),
					name: z.string().openapi({ description: 'First name and initial.' }),
					points: count(),
					referrals: count(),
					change: z.number().int().openapi({ description: 'Points gained in the last 7 days.' }),
					prize: z.string().nullable(),
					me: z.boolean(),
				})
				.strict(),
		),
		myRank: id().nullable().openapi({ description: "The member's place; null without points." }),
	})
	.strict()
	.openapi('ReferralLeaderboard')

/** A signal that counts events in a window (sign-ups or unlocks from one address, a referrer's sign-ups or unlocks). */
const windowSignal = (code: 'client_signups' | 'client_unlocks' | 'referrer_signups' | 'referrer_unlocks') =>
	z
		.object({
			code: z.literal(code),
			count: z.number().int(),
			limit: z.number().int(),
			windowMinutes: z.number().int(),
			description: z.string(),
		})
		.strict()

export const ReferralSignalSchema = z
	.discriminatedUnion('code', [
		windowSignal('client_signups'),
		windowSignal('client_unlocks'),
		windowSignal('referrer_signups'),
		windowSignal('referrer_unlocks'),
		z.object({ code: z.literal('disposable_email'), domain: z.string(), description: z.string() }).strict(),
		z.object({ code: z.literal('duplicate_phone'), otherMembers: z.number().int(), description: z.string() }).strict(),
	])
	.openapi('ReferralSignal', { description: 'What held the referral; `description` is a line a person can read.' })

const ReferralPartySchema = z.object({ id: id(), name: z.string(), email: z.string() }).strict()

export const ReferralReviewSchema = z
	.object({
		id: id(),
		status: z.enum(['credited', 'held', 'rejected']).openapi({
			description: 'held: waits for review, counts nowhere; credited: approved, counts; rejected: never counts.',
		}),
		points: z.number().int(),
		createdAt: isoDateTime(),
		referrer: ReferralPartySchema,
		referred: ReferralPartySchema.nullable().openapi({
			description: "Null when the referred member's account was deleted.",
		}),
		signals: z.array(ReferralSignalSchema),
		reviewedAt: isoDateTime().nullable(),
		reviewedBy: z.number().int().nullable().openapi({ description: 'The deciding staff member (admins.id).' }),
		reviewReason: z.string().nullable().openapi({ description: 'The reason of a rejection.' }),
	})
	.strict()
	.openapi('ReferralReview')
export type PublicReferralReview = z.infer<typeof ReferralReviewSchema>
