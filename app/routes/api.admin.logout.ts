import { staffAuth } from '#app/auth/staff.server.ts'
import { apiRoute } from '#app/utils/api.server.ts'

// POST /api/admin/logout: ends this token's session on the server.
const route = apiRoute({ POST: ({ request }) => staffAuth.signOutWithJson(request) })
export const loader = route.loader
export const action = route.action
