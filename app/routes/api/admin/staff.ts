import { createStaff, listStaff } from '#app/features/staff/staff.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { STAFF_CREATED, StaffCreateApiSchema } from '#app/features/staff/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/staff: every staff account (staff:manage, super admins).
// POST /api/admin/staff { name, email, role, password? }: 201 with the
// account, and `password` only when it was generated (shown this once).
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'staff:manage')
		return apiSuccess({ staff: listStaff() })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'staff:manage')
		const input = await parseJsonBody(request, StaffCreateApiSchema)
		const result = await createStaff({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		const { admin: created, generatedPassword } = result.value
		return apiSuccess(generatedPassword ? { admin: created, password: generatedPassword } : { admin: created }, {
			message: STAFF_CREATED,
			status: 201,
		})
	},
})
export const loader = route.loader
export const action = route.action
