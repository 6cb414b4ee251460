import { requireApiMember } from '#app/auth/member.server.ts'
import { PublicUserSchema } from '#app/features/users/responses.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member auth'],
		summary: 'The signed-in member',
		auth: 'member',
		responses: {
			200: ok('The member.', { data: z.object({ user: PublicUserSchema }).strict() }),
			...refusals([]),
		},
		handler({ request }) {
			const { user } = requireApiMember(request)
			return apiSuccess({ user: toPublicUser(user) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
