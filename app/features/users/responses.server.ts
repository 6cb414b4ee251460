import { PLANS, USER_STATUSES } from '#app/domain/enums.ts'
import { count, id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the users' /api routes answer: the schemas describe the answers in
 * the OpenAPI document and are the models' types (`z.infer`), so the two
 * cannot drift apart.
 */

/** The fields a member's record opens with, in every answer that shows one. */
const contactShape = {
	id: id(),
	name: z.string(),
	email: z.string(),
	phone: z.string(),
	country: z.string(),
	telegram: z.string(),
}

export const ManagedUserSchema = z
	.object({
		...contactShape,
		plan: z.enum(PLANS),
		status: z.enum(USER_STATUSES),
		totalDeposit: z.number(),
		totalWithdraw: z.number(),
		totalInvested: z.number().openapi({ description: 'Total deposit + total withdrawn.' }),
		createdAt: isoDateTime(),
		// A closed account keeps its row (and its status, so the status filters
		// still walk their covering indexes) without personal fields.
		closedAt: isoDateTime().nullable().openapi({
			description:
				'When the member closed the account (personal fields erased, decision 022), or null. The staff pages show such an account as closed.',
		}),
	})
	.strict()
	.openapi('ManagedUser')
/** A member as staff manage them. */
export type ManagedUser = z.infer<typeof ManagedUserSchema>

export const DeletedUserSchema = z.object({ id: id() }).strict()
export type DeletedUser = z.infer<typeof DeletedUserSchema>

export const PublicUserSchema = z
	.object({
		...contactShape,
		investmentAmount: z.string().nullable(),
		plan: z.enum(PLANS),
		status: z.enum(USER_STATUSES),
		referralCount: count(),
		referralPoints: count(),
		referralCode: z.string(),
		referredBy: z.string().nullable(),
		isVerified: z.boolean().openapi({ description: 'Whether the member has unlocked the dashboard.' }),
		createdAt: isoDateTime(),
	})
	.strict()
	.openapi('PublicUser', { description: 'A member as the API shows them: never the password hash.' })
/** The member as the API and the pages see it: never the hash. */
export type PublicUser = z.infer<typeof PublicUserSchema>

// What the brokers' monthly reports recorded for a member, as staff see it
// (getMemberBrokers in app/features/brokers/member-brokers.server.ts).
const MemberBrokerAccountSchema = z
	.object({
		brokerId: id(),
		name: z.string(),
		slug: z.string(),
		active: z.boolean().openapi({ description: 'False once staff deactivated the broker; its figures stay.' }),
		trackingId: z.string().openapi({ description: "The opaque id the broker's reports name this member by." }),
		clickCount: count(),
		firstClickAt: isoDateTime().nullable(),
		lastClickAt: isoDateTime().nullable(),
		funded: z
			.boolean()
			.openapi({ description: 'An applied (not reversed) report has a row for the member with deposits above 0.' }),
		months: z
			.array(
				z
					.object({
						month: z.string().regex(/^\d{4}-\d{2}$/),
						deposits: z.number().min(0).openapi({ description: 'US dollars.' }),
						withdrawals: z.number().min(0).openapi({ description: 'US dollars.' }),
					})
					.strict(),
			)
			.max(12)
			.openapi({ description: 'What the applied reports recorded per report month, newest first, at most 12.' }),
		totals: z
			.object({
				deposits: z.number().min(0).openapi({ description: 'US dollars.' }),
				withdrawals: z.number().min(0).openapi({ description: 'US dollars.' }),
				reportMonths: count(),
			})
			.strict()
			.openapi({ description: 'Over every applied report month, not only the listed ones.' }),
	})
	.strict()
	.openapi('MemberBrokerAccount', {
		description:
			"A member's broker account and what the brokers' monthly reports recorded for them (not live balances).",
	})

const PlanChangeSchema = z
	.object({
		at: isoDateTime(),
		// Not .nullable(): zod-to-openapi 7 leaves null out of a nullable enum.
		from: z.union([z.enum(PLANS), z.null()]),
		to: z.enum(PLANS),
		// 'Created by an admin', 'Changed by an admin', 'Bulk update', 'Activation code'.
		source: z.string(),
		by: z.string().nullable().openapi({ description: "The admin's email, for changes by an admin." }),
	})
	.strict()
/** One change of a member's plan (the audit log merged with the activation codes). */
export type PlanChange = z.infer<typeof PlanChangeSchema>

export const ManagedUserStatsSchema = z
	.object({
		user: z
			.object({
				...ManagedUserSchema.shape,
				referralCode: z.string(),
				referredBy: z.string().nullable(),
				investmentAmount: z.string().nullable(),
				isVerified: z.boolean(),
				unlockedAt: isoDateTime().nullable(),
				lastSeenAt: isoDateTime().nullable(),
				updatedAt: isoDateTime(),
			})
			.strict(),
		referrals: z
			.object({
				// Premium referrals credited (users.referralCount).
				count: count(),
				points: count(),
				// Members who signed up with their code (unlocked or not).
				referredMembers: count(),
				recentCredits: z.array(z.object({ at: isoDateTime(), reason: z.string(), points: z.number().int() }).strict()),
			})
			.strict(),
		planHistory: z.array(PlanChangeSchema),
		sessions: z
			.object({ active: count(), web: count(), api: count(), lastStartedAt: isoDateTime().nullable() })
			.strict(),
		activity: z.object({ lessonsCompleted: count(), contestsJoined: count(), offersClaimed: count() }).strict(),
		recentChanges: z.array(z.object({ at: isoDateTime(), action: z.string(), by: z.string() }).strict()),
		// Broker accounts (tracking id, clicks) and the applied reports' figures by month.
		brokers: z.array(MemberBrokerAccountSchema),
	})
	.strict()
	.openapi('ManagedUserStats')
/** The figures of the admin's user page and GET /api/admin/users/:id/stats. */
export type ManagedUserStats = z.infer<typeof ManagedUserStatsSchema>

export const BulkResultSchema = z.object({ updated: count().openapi({ description: 'Rows changed.' }) }).strict()
export type BulkResult = z.infer<typeof BulkResultSchema>
