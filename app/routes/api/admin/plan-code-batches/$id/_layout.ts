import { requireApiCapability } from '#app/auth/staff.server.ts'
import { listBatchCodes } from '#app/features/codes/plan-codes.server.ts'
import { AdminBatchSchema, AdminPlanCodeSchema, CodesPaginationSchema } from '#app/features/codes/responses.server.ts'
import { BatchCodesApiQuerySchema, PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiPagination, ADMIN_403, ADMIN_GUARD, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin codes'],
		summary: 'A batch and a page of its codes (masked), filtered by status (50 a page)',
		auth: 'admin',
		params: IdParams,
		query: BatchCodesApiQuerySchema,
		responses: {
			200: ok('The batch and its codes.', {
				data: z
					.object({ batch: AdminBatchSchema, codes: z.array(AdminPlanCodeSchema), pagination: CodesPaginationSchema })
					.strict(),
			}),
			...refusals([400, ...ADMIN_GUARD, 404], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, params, query }) {
			requireApiCapability(request, 'codes:view')
			const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.batchNotFound)
			const found = listBatchCodes(id, query())
			if (!found) return apiError(404, PLAN_CODE_MESSAGES.batchNotFound)
			return apiSuccess({ batch: found.batch, codes: found.codes, pagination: apiPagination(found.pagination) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
