import { staffAuth } from '#app/auth/staff.server.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, NoPayload, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin auth'],
		summary: "End this token's session",
		auth: 'admin',
		unlimited: true,
		// The kit's sign-out checks the token, then reads the body with the same empty schema.
		body: { schema: NoPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Signed out.', { message: true }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
		handler: ({ request }) => staffAuth.signOutWithJson(request),
	}),
})
export const loader = route.loader
export const action = route.action
