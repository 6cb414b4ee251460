import { resetStaffPassword } from '#app/features/staff/staff.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	STAFF_NOT_FOUND,
	STAFF_PASSWORD_RESET,
	parseStaffId,
	StaffResetPasswordApiSchema,
} from '#app/features/staff/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/staff/:id/reset-password { password? } (staff:manage):
// ends the account's sessions; without a password, one is generated and
// returned this once as `password`.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'staff:manage')
		const id = parseStaffId(params.id)
		if (id === null) return apiError(404, STAFF_NOT_FOUND)
		const { password } = await parseJsonBody(request, StaffResetPasswordApiSchema)
		const result = await resetStaffPassword({ id: admin.id, email: admin.email }, id, password)
		if (!result.ok) return apiFailure(result)
		const { admin: member, generatedPassword } = result.value
		return apiSuccess(generatedPassword ? { admin: member, password: generatedPassword } : { admin: member }, {
			message: STAFF_PASSWORD_RESET,
		})
	},
})
export const loader = route.loader
export const action = route.action
