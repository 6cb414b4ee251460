import { userAgentOf } from '#app/auth/kit.server.ts'
import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { changePassword } from '#app/features/account/account-settings.server.ts'
import { PasswordChangeApiSchema, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { BODY_REFUSALS, ok, refusals, TokenSchema, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member settings'],
		summary: "Change the password: every session ends, this token's too; the answer has the new token",
		auth: 'member',
		body: PasswordChangeApiSchema.openapi('PasswordChangeRequest'),
		responses: {
			200: ok('Changed.', { message: true, data: z.object({ token: TokenSchema }).strict() }),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed, a wrong current password (`errors` has `currentPassword`) or a new password equal to the old (`newPassword`).',
			}),
		},
		async handler({ request, body }) {
			const { user } = requireApiMember(request)
			const input = await body()
			const now = new Date()
			const result = await changePassword(user, input, requestMeta(request), now)
			if (!result.ok) return apiFailure(result)
			// The new token this client goes on with.
			const { token } = memberAuth.sessions.create(user.id, 'api', now, userAgentOf(request))
			return apiSuccess({ token }, { message: ACCOUNT_MESSAGES.passwordChanged })
		},
	}),
})
export const loader = route.loader
export const action = route.action
