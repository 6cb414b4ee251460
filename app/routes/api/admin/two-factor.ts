import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { getTwoFactorStatus } from '#app/features/staff/two-factor.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/two-factor: the caller's second factor
// { enabled, enabledAt, required, recoveryCodesLeft }; open before enrolment.
const route = apiRoute({
	GET({ request }) {
		const { admin } = requireApiAdmin(request, { enrolment: true })
		return apiSuccess(getTwoFactorStatus(admin.id))
	},
})
export const loader = route.loader
export const action = route.action
