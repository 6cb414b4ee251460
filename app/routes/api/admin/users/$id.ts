import { deleteManagedUser, updateManagedUser } from '#app/features/users/changes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	USER_DELETED,
	USER_NOT_FOUND,
	USER_UPDATED,
	parseUserId,
	UserUpdateApiSchema,
} from '#app/features/users/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// PUT /api/admin/users/:id { name, email, password?, phone?, country?,
//   telegram?, plan?, status? }: a blank or missing password keeps the
//   current one; banned or suspended ends the member's sessions. 404, 409.
// DELETE /api/admin/users/:id (super_admin): removes the member and what is
//   theirs, ending their sessions. 404 for an unknown id.
const route = apiRoute({
	async PUT({ request, params }) {
		const { admin } = requireApiCapability(request, 'users:update')
		const id = parseUserId(params.id)
		if (id === null) return apiError(404, USER_NOT_FOUND)
		const input = await parseJsonBody(request, UserUpdateApiSchema)
		const result = await updateManagedUser({ id: admin.id, email: admin.email }, id, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ user: result.value }, { message: USER_UPDATED })
	},
	DELETE({ request, params }) {
		const { admin } = requireApiCapability(request, 'users:delete')
		const id = parseUserId(params.id)
		if (id === null) return apiError(404, USER_NOT_FOUND)
		const result = deleteManagedUser({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: USER_DELETED })
	},
})
export const loader = route.loader
export const action = route.action
