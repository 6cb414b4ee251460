import { requireApiCapability } from '#app/auth/staff.server.ts'
import { resetStaffTwoFactor } from '#app/features/staff/two-factor.server.ts'
import { STAFF_NOT_FOUND, parseStaffId, TWO_FACTOR_RESET } from '#app/features/staff/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { EmptyApiBodySchema } from '#app/utils/validation.ts'

// POST /api/admin/staff/:id/reset-two-factor (staff:manage): removes the
// account's second factor and ends its sessions; they enrol again at their
// next sign-in. 409 for your own account or one without a second factor.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'staff:manage')
		const id = parseStaffId(params.id)
		if (id === null) return apiError(404, STAFF_NOT_FOUND)
		await parseJsonBody(request, EmptyApiBodySchema)
		const result = resetStaffTwoFactor({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: TWO_FACTOR_RESET })
	},
})
export const loader = route.loader
export const action = route.action
