import { deleteSessionByToken } from '#app/models/session.server.ts'
import { apiRoute, apiSuccess, readJsonObject, requireApiMember } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'

const route = apiRoute({
	async POST({ request }) {
		const { token, user } = requireApiMember(request)
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		deleteSessionByToken(token)
		log('auth.logout', { ip: clientIp(request), userId: user.id, via: 'api', result: 'success' })
		return apiSuccess(undefined, { message: 'Signed out' })
	},
})
export const loader = route.loader
export const action = route.action
