import { requireApiCapability } from '#app/auth/staff.server.ts'
import type { Capability } from '#app/features/staff/roles.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	apiPagination,
	ok,
	PAGINATION_DESCRIPTION,
	PaginationSchema,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiSuccess, endpoint } from '#app/utils/api.server.ts'

// A schema of its own rather than an extension of Pagination: the
// document would join the two strict objects with allOf, which no answer
// can match.
const CappedPaginationSchema = z
	.object({
		...PaginationSchema.shape,
		totalCountCapped: z.boolean().openapi({
			description:
				'True when a search matched more than 10,000 members: `totalCount` is then 10,000 and the pages stop there (decision 067).',
		}),
	})
	.strict()
	.openapi('CappedPagination', { description: `${PAGINATION_DESCRIPTION} A search counts up to 10,000.` })

/**
 * GET /api/admin/users, /alerts, /offer-claims, /referrals and /revenue:
 * one page of a staff list for an admin with `capability`, answered as
 * `{ [key]: items, pagination }`; a bad query is the 400 `badQuery` tells.
 * Kept beside the routes (routes.ts ignores `*.server.*` files).
 */
export function staffListEndpoint<K extends string, Q extends z.ZodTypeAny>(list: {
	tags: string[]
	summary: string
	query: Q
	repeated?: 'schema'
	capability: Capability
	page: string
	key: K
	item: z.ZodTypeAny
	badQuery: string
	/** The list's count may stop at a cap (a users search, decision 067): its pagination says so in `totalCountCapped`. */
	cappedCount?: true
	read: (query: z.output<Q>) => Record<K, unknown[]> & {
		pagination: z.infer<typeof PaginationSchema> & { totalCountCapped?: boolean }
	}
}) {
	const pagination = list.cappedCount ? CappedPaginationSchema : PaginationSchema
	return endpoint({
		tags: list.tags,
		summary: list.summary,
		auth: 'admin',
		query: list.query,
		repeated: list.repeated,
		responses: {
			200: ok(list.page, {
				data: z.object({ [list.key]: z.array(list.item), pagination }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: list.badQuery, ...ADMIN_403 }),
		},
		handler({ request, query }) {
			requireApiCapability(request, list.capability)
			const found = list.read(query())
			return apiSuccess({
				[list.key]: found[list.key],
				pagination: list.cappedCount
					? { ...apiPagination(found.pagination), totalCountCapped: found.pagination.totalCountCapped === true }
					: apiPagination(found.pagination),
			})
		},
	})
}
