import { setBrokerActive } from '#app/models/brokers.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { BROKER_NOT_FOUND, BROKER_DEACTIVATED } from '#app/utils/admin-brokers-messages.ts'
import { parseBrokerSlug } from '#app/utils/admin-brokers-validation.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'

// POST /api/admin/brokers/:slug/deactivate: members no longer see it and /go/:slug answers 404 (brokers:manage, audited as
// broker.deactivate); 404 unknown, 409 already inactive.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'brokers:manage')
		const slug = parseBrokerSlug(params.slug)
		if (slug === null) return apiError(404, BROKER_NOT_FOUND)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const result = setBrokerActive({ id: admin.id, email: admin.email }, slug, false)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: BROKER_DEACTIVATED })
	},
})
export const loader = route.loader
export const action = route.action
