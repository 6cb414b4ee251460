import { jsonContent, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiJson, apiRoute, endpoint } from '#app/utils/api.server.ts'
import { getOpenApiDocument } from '#app/utils/openapi.server.ts'

// No token needed; JSON, not in the envelope.
const route = apiRoute({
	GET: endpoint({
		tags: ['Documentation'],
		summary: 'This OpenAPI document',
		responses: {
			200: {
				description: 'The OpenAPI 3.1 document (not in the envelope).',
				content: jsonContent(
					z
						.object({ openapi: z.string(), info: z.object({}).passthrough(), paths: z.record(z.unknown()) })
						.passthrough(),
				),
			},
			...refusals([]),
		},
		handler() {
			return apiJson(getOpenApiDocument())
		},
	}),
})
export const loader = route.loader
export const action = route.action
