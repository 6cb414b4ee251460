import { createAdminSession } from '#app/models/admin-session.server.ts'
import { authenticateAdmin, toPublicAdmin } from '#app/models/admin.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { LoginApiSchema } from '#app/utils/validation.ts'

// POST /api/admin/login (spec section 7): { token, admin } or 401
// 'Invalid admin credentials' (unknown email and wrong password alike), 429.
const route = apiRoute({
	async POST({ request }) {
		const input = await parseJsonBody(request, LoginApiSchema)
		const result = await authenticateAdmin(input, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		const { token } = createAdminSession(result.value.id, 'api')
		return apiSuccess({ token, admin: toPublicAdmin(result.value) }, { message: 'Login successful' })
	},
})
export const loader = route.loader
export const action = route.action
