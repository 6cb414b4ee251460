import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'
import { SLUG_PATTERN } from './schemas.ts'

/**
 * What the brokers' /api routes answer (staff's, and the member API's
 * partner brokers): the schemas describe the answers in the OpenAPI
 * document and are the models' types (`z.infer`), so the two cannot drift
 * apart.
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

const brokerFields = {
	id: id(),
	name: z.string(),
	slug: z.string().regex(SLUG_PATTERN),
	regulator: z.string(),
	licence: z.string(),
	lossPercent: z
		.number()
		.openapi({ description: "The broker's own published share of retail accounts that lose money, 0 to 100." }),
	minDeposit: z.number().openapi({ description: 'US dollars.' }),
	affiliateUrl: z.string().openapi({
		description: "An https: link template; {trackingId} is replaced by the member's opaque tracking id.",
	}),
	rating: z.number().openapi({ description: 'Out of 5.' }),
	bonus: z.string(),
	features: z.array(z.string()),
	recommended: z.boolean(),
	sortOrder: z.number().int().openapi({ description: "Members' cards are listed by this, then by name." }),
	active: z.boolean().openapi({ description: 'Inactive brokers are hidden from members and /go/{slug} answers 404.' }),
	createdAt: isoDateTime(),
	updatedAt: isoDateTime().nullable(),
}

export const BrokerSchema = z.object(brokerFields).strict().openapi('Broker')
/** A broker as staff and the API see it (the affiliate template included). */
export type PublicBroker = z.infer<typeof BrokerSchema>

export const StaffBrokerSchema = z
	.object({
		...brokerFields,
		clicksLast30Days: z.number().int().openapi({ description: 'Clicks through /go/{slug} in the last 30 days.' }),
		// Members with a tracking id at this broker (they clicked at least once).
		membersConnected: z.number().int().openapi({ description: 'Members with a tracking id at this broker.' }),
	})
	.strict()
	.openapi('StaffBroker')
/** The staff list's row: the broker and its figures. */
export type StaffBrokerRow = z.infer<typeof StaffBrokerSchema>

/** A path slug: an unknown one is a 404. */
export const BrokerSlugParams = z.object({
	slug: z.string().openapi({ description: "The broker's slug; an unknown one is a 404." }),
})
