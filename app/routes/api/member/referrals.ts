import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { countPointsStatement, getPointsStatement, referralSummary } from '#app/features/referrals/referral.server.ts'
import { MemberReferralsSchema } from '#app/features/referrals/responses.server.ts'
import { StatementQuerySchema } from '#app/features/referrals/schemas.ts'
import { paginate } from '#app/features/users/schemas.ts'
import { apiPagination, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'Referral link, code, points, milestones and a page of the points statement',
		auth: 'member',
		query: StatementQuerySchema,
		responses: {
			200: ok('The data.', { data: MemberReferralsSchema }),
			...refusals([...UNLOCKED_GUARD, 400], {
				...MEMBER_LOCKED,
				400: 'An unknown, bad or repeated query parameter.',
			}),
		},
		handler({ request, query }) {
			const { user } = requireApiUnlockedMember(request)
			const { page, limit } = query()
			return apiSuccess({
				...referralSummary(user),
				statement: getPointsStatement(user.id, limit, (page - 1) * limit),
				pagination: apiPagination(paginate(countPointsStatement(user.id), page, limit)),
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
