import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createManagedUser } from '#app/features/users/changes.server.ts'
import { listManagedUsers } from '#app/features/users/list.server.ts'
import { ManagedUserSchema } from '#app/features/users/responses.server.ts'
import { USER_CREATED, UserCreateApiSchema, UserListApiQuerySchema } from '#app/features/users/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { staffListEndpoint } from './+lists.server.ts'

const route = apiRoute({
	GET: staffListEndpoint({
		tags: ['Admin users'],
		summary: 'Search, filter, sort and page the members',
		query: UserListApiQuerySchema,
		repeated: 'schema',
		capability: 'users:view',
		page: 'A page of members.',
		key: 'users',
		item: ManagedUserSchema,
		badQuery: 'A bad or repeated query parameter (`errors` names each).',
		cappedCount: true,
		read: listManagedUsers,
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
