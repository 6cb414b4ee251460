import { requireApiCapability } from '#app/auth/staff.server.ts'
import { setBrokerActive } from '#app/features/brokers/brokers.server.ts'
import { BrokerSchema, BrokerSlugParams } from '#app/features/brokers/responses.server.ts'
import { parseBrokerSlug, BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IgnoredPayload, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

/**
 * POST /api/admin/brokers/:slug/activate and /deactivate: one route for
 * both (brokers:manage, audited as broker.activate or broker.deactivate).
 * Deactivated, members no longer see it and /go/:slug answers 404.
 */
export function brokerActiveRoute(active: boolean) {
	return apiRoute({
		POST: endpoint({
			tags: ['Admin brokers'],
			summary: active
				? 'Reactivate a broker (super admins)'
				: 'Deactivate a broker: hidden from members, /go/{slug} answers 404 (super admins)',
			auth: 'admin',
			params: BrokerSlugParams,
			body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
			responses: {
				200: ok('Done.', { message: true, data: BrokerSchema }),
				...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
					409: `The broker is ${active ? 'already active' : 'already inactive'}.`,
					...ADMIN_403,
				}),
			},
			async handler({ request, params, body }) {
				const { admin } = requireApiCapability(request, 'brokers:manage')
				const slug = parseBrokerSlug(params.slug)
				if (slug === null) return apiError(404, BROKER_MESSAGES.notFound)
				await body()
				const result = setBrokerActive({ id: admin.id, email: admin.email }, slug, active)
				if (!result.ok) return apiFailure(result)
				return apiSuccess(result.value, { message: active ? BROKER_MESSAGES.activated : BROKER_MESSAGES.deactivated })
			},
		}),
	})
}
