import { toPublicAdmin } from '#app/features/staff/admin.server.ts'
import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/me: data { id, email, name, role, lastLogin }; open before
// the second factor is set up (a client learns who it is signed in as).
const route = apiRoute({
	GET({ request }) {
		const { admin } = requireApiAdmin(request, { enrolment: true })
		return apiSuccess(toPublicAdmin(admin))
	},
})
export const loader = route.loader
export const action = route.action
