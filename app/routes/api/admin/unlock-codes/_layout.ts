import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AdminUnlockCodeSchema, RotationSchema } from '#app/features/codes/responses.server.ts'
import { UnlockRotateApiSchema } from '#app/features/codes/schemas.ts'
import { listUnlockCodes, rotateUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin codes'],
		summary: 'Unlock codes: the active ones first, then the history',
		auth: 'admin',
		responses: {
			200: ok('The codes.', { data: z.object({ codes: z.array(AdminUnlockCodeSchema) }).strict() }),
			...refusals([...ADMIN_GUARD], ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'codes:view')
			return apiSuccess({ codes: listUnlockCodes() })
		},
	}),
	POST: endpoint({
		tags: ['Admin codes'],
		summary: 'Rotate: a new current code (typed or random); the previous ones retire now or after a grace period',
		auth: 'admin',
		body: UnlockRotateApiSchema.openapi('UnlockRotateRequest'),
		responses: {
			201: ok('Rotated.', { message: true, data: RotationSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The typed code was used before.', ...ADMIN_403 }),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'codes:manage')
			const result = rotateUnlockCode({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: 'Unlock code rotated', status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
