import { userAgentOf } from '#app/auth/kit.server.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { registerMember } from '#app/features/auth/member-auth.server.ts'
import { PublicUserSchema } from '#app/features/users/responses.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import type { ConsentKind } from '#app/features/account/consents.ts'
import { BODY_REFUSALS, ok, refusals, TokenSchema, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { RegisterApiSchema } from '#app/features/auth/schemas.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member auth'],
		summary: 'Create a member account and sign in',
		body: RegisterApiSchema.openapi('RegisterRequest'),
		responses: {
			201: ok('Account created.', {
				message: true,
				data: z.object({ token: TokenSchema, user: PublicUserSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 409, 429], { 409: 'The email is taken (`errors` has the email field).' }),
		},
		async handler({ request, body }) {
			const { agreeToTerms: _terms, confirmAge, acknowledgeRisk, ...input } = await body()
			// Registering through the API binds the member to the current terms (as before); the 18+ and
			// risk rows are written only when the client sent them (docs/decisions/023).
			const kinds: ConsentKind[] = ['terms']
			if (confirmAge) kinds.push('age')
			if (acknowledgeRisk) kinds.push('risk')
			const result = await registerMember(input, requestMeta(request), { source: 'api', kinds })
			if (!result.ok) return apiFailure(result)
			const { token } = memberAuth.sessions.create(result.value.id, 'api', new Date(), userAgentOf(request))
			return apiSuccess({ token, user: toPublicUser(result.value) }, { message: 'Account created', status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
