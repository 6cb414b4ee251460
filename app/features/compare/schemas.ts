import { z } from 'zod'
import { TRADER_FILTER_LIMITS, TRADER_FILTER_MESSAGES } from '#app/features/traders/schemas.ts'
import { CONTROL_CHARS } from '#app/utils/validation.ts'

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

/**
 * The page's picker (decision 059): a page of choices at a time, searched
 * on the name and the strategy with the traders list's rule (its length
 * and its messages), the traders chosen shown first whatever the page.
 */
export const COMPARE_PICKER = {
	/** Choices on one page of the picker. */
	pageSize: 20,
	/** The chosen traders shown (a form can send the last ones chosen and one page). */
	chosenShown: COMPARE_LIMITS.max + 20,
	/** Search text: the traders list's limit. */
	search: TRADER_FILTER_LIMITS.search,
} as const

export const COMPARE_PICKER_MESSAGES = {
	searchTooLong: TRADER_FILTER_MESSAGES.searchTooLong,
	searchInvalid: TRADER_FILTER_MESSAGES.searchInvalid,
	noMatch: (q: string) => `No listed trader or trader on watch matches “${q}”.`,
	none: 'No reviewed traders are listed right now.',
} as const

export type ComparePickerQuery = { q: string | null; page: number }

/**
 * The picker's `?q=` and `?page=`: a search too long or with control
 * characters is named for its field (and not searched); a page that is not
 * a whole number from 1 is the first.
 */
export function readComparePicker(params: URLSearchParams): { query: ComparePickerQuery; errors: { q?: string } } {
	const errors: { q?: string } = {}
	let q: string | null = null
	const text = (params.get('q') ?? '').trim()
	if (text !== '') {
		if (text.length > COMPARE_PICKER.search) errors.q = COMPARE_PICKER_MESSAGES.searchTooLong
		else if (CONTROL_CHARS.test(text)) errors.q = COMPARE_PICKER_MESSAGES.searchInvalid
		else q = text
	}
	const page = Number(params.get('page'))
	return { query: { q, page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1 }, errors }
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
