import { getStaffMember, updateStaff } from '#app/features/staff/staff.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { StaffMemberSchema } from '#app/features/staff/responses.server.ts'
import { parseStaffId, StaffUpdateApiSchema, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const STAFF_403 = { 403: "Not a super admin, or a member's token." }
const staffData = z.object({ admin: StaffMemberSchema }).strict()

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin staff'],
		summary: 'One staff account (super admin)',
		auth: 'admin',
		params: IdParams,
		responses: { 200: ok('The account.', { data: staffData }), ...refusals([...ADMIN_GUARD, 404], STAFF_403) },
		handler({ request, params }) {
			requireApiCapability(request, 'staff:manage')
			const id = parseStaffId(params.id)
			const member = id === null ? null : getStaffMember(id)
			if (!member) return apiError(404, STAFF_MESSAGES.notFound)
			return apiSuccess({ admin: member })
		},
	}),
	PATCH: endpoint({
		tags: ['Admin staff'],
		summary: 'Change role, disable (ends their sessions) or enable (super admin)',
		auth: 'admin',
		params: IdParams,
		body: StaffUpdateApiSchema.openapi('StaffUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: staffData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'It would leave no active super admin, or disables the caller.',
				...STAFF_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'staff:manage')
			const id = parseStaffId(params.id)
			if (id === null) return apiError(404, STAFF_MESSAGES.notFound)
			const result = updateStaff({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ admin: result.value }, { message: 'Staff account updated' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
