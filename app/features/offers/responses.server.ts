import { CLAIM_STATUSES } from '#app/domain/enums.ts'
import { RISK_LEVELS } from '#app/features/traders/responses.server.ts'
import { count, id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the offers' /api routes answer (/api/member/offers* and the staff's
 * offer claims): the schemas describe the answers in the OpenAPI document
 * and are the models' types (`z.infer`).
 */

export const FeeOfferSchema = z
	.object({
		id: z.string(),
		trader: z.string(),
		originalFee: z.number().openapi({ description: 'Percent.' }),
		currentFee: z.number().openapi({ description: 'Percent.' }),
		minCapital: z.number().openapi({ description: 'US dollars.' }),
		spotsLeft: count().openapi({ description: "After members' confirmations." }),
		totalSpots: count(),
		spotsLabel: z.enum(['Almost Full!', 'Filling Fast', 'Available']),
		expires: z.string(),
		performance: z.string(),
		monthlyReturn: z.number(),
		winRate: z.number(),
		risk: z.enum(RISK_LEVELS),
		totalFollowers: count(),
		description: z.string(),
		featured: z.boolean(),
		urgent: z.boolean(),
		confirmed: z.boolean().openapi({ description: 'The member has confirmed their interest.' }),
		// A union, not .nullable(): zod-to-openapi leaves null out of a nullable enum's values.
		// Where staff stand with the member's claim (app/features/offers/offer-claims.server.ts).
		claimStatus: z
			.union([z.enum(CLAIM_STATUSES), z.null()])
			.openapi({ description: "Where staff stand with the member's claim; null before confirming." }),
	})
	.strict()
	.openapi('FeeOffer')
/** A 0% fee offer as the member sees it: the spots left and their own claim. */
export type OfferView = z.infer<typeof FeeOfferSchema>

export const OfferClaimSchema = z
	.object({
		id: id(),
		userId: id(),
		memberName: z.string(),
		memberEmail: z.string(),
		offerId: z.string(),
		// As the member saw it; the id when the offer left the content.
		offerTitle: z.string().openapi({ description: "The offer's trader." }),
		status: z.enum(CLAIM_STATUSES),
		note: z.string(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime().nullable().openapi({ description: 'The last change by staff; null until then.' }),
	})
	.strict()
	.openapi('OfferClaim', { description: "A member's confirmed interest in a 0% fee offer, as staff work it." })
export type OfferClaim = z.infer<typeof OfferClaimSchema>
