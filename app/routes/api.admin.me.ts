import { toPublicAdmin } from '#app/models/admin.server.ts'
import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/me: data { id, email, name, role, lastLogin }.
const route = apiRoute({
	GET({ request }) {
		const { admin } = requireApiAdmin(request)
		return apiSuccess(toPublicAdmin(admin))
	},
})
export const loader = route.loader
export const action = route.action
