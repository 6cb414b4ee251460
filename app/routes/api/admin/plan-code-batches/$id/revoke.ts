import { requireApiCapability } from '#app/auth/staff.server.ts'
import { revokePlanCodeBatch } from '#app/features/codes/plan-codes.server.ts'
import { RevokedBatchSchema } from '#app/features/codes/responses.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	IdParams,
	IgnoredPayload,
	ok,
	refusals,
} from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin codes'],
		summary: 'Revoke every code of a batch that is not used up',
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Revoked.', { message: true, data: RevokedBatchSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Every code is already used up or revoked.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'codes:manage')
			const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.batchNotFound)
			await body()
			const result = revokePlanCodeBatch({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: 'Batch revoked' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
