import { z } from 'zod'
import { deleteAdminSessionByToken } from '#app/models/admin-session.server.ts'
import { requireApiAdmin } from '#app/utils/admin-auth.server.ts'
import { apiRoute, apiSuccess, readJsonObject, validationFailed } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'

// POST /api/admin/logout: ends this token's session on the server.
const route = apiRoute({
	async POST({ request }) {
		const { token, admin } = requireApiAdmin(request)
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		// Logout takes no payload: anything in the body is refused.
		const parsed = z.object({}).strict().safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		deleteAdminSessionByToken(token)
		log('admin.logout', { ip: clientIp(request), adminId: admin.id, via: 'api', result: 'success' })
		return apiSuccess(undefined, { message: 'Signed out' })
	},
})
export const loader = route.loader
export const action = route.action
