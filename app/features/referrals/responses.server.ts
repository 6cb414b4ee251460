import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the referral review's /api routes answer: the schemas describe the
 * answers in the OpenAPI document and are the models' types (`z.infer`).
 */

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
