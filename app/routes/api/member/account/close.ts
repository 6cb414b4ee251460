import { requireApiMember } from '#app/auth/member.server.ts'
import { closeAccount } from '#app/features/account/account-settings.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { ACCOUNT_CLOSED, CloseAccountApiSchema } from '#app/features/account/schemas.ts'

// POST /api/member/account/close { currentPassword, confirm: true }: closes the
// account (docs/decisions/022-account-closure.md); every session, this token's too, ends.
const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiMember(request)
		const input = await parseJsonBody(request, CloseAccountApiSchema)
		const result = await closeAccount(user, input, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(undefined, { message: ACCOUNT_CLOSED })
	},
})
export const loader = route.loader
export const action = route.action
