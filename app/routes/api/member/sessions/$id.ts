import { requireApiMember } from '#app/auth/member.server.ts'
import { endSession } from '#app/features/account/account-settings.server.ts'
import { parseSessionId, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	DELETE: endpoint({
		tags: ['Member settings'],
		summary: "End one of the member's sessions",
		auth: 'member',
		params: z.object({ id: z.string().openapi({ description: 'A session id (an integer).' }) }),
		responses: {
			200: ok('Ended.', { message: true }),
			...refusals([404], { 404: "No such session of this member (another member's is a 404 too)." }),
		},
		handler({ request, params }) {
			const { user } = requireApiMember(request)
			// This token's own session too, like signing out.
			const result = endSession(user.id, parseSessionId(params.id))
			if (!result.ok) return apiFailure(result)
			return apiSuccess(undefined, { message: ACCOUNT_MESSAGES.sessionEnded })
		},
	}),
})
export const loader = route.loader
export const action = route.action
