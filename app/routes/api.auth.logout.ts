import { memberAuth } from '#app/auth/member.server.ts'
import { apiRoute } from '#app/utils/api.server.ts'

// POST /api/auth/logout: ends this token's session on the server.
const route = apiRoute({ POST: ({ request }) => memberAuth.signOutWithJson(request) })
export const loader = route.loader
export const action = route.action
