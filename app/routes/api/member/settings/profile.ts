import { requireApiMember } from '#app/auth/member.server.ts'
import { getProfile, updateProfile } from '#app/features/account/account-settings.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { PROFILE_SAVED, ProfileApiSchema } from '#app/features/account/schemas.ts'

// GET /api/member/settings/profile: the member's profile.
// PATCH { name?, phone?, country?, telegram?, investmentAmount? }: the sign-up's rules and messages.
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiMember(request)
		return apiSuccess({ profile: getProfile(user.id) })
	},
	async PATCH({ request }) {
		const { user } = requireApiMember(request)
		const input = await parseJsonBody(request, ProfileApiSchema)
		const result = updateProfile(user.id, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ profile: result.value }, { message: PROFILE_SAVED })
	},
})
export const loader = route.loader
export const action = route.action
