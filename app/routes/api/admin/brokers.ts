import { createBroker, listBrokersForStaff } from '#app/features/brokers/brokers.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { BROKER_CREATED, BrokerCreateApiSchema } from '#app/features/brokers/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/brokers: every broker (inactive ones too) with its clicks in
// the last 30 days and members connected (brokers:view).
// POST /api/admin/brokers { name, slug, regulator, licence, lossPercent,
// affiliateUrl, minDeposit?, rating?, bonus?, features?, recommended?,
// sortOrder? }: adds a broker, audited (brokers:manage); 201, 409 for a taken slug.
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'brokers:view')
		return apiSuccess({ brokers: listBrokersForStaff() })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'brokers:manage')
		const input = await parseJsonBody(request, BrokerCreateApiSchema)
		const result = createBroker({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: BROKER_CREATED, status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
