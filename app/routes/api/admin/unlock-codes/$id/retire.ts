import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AdminUnlockCodeSchema } from '#app/features/codes/responses.server.ts'
import { UNLOCK_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { retireUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	IdParams,
	IgnoredPayload,
	ok,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin codes'],
		summary: 'Retire an unlock code (not the last active one)',
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Retired.', { message: true, data: z.object({ code: AdminUnlockCodeSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Already retired or expired, or the last active code.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'codes:manage')
			const id = requireCodesPathId(params.id, UNLOCK_CODE_MESSAGES.notFound)
			await body()
			const result = retireUnlockCode({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ code: result.value }, { message: 'Unlock code retired' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
