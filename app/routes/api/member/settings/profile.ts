import { requireApiMember } from '#app/auth/member.server.ts'
import { getProfile, updateProfile } from '#app/features/account/account-settings.server.ts'
import { ProfileApiSchema, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { PublicUserSchema } from '#app/features/users/responses.server.ts'
import { BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const profileData = z.object({ profile: PublicUserSchema }).strict()

const route = apiRoute({
	GET: endpoint({
		tags: ['Member settings'],
		summary: "The member's profile",
		auth: 'member',
		responses: { 200: ok('The profile.', { data: profileData }), ...refusals([]) },
		handler({ request }) {
			const { user } = requireApiMember(request)
			return apiSuccess({ profile: getProfile(user.id) })
		},
	}),
	PATCH: endpoint({
		tags: ['Member settings'],
		summary: "Change the profile's fields (the sign-up's rules and messages)",
		auth: 'member',
		body: ProfileApiSchema.openapi('ProfileRequest'),
		responses: {
			200: ok('Saved.', { message: true, data: profileData }),
			...refusals(BODY_REFUSALS),
		},
		async handler({ request, body }) {
			const { user } = requireApiMember(request)
			const result = updateProfile(user.id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ profile: result.value }, { message: ACCOUNT_MESSAGES.profileSaved })
		},
	}),
})
export const loader = route.loader
export const action = route.action
