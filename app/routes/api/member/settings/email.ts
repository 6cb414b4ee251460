import { requireApiMember } from '#app/auth/member.server.ts'
import { requestEmailChange } from '#app/features/account/account-settings.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { EMAIL_CHANGE_SENT, EmailChangeApiSchema } from '#app/features/account/schemas.ts'

// POST /api/member/settings/email { newEmail, currentPassword }: sends the
// confirmation link to the new address (202); the email changes only when the link is used.
const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiMember(request)
		const input = await parseJsonBody(request, EmailChangeApiSchema)
		const result = await requestEmailChange(user, input, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(
			{ pendingEmail: result.value.newEmail, expiresAt: result.value.expiresAt.toISOString() },
			{ message: EMAIL_CHANGE_SENT, status: 202 },
		)
	},
})
export const loader = route.loader
export const action = route.action
