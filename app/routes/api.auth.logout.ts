import { deleteSessionByToken } from '#app/models/session.server.ts'
import { z } from 'zod'
import { apiRoute, apiSuccess, readJsonObject, requireApiMember, validationFailed } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'

const route = apiRoute({
	async POST({ request }) {
		const { token, user } = requireApiMember(request)
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		// Logout takes no payload: anything in the body is refused.
		const parsed = z.object({}).strict().safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		deleteSessionByToken(token)
		log('auth.logout', { ip: clientIp(request), userId: user.id, via: 'api', result: 'success' })
		return apiSuccess(undefined, { message: 'Signed out' })
	},
})
export const loader = route.loader
export const action = route.action
