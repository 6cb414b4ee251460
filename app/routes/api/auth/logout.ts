import { memberAuth } from '#app/auth/member.server.ts'
import { BODY_REFUSALS, NoPayload, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member auth'],
		summary: "End this token's session",
		auth: 'member',
		// The kit's sign-out checks the token, then reads the body with the same empty schema.
		body: { schema: NoPayload, required: false, description: 'No payload.' },
		responses: { 200: ok('Signed out.', { message: true }), ...refusals(BODY_REFUSALS) },
		handler: ({ request }) => memberAuth.signOutWithJson(request),
	}),
})
export const loader = route.loader
export const action = route.action
