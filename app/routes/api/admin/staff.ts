import { createStaff, listStaff } from '#app/features/staff/staff.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { StaffMemberSchema, StaffWithPasswordSchema } from '#app/features/staff/responses.server.ts'
import { StaffCreateApiSchema, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const STAFF_403 = { 403: "Not a super admin, or a member's token." }

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin staff'],
		summary: 'Every staff account (super admin)',
		auth: 'admin',
		responses: {
			200: ok('The staff accounts.', { data: z.object({ staff: z.array(StaffMemberSchema) }).strict() }),
			...refusals(ADMIN_GUARD, STAFF_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'staff:manage')
			return apiSuccess({ staff: listStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin staff'],
		summary: 'Create a staff account; without a password one is generated and returned once (super admin)',
		auth: 'admin',
		body: StaffCreateApiSchema.openapi('StaffCreateRequest'),
		responses: {
			201: ok('Created.', { message: true, data: StaffWithPasswordSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The email is taken.', ...STAFF_403 }),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'staff:manage')
			const result = await createStaff({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			const { admin: created, generatedPassword } = result.value
			return apiSuccess(generatedPassword ? { admin: created, password: generatedPassword } : { admin: created }, {
				message: STAFF_MESSAGES.created,
				status: 201,
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
