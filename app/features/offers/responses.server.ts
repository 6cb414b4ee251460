import { CLAIM_STATUSES } from '#app/domain/enums.ts'
import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the offer claims' /api routes answer: the schemas describe the
 * answers in the OpenAPI document and are the models' types (`z.infer`).
 */

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
