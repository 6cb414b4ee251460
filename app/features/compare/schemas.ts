import { z } from 'zod'

/**
 * Comparing traders side by side (issue 40 part 3, decision 059): the
 * limits, the messages (the page's and /api/member/compare's alike) and the
 * reading of `ids`. Browser-safe.
 */

export const COMPARE_LIMITS = {
	/** Traders in one comparison. */
	min: 2,
	max: 4,
	/** A slug is at most this long (TRADER_LIMITS.slug); a longer one is echoed cut. */
	slug: 60,
	/** The index curves start at this value. */
	indexBase: 100,
} as const

/** How a slug is quoted back in a message: cut to the slug's length, so a message never echoes a long input. */
function quoted(slug: string) {
	const cut = slug.length > COMPARE_LIMITS.slug ? `${slug.slice(0, COMPARE_LIMITS.slug)}…` : slug
	return `“${cut}”`
}

export const COMPARE_MESSAGES = {
	tooFew: `Choose at least ${COMPARE_LIMITS.min} traders to compare`,
	tooMany: (count: number) =>
		`You can compare at most ${COMPARE_LIMITS.max} traders at once; you chose ${count}. Leave some out`,
	duplicate: (slug: string) => `${quoted(slug)} is chosen more than once; choose each trader once`,
	unknown: (slug: string) => `No trader has the slug ${quoted(slug)}`,
	notCurrent: (name: string, status: string) =>
		`${name} is ${status}: only listed traders and traders on watch can be compared`,
	noCommonMonths: 'These traders have no complete calendar month in common yet, so there is no curve or monthly table.',
} as const

/**
 * The slugs of `ids` as given: each value may hold several, comma
 * separated (`ids=a,b`, `ids=a&ids=b`, or both); spaces around a slug and
 * empty entries (an empty picker field) are dropped; the order is kept.
 */
export function readCompareIds(values: readonly string[]): string[] {
	return values.flatMap((value) =>
		value
			.split(',')
			.map((slug) => slug.trim())
			.filter((slug) => slug.length > 0),
	)
}

/** GET /api/member/compare's query string. */
export const CompareQuerySchema = z
	.object({
		ids: z
			.union([z.string(), z.array(z.string())])
			.optional()
			.describe(
				`The traders' slugs, ${COMPARE_LIMITS.min} to ${COMPARE_LIMITS.max}, comma separated and/or repeated (\`ids=a,b\` or \`ids=a&ids=b\`); the answer keeps their order.`,
			),
	})
	.strict()
