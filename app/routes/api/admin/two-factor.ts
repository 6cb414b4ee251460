import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { TwoFactorStatusSchema } from '#app/features/staff/responses.server.ts'
import { getTwoFactorStatus } from '#app/features/staff/two-factor.server.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin auth'],
		summary: "The caller's second factor",
		auth: 'admin',
		responses: { 200: ok('The status.', { data: TwoFactorStatusSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
		handler({ request }) {
			// Open before enrolment.
			const { admin } = requireApiAdmin(request, { enrolment: true })
			return apiSuccess(getTwoFactorStatus(admin.id))
		},
	}),
})
export const loader = route.loader
export const action = route.action
