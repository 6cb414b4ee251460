import { z } from '#app/utils/api-schema.server.ts'

/**
 * What the member API answers of the partner brokers: the schema describes
 * the answer in the OpenAPI document and is the model's type (`z.infer`).
 */

export const PartnerBrokerSchema = z
	.object({
		slug: z.string(),
		name: z.string(),
		regulator: z.string(),
		licence: z.string(),
		lossPercent: z.number().openapi({ description: "Percent of the broker's retail CFD accounts that lose money." }),
		minDeposit: z.number().openapi({ description: 'US dollars.' }),
		rating: z.number(),
		bonus: z.string(),
		features: z.array(z.string()),
		recommended: z.boolean(),
	})
	.strict()
	.openapi('PartnerBroker', { description: 'An active partner broker; open it through `/go/{slug}`.' })
/** What a member's broker card shows; never the affiliate template. */
export type MemberBroker = z.infer<typeof PartnerBrokerSchema>
