import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createTrader, listStaffTraders } from '#app/features/traders/registry.server.ts'
import { StaffTraderSchema } from '#app/features/traders/responses.server.ts'
import { TRADER_MESSAGES, TraderCreateSchema, TraderListApiQuerySchema } from '#app/features/traders/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { staffListEndpoint } from './+lists.server.ts'

const route = apiRoute({
	GET: staffListEndpoint({
		tags: ['Admin traders'],
		summary: 'The traders registry, newest first, filtered by review status and red flag',
		query: TraderListApiQuerySchema,
		repeated: 'schema',
		capability: 'traders:review',
		page: 'A page of traders.',
		key: 'traders',
		item: StaffTraderSchema,
		badQuery: 'An unknown status or flag, a bad page or limit, or a repeated parameter.',
		read: listStaffTraders,
	}),
	POST: endpoint({
		tags: ['Admin traders'],
		summary: 'Add a trader (status applied)',
		auth: 'admin',
		body: TraderCreateSchema.openapi('TraderCreateRequest'),
		responses: {
			201: ok('Added.', { message: true, data: z.object({ trader: StaffTraderSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The slug is taken.', ...ADMIN_403 }),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'traders:review')
			const result = createTrader({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ trader: result.value }, { message: TRADER_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
