import { deleteAdminSessionByToken } from '#app/models/admin-session.server.ts'
import { requireApiAdmin } from '#app/utils/admin-auth.server.ts'
import { apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'
import { EmptyApiBodySchema } from '#app/utils/validation.ts'

// POST /api/admin/logout: ends this token's session on the server.
const route = apiRoute({
	async POST({ request }) {
		const { token, admin } = requireApiAdmin(request)
		// Logout takes no payload: anything in the body is refused.
		await parseJsonBody(request, EmptyApiBodySchema)
		deleteAdminSessionByToken(token)
		log('admin.logout', { ip: clientIp(request), adminId: admin.id, via: 'api', result: 'success' })
		return apiSuccess(undefined, { message: 'Signed out' })
	},
})
export const loader = route.loader
export const action = route.action
