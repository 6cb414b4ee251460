import { createBroker, listBrokersForStaff } from '#app/features/brokers/brokers.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { BrokerSchema, StaffBrokerSchema } from '#app/features/brokers/responses.server.ts'
import { BrokerCreateApiSchema, BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin brokers'],
		summary: 'Every broker (inactive ones too) with its clicks in the last 30 days and members connected',
		auth: 'admin',
		responses: {
			200: ok('The brokers.', { data: z.object({ brokers: z.array(StaffBrokerSchema) }).strict() }),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'brokers:view')
			return apiSuccess({ brokers: listBrokersForStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin brokers'],
		summary: 'Add a broker (super admins)',
		auth: 'admin',
		body: BrokerCreateApiSchema.openapi('BrokerCreateRequest'),
		responses: {
			201: ok('Added.', { message: true, data: BrokerSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The slug is taken.', ...ADMIN_403 }),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'brokers:manage')
			const result = createBroker({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: BROKER_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
