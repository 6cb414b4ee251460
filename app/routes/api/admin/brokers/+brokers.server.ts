import { requireApiCapability } from '#app/auth/staff.server.ts'
import { setBrokerActive } from '#app/features/brokers/brokers.server.ts'
import {
	BROKER_ACTIVATED,
	BROKER_DEACTIVATED,
	BROKER_NOT_FOUND,
	parseBrokerSlug,
} from '#app/features/brokers/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'

/**
 * POST /api/admin/brokers/:slug/activate and /deactivate: one route for
 * both (brokers:manage, audited as broker.activate or broker.deactivate);
 * 404 unknown, 409 when the broker is in that state already. Deactivated,
 * members no longer see it and /go/:slug answers 404.
 */
export function brokerActiveRoute(active: boolean) {
	return apiRoute({
		async POST({ request, params }) {
			const { admin } = requireApiCapability(request, 'brokers:manage')
			const slug = parseBrokerSlug(params.slug)
			if (slug === null) return apiError(404, BROKER_NOT_FOUND)
			await parseJsonBody(request, IgnoredApiBodySchema)
			const result = setBrokerActive({ id: admin.id, email: admin.email }, slug, active)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: active ? BROKER_ACTIVATED : BROKER_DEACTIVATED })
		},
	})
}
