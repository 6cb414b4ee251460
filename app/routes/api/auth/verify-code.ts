import { requireApiMember } from '#app/auth/member.server.ts'
import { unlockMember } from '#app/features/auth/member-auth.server.ts'
import { PublicUserSchema } from '#app/features/users/responses.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import { BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { UnlockCodeApiSchema } from '#app/features/auth/schemas.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member auth'],
		summary: "Unlock the member's dashboard with the channel's code",
		auth: 'member',
		body: UnlockCodeApiSchema.openapi('UnlockCodeRequest'),
		responses: {
			200: ok('Unlocked (also when already unlocked).', {
				message: true,
				data: z.object({ user: PublicUserSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed, or a wrong or expired code (`errors` has `code`).',
			}),
		},
		async handler({ request, body }) {
			const { user } = requireApiMember(request)
			const input = await body()
			const result = unlockMember(user.id, input.code, requestMeta(request))
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ user: toPublicUser(result.value) }, { message: 'Dashboard unlocked' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
