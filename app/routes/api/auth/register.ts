import { userAgentOf } from '#app/auth/kit.server.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { registerMember } from '#app/features/auth/member-auth.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import type { ConsentKind } from '#app/features/account/consents.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { RegisterApiSchema } from '#app/features/auth/schemas.ts'

const route = apiRoute({
	async POST({ request }) {
		const {
			agreeToTerms: _terms,
			confirmAge,
			acknowledgeRisk,
			...input
		} = await parseJsonBody(request, RegisterApiSchema)
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
})
export const loader = route.loader
export const action = route.action
