import { listRevenueEntries, recordRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { RevenueEntrySchema } from '#app/features/revenue/responses.server.ts'
import { RevenueApiSchema, RevenueListApiQuerySchema } from '#app/features/revenue/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { staffListEndpoint } from './+lists.server.ts'

const route = apiRoute({
	GET: staffListEndpoint({
		tags: ['Admin revenue'],
		summary: 'Every revenue entry (voided ones too), newest first, paged',
		query: RevenueListApiQuerySchema,
		capability: 'revenue:correct',
		page: 'A page of entries.',
		key: 'entries',
		item: RevenueEntrySchema,
		badQuery: 'A bad or repeated query parameter.',
		read: ({ page, limit }) => listRevenueEntries(page, limit),
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
