import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { beginEnrolment } from '#app/features/staff/two-factor.server.ts'
import { TwoFactorSetupApiSchema } from '#app/features/staff/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/two-factor/setup { fresh? }: the secret to enrol
// { secret, otpauthUri, expiresAt } (the same one for 30 minutes unless
// `fresh`); 409 when the second factor is already on.
const route = apiRoute({
	async POST({ request }) {
		const { admin } = requireApiAdmin(request, { enrolment: true })
		const { fresh } = await parseJsonBody(request, TwoFactorSetupApiSchema)
		const result = beginEnrolment(admin.id, { fresh })
		return result.ok ? apiSuccess(result.value) : apiFailure(result)
	},
})
export const loader = route.loader
export const action = route.action
