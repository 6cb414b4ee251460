import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getTraderDetail } from '#app/features/traders/traders.server.ts'
import { apiError, apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { UNKNOWN_TRADER } from '#app/features/traders/schemas.ts'

// GET /api/member/traders/:id: a trader's figures and 12-month series, and
// the broker to copy them with (null when none is active).
const route = apiRoute({
	GET({ request, params }) {
		requireApiUnlockedMember(request)
		const detail = getTraderDetail(params.id ?? '')
		if (!detail) return apiError(404, UNKNOWN_TRADER)
		return apiSuccess(detail)
	},
})
export const loader = route.loader
export const action = route.action
