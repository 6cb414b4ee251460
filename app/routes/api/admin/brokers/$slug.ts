import { getBrokerBySlug, updateBroker } from '#app/features/brokers/brokers.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	BROKER_NOT_FOUND,
	BROKER_UPDATED,
	BrokerUpdateApiSchema,
	parseBrokerSlug,
} from '#app/features/brokers/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/brokers/:slug: one broker (brokers:view); 404 unknown.
// PATCH /api/admin/brokers/:slug { any field }: edits it, audited
// (brokers:manage); 404 unknown, 409 for a taken slug.
const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'brokers:view')
		const slug = parseBrokerSlug(params.slug)
		const broker = slug === null ? null : getBrokerBySlug(slug)
		if (!broker) return apiError(404, BROKER_NOT_FOUND)
		return apiSuccess(broker)
	},
	async PATCH({ request, params }) {
		const { admin } = requireApiCapability(request, 'brokers:manage')
		const slug = parseBrokerSlug(params.slug)
		if (slug === null) return apiError(404, BROKER_NOT_FOUND)
		const input = await parseJsonBody(request, BrokerUpdateApiSchema)
		const result = updateBroker({ id: admin.id, email: admin.email }, slug, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: BROKER_UPDATED })
	},
})
export const loader = route.loader
export const action = route.action
