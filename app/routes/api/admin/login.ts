import { staffAuth } from '#app/auth/staff.server.ts'
import { toPublicAdmin } from '#app/features/staff/admin.server.ts'
import { apiSuccess } from '#app/utils/api.server.ts'

// POST /api/admin/login (spec section 7): { token, admin } or 401
// 'Invalid admin credentials' (unknown email and wrong password alike), 429.
const route = staffAuth.routes.apiSignIn((token, admin) =>
	apiSuccess({ token, admin: toPublicAdmin(admin) }, { message: 'Login successful' }),
)
export const loader = route.loader
export const action = route.action
