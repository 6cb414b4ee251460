import { PLANS } from '#app/domain/enums.ts'
import { AcademyStatsSchema } from '#app/features/academy/responses.server.ts'
import { PartnerBrokerSchema } from '#app/features/brokers/responses.server.ts'
import { MemberPromotionSchema } from '#app/features/content/responses.server.ts'
import { count, type ErrorStatus, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What GET /api/member/overview answers: the schemas describe the answer in
 * the OpenAPI document and the connected brokers' type (`z.infer`).
 */

const percent = () => z.number().int().min(0).max(100)

export const ConnectedBrokerSchema = z
	.object({
		name: z.string(),
		slug: z.string(),
		active: z.boolean(),
		funded: z.boolean(),
		firstClickAt: isoDateTime().nullable(),
		// Newest first.
		months: z.array(
			z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), deposits: z.number(), withdrawals: z.number() }).strict(),
		),
		totals: z.object({ deposits: z.number(), withdrawals: z.number(), reportMonths: count() }).strict(),
	})
	.strict()
	.openapi('ConnectedBroker', {
		description: 'A broker the member opened through us and what its monthly reports recorded (US dollars).',
	})
/** A broker the member connected to: what the reports recorded. The tracking id and click counts stay on the server. */
export type ConnectedBrokerSummary = z.infer<typeof ConnectedBrokerSchema>

export const MemberOverviewSchema = z
	.object({
		firstName: z.string(),
		// The page's tiles carry an icon too; the route sends label and value.
		tiles: z.array(z.object({ label: z.string(), value: z.string() }).strict()),
		plan: z.object({ id: z.enum(PLANS), name: z.string() }).strict(),
		// The quick-start guide's progress (content: SETUP_PROGRESS_PERCENT).
		setupProgressPercent: percent(),
		academy: AcademyStatsSchema,
		referralPoints: count(),
		connectedBrokers: z.array(ConnectedBrokerSchema),
		// Active partner brokers (by sortOrder then name).
		partnerBrokers: z.array(PartnerBrokerSchema),
		// Active Promotions: published and unexpired (staff run them, decision 062).
		promotions: z.array(MemberPromotionSchema),
		account: z
			.object({ joinedAt: isoDateTime(), referralCode: z.string(), unlockedAt: isoDateTime().nullable() })
			.strict(),
	})
	.strict()
	// Not the model's type: MemberOverview (overview.server.ts) has Dates and the tiles' icons.
	.openapi('MemberOverview')

/** The refusals of requireApiUnlockedMember (app/auth/member.server.ts) on the dashboard's routes. */
export const UNLOCKED_GUARD: ErrorStatus[] = [403, 409]
export const TERMS_409 =
	'The Terms & Conditions changed since the member accepted them: POST /api/member/terms/accept first.'
export const UNLOCKED_403 =
	"The member has not unlocked the dashboard ('Unlock your dashboard first: …'; POST /api/auth/verify-code)."
export const MEMBER_LOCKED = { 403: UNLOCKED_403, 409: TERMS_409 }
