import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the revenue /api routes answer: the schemas describe the answers in
 * the OpenAPI document and are the models' types (`z.infer`).
 */

export const RevenueEntrySchema = z
	.object({
		id: id(),
		broker: z.string(),
		month: z.string().regex(/^\d{4}-\d{2}$/),
		// cents / 100
		amount: z.number().openapi({ description: 'US dollars.' }),
		createdAt: isoDateTime(),
		voidedAt: isoDateTime().nullable().openapi({ description: 'Set when voided: the entry no longer counts.' }),
		voidReason: z.string().nullable(),
		correctionReason: z.string().nullable().openapi({ description: 'The reason of the latest edit.' }),
		updatedAt: isoDateTime().nullable(),
	})
	.strict()
	.openapi('RevenueEntry')
export type PublicRevenueEntry = z.infer<typeof RevenueEntrySchema>
