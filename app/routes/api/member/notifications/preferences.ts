import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getEmailPreferences, setEmailPreferences } from '#app/features/notifications/notifications.server.ts'
import { apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { PreferencesApiSchema } from '#app/features/notifications/schemas.ts'

// GET /api/member/notifications/preferences → data { email: { kind: boolean } } (every kind);
// PUT { email: { kind: boolean, ... } } changes the kinds given and answers the full set.
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		return apiSuccess({ email: getEmailPreferences(user.id) })
	},
	async PUT({ request }) {
		const { user } = requireApiUnlockedMember(request)
		const input = await parseJsonBody(request, PreferencesApiSchema)
		return apiSuccess({ email: setEmailPreferences(user.id, input.email) }, { message: 'Email preferences saved' })
	},
})
export const loader = route.loader
export const action = route.action
