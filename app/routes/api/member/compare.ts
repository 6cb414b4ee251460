import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { compareTraders } from '#app/features/compare/compare.server.ts'
import { TraderComparisonSchema } from '#app/features/compare/responses.server.ts'
import { COMPARE_LIMITS, CompareQuerySchema, readCompareIds } from '#app/features/compare/schemas.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: `${COMPARE_LIMITS.min} to ${COMPARE_LIMITS.max} traders side by side: every figure, flags, status, their index over the complete months they share and those months' returns`,
		description:
			'Only traders members see now (listed or on watch) can be compared; the answer keeps the order of `ids`. The same rules as /dashboard/compare.',
		auth: 'member',
		query: CompareQuerySchema,
		repeated: 'schema',
		responses: {
			200: ok('The comparison.', { data: TraderComparisonSchema }),
			...refusals([...UNLOCKED_GUARD, 400], {
				...MEMBER_LOCKED,
				400: `Fewer than ${COMPARE_LIMITS.min} or more than ${COMPARE_LIMITS.max} traders, a slug given twice, an unknown slug, a suspended or retired trader, or an unknown query parameter (\`message\` and \`errors\` name the problem).`,
			}),
		},
		handler({ request, query }) {
			requireApiUnlockedMember(request)
			const { ids } = query()
			const result = compareTraders(readCompareIds(ids === undefined ? [] : [ids].flat()))
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value)
		},
	}),
})
export const loader = route.loader
export const action = route.action
