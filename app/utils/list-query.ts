import { queryInput } from './validation.ts'
import { z } from 'zod'

export type QueryError = { path: string; message: string }

/**
 * The query of a staff list with closed-list filters and pages (offer
 * claims, alerts). Browser-safe.
 */
export type ListFilter = {
	values: readonly string[]
	message: string
	/** For an open list (offer keys): the values it takes, instead of `values`. */
	accepts?: (value: string) => boolean
}

export type ListQuerySpec<F extends string> = {
	/** In the order their errors are reported. */
	filters: Record<F, ListFilter>
	pageSize: number
	maxPage: number
	maxLimit: number
}

export type FilteredListQuery<F extends string> = { page: number; limit: number } & Record<F, string | null>

function plainInteger(value: string) {
	return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}

/**
 * Reads the list query from URL search params. Each bad value is an error
 * with its path (a value outside its filter's list, a bad page or limit, a
 * repeated parameter) and falls back to its default, so the page can show
 * the list with the error at the filter's field and the API can refuse
 * with 400. Blank (or "all") means no filter. `limit` is read only when
 * `allowLimit` (the API); the page always shows `pageSize` rows.
 */
export function parseFilteredListQuery<F extends string>(
	params: URLSearchParams,
	spec: ListQuerySpec<F>,
	options: { allowLimit?: boolean } = {},
): { query: FilteredListQuery<F>; errors: QueryError[] } {
	const input = queryInput(params)
	const errors: QueryError[] = []
	const one = (name: string) => {
		const value = input[name]
		if (Array.isArray(value)) {
			errors.push({ path: name, message: `Give ${name} once` })
			return value[0]
		}
		return value
	}
	const query = { page: 1, limit: spec.pageSize } as FilteredListQuery<F>
	for (const name of Object.keys(spec.filters) as F[]) {
		const filter = spec.filters[name]
		const value = one(name)
		;(query as Record<string, unknown>)[name] = null
		if (value === undefined || value === '' || value === 'all') continue
		if (filter.accepts ? filter.accepts(value) : filter.values.includes(value))
			(query as Record<string, unknown>)[name] = value
		else errors.push({ path: name, message: filter.message })
	}
	const page = one('page')
	if (page !== undefined && page !== '') {
		const n = plainInteger(page)
		if (n !== null && n <= spec.maxPage) query.page = n
		else errors.push({ path: 'page', message: `page must be a whole number from 1 to ${spec.maxPage}` })
	}
	if (options.allowLimit) {
		const limit = one('limit')
		if (limit !== undefined && limit !== '') {
			const n = plainInteger(limit)
			if (n !== null && n <= spec.maxLimit) query.limit = n
			else errors.push({ path: 'limit', message: `limit must be a whole number from 1 to ${spec.maxLimit}` })
		}
	}
	return { query, errors }
}

/**
 * Makes a list's `parse…ListQuery(params, { allowLimit })`: parseFilteredListQuery
 * with the list's spec (read at each call) and its query type `Q`.
 */
export function filteredListQueryParser<Q extends { page: number; limit: number }>(
	spec: () => ListQuerySpec<Exclude<keyof Q & string, 'page' | 'limit'>>,
) {
	return (params: URLSearchParams, options: { allowLimit?: boolean } = {}): { query: Q; errors: QueryError[] } => {
		const { query, errors } = parseFilteredListQuery(params, spec(), options)
		return { query: query as unknown as Q, errors }
	}
}

/** "?status=contacted&offer=amara-okafor&page=2": the set filters and a page past the first ("" for the default list). */
export function filteredListSearch<Q extends { page: number }>(query: Q, filters: ReadonlyArray<keyof Q & string>) {
	const params = new URLSearchParams()
	for (const name of filters) {
		const value = query[name]
		if (value) params.set(name, String(value))
	}
	if (query.page > 1) params.set('page', String(query.page))
	const text = params.toString()
	return text ? `?${text}` : ''
}

/**
 * The same query as zod schemas for the API (parseQuery with `repeated:
 * 'schema'`), with the same messages in the same order, and that describe
 * themselves in the OpenAPI document. A repeated parameter is the error
 * 'Give <name> once', and its first value is still checked.
 */
function firstOf(name: string, value: unknown, ctx: z.RefinementCtx) {
	if (!Array.isArray(value)) return value
	ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Give ${name} once` })
	return value[0]
}

/**
 * A closed-list filter: blank or "all" is no filter (undefined; the query's
 * own transform makes it null). A bad value is its error without failing
 * the whole query (the export's page check still runs after it); `listed`
 * is the document's enum.
 */
export function filterParam<T extends string>(
	name: string,
	filter: { values: readonly T[]; message: string; accepts?: (value: string) => boolean },
	listed: readonly [string, ...string[]],
) {
	// Only `filter.values` get past the preprocess: the enum's wider list is the document's.
	return z.preprocess(
		(input, ctx) => {
			const value = firstOf(name, input, ctx)
			if (value === undefined || value === '' || value === 'all') return undefined
			if (
				typeof value === 'string' &&
				(filter.accepts ? filter.accepts(value) : (filter.values as readonly string[]).includes(value))
			)
				return value
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: filter.message })
			return undefined
		},
		(filter.accepts ? z.string() : z.enum(listed)).optional(),
	) as unknown as z.ZodType<T | undefined, z.ZodTypeDef, unknown>
}

/** A whole number from 1 to `max`, written plainly; blank is `fallback`. The number schema inside is what the document shows. */
export function wholeNumberParam(name: string, max: number, fallback: number) {
	const message = `${name} must be a whole number from 1 to ${max}`
	return z.preprocess((input, ctx) => {
		const value = firstOf(name, input, ctx)
		if (typeof value !== 'string') return value
		return value === '' ? undefined : (plainInteger(value) ?? value)
	}, z.number({ message }).int({ message }).min(1, { message }).max(max, { message }).default(fallback))
}
