import { createManagedUser } from '#app/features/users/changes.server.ts'
import { listManagedUsers } from '#app/features/users/list.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { USER_CREATED, UserCreateApiSchema, UserListApiQuerySchema } from '#app/features/users/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/users?page&limit&search&status&plan&sortBy&sortOrder:
//   data { users: [managed user + totalInvested], pagination { page, limit,
//   totalPages, totalCount, currentPage } }. Bad values: 400 with errors.
// POST /api/admin/users { name, email, password, phone?, country?,
//   telegram?, plan?, status? }: 201 data { user }; 409 for a taken email.
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'users:view')
		const query = parseQuery(url, UserListApiQuerySchema, { repeated: 'schema' })
		const { users, pagination } = listManagedUsers(query)
		const { page, limit, totalPages, totalCount, currentPage } = pagination
		return apiSuccess({ users, pagination: { page, limit, totalPages, totalCount, currentPage } })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'users:create')
		const input = await parseJsonBody(request, UserCreateApiSchema)
		const result = await createManagedUser({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ user: result.value }, { message: USER_CREATED, status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
