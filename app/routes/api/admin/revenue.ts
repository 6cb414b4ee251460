import { listRevenueEntries, recordRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { RevenueEntrySchema } from '#app/features/revenue/responses.server.ts'
import { RevenueApiSchema, RevenueListApiQuerySchema } from '#app/features/revenue/schemas.ts'
import {
	apiPagination,
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	ok,
	PaginationSchema,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin revenue'],
		summary: 'Every revenue entry (voided ones too), newest first, paged',
		auth: 'admin',
		query: RevenueListApiQuerySchema,
		responses: {
			200: ok('A page of entries.', {
				data: z.object({ entries: z.array(RevenueEntrySchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'revenue:correct')
			const { page: requested, limit: size } = query()
			const { entries, pagination } = listRevenueEntries(requested, size)
			return apiSuccess({ entries, pagination: apiPagination(pagination) })
		},
	}),
	POST: endpoint({
		tags: ['Admin dashboard'],
		summary: "Record a partner broker's commission report",
		auth: 'admin',
		body: RevenueApiSchema.openapi('RevenueRequest'),
		responses: {
			201: ok('Recorded.', { message: true, data: RevenueEntrySchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'revenue:record')
			const { broker, month, amount } = await body()
			const result = recordRevenue({ id: admin.id, email: admin.email }, { broker, month, amountCents: amount })
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: 'Revenue recorded', status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
