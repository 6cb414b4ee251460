import { resetStaffPassword } from '#app/features/staff/staff.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { StaffWithPasswordSchema } from '#app/features/staff/responses.server.ts'
import { parseStaffId, StaffResetPasswordApiSchema, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin staff'],
		summary: "Set a new password and end the account's sessions; without one, it is generated and returned once",
		auth: 'admin',
		params: IdParams,
		body: { schema: StaffResetPasswordApiSchema.openapi('StaffResetPasswordRequest'), required: false },
		responses: {
			200: ok('Reset.', { message: true, data: StaffWithPasswordSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'staff:manage')
			const id = parseStaffId(params.id)
			if (id === null) return apiError(404, STAFF_MESSAGES.notFound)
			const { password } = await body()
			const result = await resetStaffPassword({ id: admin.id, email: admin.email }, id, password)
			if (!result.ok) return apiFailure(result)
			const { admin: member, generatedPassword } = result.value
			return apiSuccess(generatedPassword ? { admin: member, password: generatedPassword } : { admin: member }, {
				message: STAFF_MESSAGES.passwordReset,
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
