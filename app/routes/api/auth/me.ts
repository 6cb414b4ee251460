import { requireApiMember } from '#app/auth/member.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiMember(request)
		return apiSuccess({ user: toPublicUser(user) })
	},
})
export const loader = route.loader
export const action = route.action
