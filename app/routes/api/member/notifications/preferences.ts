import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getEmailPreferences, setEmailPreferences } from '#app/features/notifications/notifications.server.ts'
import {
	EmailPreferencesSchema,
	NOTIFICATIONS_GUARD,
	NOTIFICATIONS_GUARD_TEXT,
} from '#app/features/notifications/responses.server.ts'
import { PreferencesApiSchema } from '#app/features/notifications/schemas.ts'
import { BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member notifications'],
		summary: 'Which notification kinds the member gets by email',
		auth: 'member',
		responses: {
			200: ok('The email preferences.', { data: z.object({ email: EmailPreferencesSchema }).strict() }),
			...refusals(NOTIFICATIONS_GUARD, NOTIFICATIONS_GUARD_TEXT),
		},
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			return apiSuccess({ email: getEmailPreferences(user.id) })
		},
	}),
	PUT: endpoint({
		tags: ['Member notifications'],
		summary: 'Change which kinds come by email (kinds left out keep theirs)',
		auth: 'member',
		body: PreferencesApiSchema.openapi('EmailPreferencesRequest'),
		responses: {
			200: ok('Saved; every kind.', { message: true, data: z.object({ email: EmailPreferencesSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...NOTIFICATIONS_GUARD], NOTIFICATIONS_GUARD_TEXT),
		},
		async handler({ request, body }) {
			const { user } = requireApiUnlockedMember(request)
			const input = await body()
			return apiSuccess({ email: setEmailPreferences(user.id, input.email) }, { message: 'Email preferences saved' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
