import { describe, expect, test } from 'vitest'
import { queryInput } from '#app/utils/validation.ts'
import { AlertListApiQuerySchema, parseAlertListQuery } from '#app/features/alerts/schemas.ts'
import { ClaimExportApiQuerySchema, ClaimListApiQuerySchema, parseClaimListQuery } from './schemas.ts'

/** What parseQuery (repeated: 'schema') answers for `search`: the query, or the errors as the 400 lists them. */
function api(
	schema: typeof ClaimListApiQuerySchema | typeof ClaimExportApiQuerySchema | typeof AlertListApiQuerySchema,
	search: string,
) {
	const parsed = schema.safeParse(queryInput(new URLSearchParams(search)))
	return parsed.success
		? { query: parsed.data, errors: [] }
		: { errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) }
}

const searches = [
	'',
	'status=new&offer=amara-okafor&page=2&limit=50',
	'status=all&offer=&page=&limit=',
	'status=lost&offer=No%20Body&page=0&limit=500',
	'status=new&status=done',
	'status=lost&status=new&page=1&page=x',
	'offer=all&page=1000000&limit=100',
	'page=1000001&limit=101',
	'page=01&limit=1.5',
	'page=1e3&limit=0x10',
	'limit=5&limit=6',
	'status=lost&page=abc',
	'unknown=1&unknown=2',
]

describe('the offer claims API query schemas read as parseClaimListQuery', () => {
	test.each(searches)('list: %s', (search) => {
		const old = parseClaimListQuery(new URLSearchParams(search), { allowLimit: true })
		const now = api(ClaimListApiQuerySchema, search)
		expect(now.errors).toEqual(old.errors)
		if (old.errors.length === 0) expect(now.query).toEqual(old.query)
	})
	test.each(searches)('export (page checked after the filters, limit ignored): %s', (search) => {
		const old = parseClaimListQuery(new URLSearchParams(search))
		const now = api(ClaimExportApiQuerySchema, search)
		expect(now.errors).toEqual(old.errors)
		if (old.errors.length === 0) expect(now.query).toEqual({ ...old.query, page: 1 })
	})
})

describe('the alerts API query schema reads as parseAlertListQuery', () => {
	test.each([
		...searches,
		'state=open&type=error&page=3&limit=10',
		'state=closed&type=fatal&limit=0',
		'state=all&type=all',
		'state=resolved&state=open&type=info&type=x',
	])('%s', (search) => {
		const old = parseAlertListQuery(new URLSearchParams(search), { allowLimit: true })
		const now = api(AlertListApiQuerySchema, search)
		expect(now.errors).toEqual(old.errors)
		if (old.errors.length === 0) expect(now.query).toEqual(old.query)
	})
})
