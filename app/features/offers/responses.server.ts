import { CLAIM_STATUSES } from '#app/domain/enums.ts'
import { RISK_LEVELS } from '#app/features/traders/responses.server.ts'
import { count, id, isoDate, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the offers' /api routes answer (/api/member/offers* and the staff's
 * offer claims): the schemas describe the answers in the OpenAPI document
 * and are the models' types (`z.infer`).
 */

export const FeeOfferSchema = z
	.object({
		id: z.string().openapi({ description: "The offer's key (what a claim's offerId holds)." }),
		trader: z.string().openapi({ description: "The registry trader's name." }),
		traderSlug: z.string().openapi({ description: "The trader's page: /dashboard/traders/<slug>." }),
		originalFee: z.number().openapi({ description: 'Percent.' }),
		currentFee: z.number().openapi({ description: 'Percent.' }),
		minCapital: z.number().openapi({ description: 'US dollars.' }),
		spotsLeft: count().openapi({ description: "Total spots minus members' confirmed claims." }),
		totalSpots: count(),
		spotsLabel: z.enum(['Almost Full!', 'Filling Fast', 'Available']),
		expiresOn: isoDate().nullable().openapi({ description: 'The last day it is open (UTC), or null: no end date.' }),
		expires: z.string().nullable().openapi({ description: 'That day as shown, like "Dec 31, 2026".' }),
		performance: z.string().openapi({ description: "The trader's return over the last 12 months, from the registry." }),
		monthlyReturn: z
			.number()
			.nullable()
			.openapi({ description: "The trader's last calendar month, percent; null with too little history." }),
		winRate: z.number().nullable().openapi({ description: "The trader's win rate, percent; null with no trades." }),
		risk: z
			.union([z.enum(RISK_LEVELS), z.null()])
			.openapi({ description: "From the trader's risk score; null when not rated yet." }),
		totalFollowers: count().openapi({ description: "The trader's followers on the registry." }),
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
