import { getStaffMember, updateStaff } from '#app/features/staff/staff.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { STAFF_NOT_FOUND, parseStaffId, StaffUpdateApiSchema } from '#app/features/staff/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/staff/:id; PATCH /api/admin/staff/:id { role?, disabled? }
// (staff:manage): disabling ends the account's sessions at once; 409 for
// the last active super admin or disabling oneself.
const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'staff:manage')
		const id = parseStaffId(params.id)
		const member = id === null ? null : getStaffMember(id)
		if (!member) return apiError(404, STAFF_NOT_FOUND)
		return apiSuccess({ admin: member })
	},
	async PATCH({ request, params }) {
		const { admin } = requireApiCapability(request, 'staff:manage')
		const id = parseStaffId(params.id)
		if (id === null) return apiError(404, STAFF_NOT_FOUND)
		const input = await parseJsonBody(request, StaffUpdateApiSchema)
		const result = updateStaff({ id: admin.id, email: admin.email }, id, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ admin: result.value }, { message: 'Staff account updated' })
	},
})
export const loader = route.loader
export const action = route.action
