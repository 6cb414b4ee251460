import { SESSION_KINDS } from '#app/domain/enums.ts'
import { count, id, isoDate, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the member's own account routes (/api/member/settings, sessions,
 * data, account, terms) answer: the schemas describe the answers in the
 * OpenAPI document and are the models' types (`z.infer`).
 */

export const MemberSessionSchema = z
	.object({
		id: id(),
		kind: z.enum(SESSION_KINDS),
		device: z.string().openapi({ description: 'Read from the User-Agent at sign-in ("Firefox on Windows", "curl").' }),
		userAgent: z.string(),
		firstSeenAt: isoDateTime(),
		lastSeenAt: isoDateTime().openapi({ description: 'Updated at most once a minute.' }),
		expiresAt: isoDateTime(),
		current: z.boolean().openapi({ description: "The session of this request's token." }),
	})
	.strict()
	.openapi('MemberSession', { description: 'A signed-in session: never its secret.' })
export type MemberSession = z.infer<typeof MemberSessionSchema>

const dataSection = () => z.array(z.object({}).passthrough())
/** Loose on purpose: the download's sections are the stored rows as they are. */
export const MemberDataSchema = z
	.object({
		exportedAt: isoDateTime(),
		profile: z.object({}).passthrough(),
		consents: dataSection(),
		referrals: z
			.object({ points: count(), count: count(), referredMembers: dataSection(), credits: dataSection() })
			.strict(),
		planHistory: dataSection(),
		offerClaims: dataSection(),
		lessons: dataSection(),
		contestEntries: dataSection(),
		activityDays: z.array(isoDate()),
		brokerAccounts: dataSection(),
		reportedFigures: dataSection(),
		notifications: dataSection(),
		notificationPreferences: dataSection(),
		pendingEmailChange: z.object({ newEmail: z.string(), expiresAt: isoDateTime() }).strict().nullable(),
		sessions: z.array(MemberSessionSchema),
	})
	.strict()
	.openapi('MemberData', {
		description: 'Everything stored about the member (the data download); other members by display name only.',
	})

export const ConsentSchema = z
	.object({
		id: id(),
		kind: z.enum(['terms', 'age', 'risk']),
		version: z.string(),
		source: z.enum(['signup', 'reaccept', 'staff', 'api']),
		adminId: id().nullable(),
		adminName: z.string().nullable(),
		acceptedAt: isoDateTime(),
	})
	.strict()
	.openapi('Consent')
/** One consent row as the member and staff see it. */
export type ConsentRecord = z.infer<typeof ConsentSchema>
