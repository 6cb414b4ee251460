import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { countPointsStatement, getPointsStatement, referralSummary } from '#app/features/referrals/referral.server.ts'
import { apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'
import { paginate } from '#app/features/users/schemas.ts'
import { STATEMENT_PAGE_SIZE, StatementQuerySchema } from '#app/features/referrals/schemas.ts'

// GET /api/member/referrals ?page &limit: the referral link and code, the
// points, the way to the next milestone, every milestone, and a page of
// the points statement (newest first).
const route = apiRoute({
	GET({ request, url }) {
		const { user } = requireApiUnlockedMember(request)
		const query = parseQuery(url, StatementQuerySchema)
		const page = query.page ?? 1
		const limit = query.limit ?? STATEMENT_PAGE_SIZE
		const { totalPages, totalCount, currentPage } = paginate(countPointsStatement(user.id), page, limit)
		return apiSuccess({
			...referralSummary(user),
			statement: getPointsStatement(user.id, limit, (page - 1) * limit),
			pagination: { page, limit, totalPages, totalCount, currentPage },
		})
	},
})
export const loader = route.loader
export const action = route.action
