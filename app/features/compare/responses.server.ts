import { MemberTraderSchema } from '#app/features/traders/responses.server.ts'
import { isoDate, z } from '#app/utils/api-schema.server.ts'

/** What GET /api/member/compare answers (issue 40 part 3, decision 059); the model's type is its own. */

const month = () => z.string().regex(/^\d{4}-\d{2}$/)

export const TraderComparisonSchema = z
	.object({
		traders: z
			.array(MemberTraderSchema)
			.min(2)
			.max(4)
			.openapi({ description: 'The traders, in the order of `ids`, with every figure of the members’ list.' }),
		months: z.array(month()).openapi({
			description:
				'The complete calendar months every trader has a return for (their last unbroken run), oldest first; empty when they share none.',
		}),
		monthlyReturns: z
			.array(
				z
					.object({
						month: month(),
						returns: z
							.array(z.number())
							.openapi({ description: 'Each trader’s return (a fraction), in the order of `traders`.' }),
					})
					.strict(),
			)
			.openapi({ description: 'One row per month of `months`.' }),
		index: z
			.object({
				base: z.number().openapi({ description: 'Every index starts here (100).' }),
				points: z
					.array(
						z
							.object({
								date: isoDate(),
								values: z
									.array(z.number())
									.openapi({ description: 'Each trader’s index, in the order of `traders` (two decimals).' }),
							})
							.strict(),
					)
					.openapi({
						description:
							'The first month’s first day (every value `base`), then each month’s last day, compounded by the monthly returns; empty with no month in common.',
					}),
			})
			.strict(),
	})
	.strict()
	.openapi('TraderComparison')
