import { deleteManagedUser, updateManagedUser } from '#app/features/users/changes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { DeletedUserSchema, ManagedUserSchema } from '#app/features/users/responses.server.ts'
import {
	USER_DELETED,
	USER_NOT_FOUND,
	USER_UPDATED,
	parseUserId,
	UserUpdateApiSchema,
} from '#app/features/users/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	PUT: endpoint({
		tags: ['Admin users'],
		summary: 'Edit a member (a blank or missing password keeps the current one)',
		auth: 'admin',
		params: IdParams,
		body: UserUpdateApiSchema.openapi('UserUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: z.object({ user: ManagedUserSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The email is taken.', ...ADMIN_403 }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'users:update')
			const id = parseUserId(params.id)
			if (id === null) return apiError(404, USER_NOT_FOUND)
			// Banned or suspended ends the member's sessions.
			const result = await updateManagedUser({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ user: result.value }, { message: USER_UPDATED })
		},
	}),
	DELETE: endpoint({
		tags: ['Admin users'],
		summary: 'Delete a member and what is theirs (super admin)',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Deleted.', { message: true, data: DeletedUserSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'users:delete')
			const id = parseUserId(params.id)
			if (id === null) return apiError(404, USER_NOT_FOUND)
			// Ends the member's sessions.
			const result = deleteManagedUser({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: USER_DELETED })
		},
	}),
})
export const loader = route.loader
export const action = route.action
