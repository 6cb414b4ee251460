import { apiJson, apiRoute } from '#app/utils/api.server.ts'
import { getOpenApiDocument } from '#app/utils/openapi.server.ts'

// GET /api/openapi.json: the OpenAPI 3.1 document of every /api route
// (app/utils/openapi.server.ts). No token needed; JSON, not in the envelope.
const route = apiRoute({
	GET() {
		return apiJson(getOpenApiDocument())
	},
})
export const loader = route.loader
export const action = route.action
