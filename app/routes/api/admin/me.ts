import { toPublicAdmin } from '#app/features/staff/admin.server.ts'
import { PublicAdminSchema } from '#app/features/staff/responses.server.ts'
import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin auth'],
		summary: 'The signed-in admin',
		auth: 'admin',
		responses: { 200: ok('The admin.', { data: PublicAdminSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
		handler({ request }) {
			// Open before the second factor is set up: a client learns who it is signed in as.
			const { admin } = requireApiAdmin(request, { enrolment: true })
			return apiSuccess(toPublicAdmin(admin))
		},
	}),
})
export const loader = route.loader
export const action = route.action
