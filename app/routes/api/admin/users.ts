import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createManagedUser } from '#app/features/users/changes.server.ts'
import { listManagedUsers } from '#app/features/users/list.server.ts'
import { ManagedUserSchema } from '#app/features/users/responses.server.ts'
import { USER_CREATED, UserCreateApiSchema, UserListApiQuerySchema } from '#app/features/users/schemas.ts'
import {
	apiPagination,
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	ok,
	PaginationSchema,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin users'],
		summary: 'Search, filter, sort and page the members',
		auth: 'admin',
		query: UserListApiQuerySchema,
		repeated: 'schema',
		responses: {
			200: ok('A page of members.', {
				data: z.object({ users: z.array(ManagedUserSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'A bad or repeated query parameter (`errors` names each).',
				...ADMIN_403,
			}),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'users:view')
			const { users, pagination } = listManagedUsers(query())
			return apiSuccess({ users, pagination: apiPagination(pagination) })
		},
	}),
	POST: endpoint({
		tags: ['Admin users'],
		summary: 'Create a member',
		auth: 'admin',
		body: UserCreateApiSchema.openapi('UserCreateRequest'),
		responses: {
			201: ok('Created.', { message: true, data: z.object({ user: ManagedUserSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The email is taken.', ...ADMIN_403 }),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'users:create')
			const result = await createManagedUser({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ user: result.value }, { message: USER_CREATED, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
