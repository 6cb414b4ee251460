import { deleteSessionByToken } from '#app/models/session.server.ts'
import { apiRoute, apiSuccess, parseJsonBody, requireApiMember } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'
import { EmptyApiBodySchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const { token, user } = requireApiMember(request)
		// Logout takes no payload: anything in the body is refused.
		await parseJsonBody(request, EmptyApiBodySchema)
		deleteSessionByToken(token)
		log('auth.logout', { ip: clientIp(request), userId: user.id, via: 'api', result: 'success' })
		return apiSuccess(undefined, { message: 'Signed out' })
	},
})
export const loader = route.loader
export const action = route.action
