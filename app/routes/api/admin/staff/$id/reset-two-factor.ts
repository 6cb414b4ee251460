import { requireApiCapability } from '#app/auth/staff.server.ts'
import { resetStaffTwoFactor } from '#app/features/staff/two-factor.server.ts'
import { parseStaffId, STAFF_MESSAGES, TWO_FACTOR_MESSAGES } from '#app/features/staff/schemas.ts'
import {
	ADMIN_GUARD,
	BODY_REFUSALS,
	count,
	IdParams,
	NoPayload,
	ok,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin staff'],
		summary:
			"Remove a staff member's second factor (a lost device) and end their sessions; they set it up again at their next sign-in (super admin)",
		auth: 'admin',
		params: IdParams,
		body: { schema: NoPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Reset.', { message: true, data: z.object({ sessionsEnded: count() }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Your own account (use /api/admin/two-factor*), or one without a second factor.',
				403: "Not a super admin, or a member's token.",
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'staff:manage')
			const id = parseStaffId(params.id)
			if (id === null) return apiError(404, STAFF_MESSAGES.notFound)
			await body()
			const result = resetStaffTwoFactor({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: TWO_FACTOR_MESSAGES.reset })
		},
	}),
})
export const loader = route.loader
export const action = route.action
