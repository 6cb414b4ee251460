import { getBrokerBySlug, updateBroker } from '#app/features/brokers/brokers.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { BrokerSchema, BrokerSlugParams } from '#app/features/brokers/responses.server.ts'
import { BrokerUpdateApiSchema, parseBrokerSlug, BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin brokers'],
		summary: 'One broker',
		auth: 'admin',
		params: BrokerSlugParams,
		responses: {
			200: ok('The broker.', { data: BrokerSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'brokers:view')
			const slug = parseBrokerSlug(params.slug)
			const broker = slug === null ? null : getBrokerBySlug(slug)
			if (!broker) return apiError(404, BROKER_MESSAGES.notFound)
			return apiSuccess(broker)
		},
	}),
	PATCH: endpoint({
		tags: ['Admin brokers'],
		summary: 'Edit a broker: any of its fields (super admins)',
		auth: 'admin',
		params: BrokerSlugParams,
		body: BrokerUpdateApiSchema.openapi('BrokerUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: BrokerSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The slug is taken.', ...ADMIN_403 }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'brokers:manage')
			const slug = parseBrokerSlug(params.slug)
			if (slug === null) return apiError(404, BROKER_MESSAGES.notFound)
			const result = updateBroker({ id: admin.id, email: admin.email }, slug, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: BROKER_MESSAGES.updated })
		},
	}),
})
export const loader = route.loader
export const action = route.action
