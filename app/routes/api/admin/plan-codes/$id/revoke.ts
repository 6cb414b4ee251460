import { requireApiCapability } from '#app/auth/staff.server.ts'
import { revokePlanCode } from '#app/features/codes/plan-codes.server.ts'
import { RevokedPlanCodeSchema } from '#app/features/codes/responses.server.ts'
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
		summary: 'Revoke one plan code (not a used-up one)',
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Revoked.', { message: true, data: RevokedPlanCodeSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The code is used up (a used code cannot be revoked) or already revoked.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'codes:manage')
			const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.codeNotFound)
			await body()
			const result = revokePlanCode({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: 'Code revoked' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
