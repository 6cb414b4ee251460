import { memberAuth } from '#app/auth/member.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import { apiSuccess } from '#app/utils/api.server.ts'

// POST /api/auth/login: { token, user } or 401 'Invalid email or password', 403, 429.
const route = memberAuth.routes.apiSignIn((token, user) =>
	apiSuccess({ token, user: toPublicUser(user) }, { message: 'Signed in' }),
)
export const loader = route.loader
export const action = route.action
