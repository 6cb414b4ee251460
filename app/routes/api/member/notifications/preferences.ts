import { getEmailPreferences, setEmailPreferences } from '#app/features/notifications/notifications.server.ts'
import { EmailPreferencesSchema } from '#app/features/notifications/responses.server.ts'
import { PreferencesApiSchema } from '#app/features/notifications/schemas.ts'
import { BODY_REFUSALS, ok, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { notificationsEndpoint } from '../+notifications.server.ts'

const route = apiRoute({
	GET: notificationsEndpoint({
		summary: 'Which notification kinds the member gets by email',
		done: ok('The email preferences.', { data: z.object({ email: EmailPreferencesSchema }).strict() }),
		handler({ user }) {
			return apiSuccess({ email: getEmailPreferences(user.id) })
		},
	}),
	PUT: notificationsEndpoint({
		summary: 'Change which kinds come by email (kinds left out keep theirs)',
		body: PreferencesApiSchema.openapi('EmailPreferencesRequest'),
		done: ok('Saved; every kind.', { message: true, data: z.object({ email: EmailPreferencesSchema }).strict() }),
		refuses: BODY_REFUSALS,
		async handler({ user, body }) {
			const input = await body()
			return apiSuccess({ email: setEmailPreferences(user.id, input.email) }, { message: 'Email preferences saved' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
