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
	copyTrading: z.boolean().openapi({
		description:
			"The broker offers copy trading: with a spread for a trader's main market it is listed among the brokers that offer that trader (decision 060).",
	}),
	commissionPerLot: z
		.number()
		.openapi({ description: 'US dollars per standard lot, round turn (open and close); 0 when none.' }),
	copyFeePercent: z
		.number()
		.openapi({ description: "The broker's copy or performance fee, percent of the copier's profits, 0 to 100." }),
	spreads: z
		.array(
			z
				.object({
					market: z.string().openapi({ description: 'An instrument symbol, as traders spell their markets (EURUSD).' }),
					spreadPerLot: z.number().openapi({
						description: 'The typical spread as a cost: US dollars per standard lot (one buy and sell back).',
					}),
				})
				.strict(),
		)
		.openapi({ description: 'The spread per market; the whole list is replaced when given.' }),
	howWeEarn: z.string().openapi({ description: 'How TradeCircle earns from this broker, shown to members.' }),
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

export const BrokerCostSchema = z
	.object({
		slug: z.string(),
		name: z.string(),
		tradersBroker: z.boolean().openapi({ description: "The broker the trader's statements come from." }),
		market: z.string().openapi({ description: "The trader's main market (the first of their markets)." }),
		spreadPerLot: z.number().nullable().openapi({
			description: 'US dollars per standard lot to cross the spread on that market once; null when not recorded.',
		}),
		commissionPerLot: z.number().openapi({ description: 'US dollars per standard lot, round turn.' }),
		costPerLot: z.number().nullable().openapi({
			description:
				'The estimate: spread plus commission, US dollars for one round-turn trade of one standard lot; null without a spread.',
		}),
		copyFeePercent: z.number().openapi({ description: "Percent of the copier's profits." }),
		minDeposit: z.number().openapi({ description: 'US dollars.' }),
		lossPercent: z.number().openapi({ description: "Percent of the broker's retail CFD accounts that lose money." }),
		howWeEarn: z.string().openapi({ description: 'How TradeCircle earns from this broker (blank when not recorded).' }),
	})
	.strict()
	.openapi('BrokerCost', {
		description: 'What copying a trader costs at one partner broker that offers them (decision 060).',
	})
/** One row of a trader's broker costs. */
export type BrokerCost = z.infer<typeof BrokerCostSchema>
