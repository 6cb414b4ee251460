import { requireApiCapability } from '#app/auth/staff.server.ts'
import { issuePlanCodeBatch, listBatches } from '#app/features/codes/plan-codes.server.ts'
import { AdminBatchSchema, CodesPaginationSchema, IssuedBatchSchema } from '#app/features/codes/responses.server.ts'
import { BatchListApiQuerySchema, PlanBatchApiSchema } from '#app/features/codes/schemas.ts'
import { apiPagination, ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin codes'],
		summary: 'Plan code batches, newest first, with their counts (20 a page)',
		auth: 'admin',
		query: BatchListApiQuerySchema,
		responses: {
			200: ok('A page of batches.', {
				data: z.object({ batches: z.array(AdminBatchSchema), pagination: CodesPaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'codes:view')
			const { page } = query()
			const { batches, pagination } = listBatches({ page })
			return apiSuccess({ batches, pagination: apiPagination(pagination) })
		},
	}),
	POST: endpoint({
		tags: ['Admin codes'],
		summary: 'Issue a batch of plan activation codes (1 to 10,000); the codes are answered in full, once',
		auth: 'admin',
		body: PlanBatchApiSchema.openapi('PlanCodeBatchRequest'),
		responses: {
			201: ok('Issued.', { message: true, data: IssuedBatchSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'codes:manage')
			const result = issuePlanCodeBatch({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: 'Codes issued', status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
