import { requireApiMember } from '#app/auth/member.server.ts'
import { closeAccount } from '#app/features/account/account-settings.server.ts'
import { CloseAccountApiSchema, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member settings'],
		summary: 'Close the account: personal fields erased, every session ends (docs/decisions/022-account-closure.md)',
		auth: 'member',
		body: CloseAccountApiSchema.openapi('CloseAccountRequest'),
		responses: {
			200: ok('Closed.', { message: true }),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed (`confirm` must be true) or a wrong current password (`currentPassword`).',
			}),
		},
		async handler({ request, body }) {
			const { user } = requireApiMember(request)
			const result = await closeAccount(user, await body(), requestMeta(request))
			if (!result.ok) return apiFailure(result)
			// Every session, this token's too, has ended.
			return apiSuccess(undefined, { message: ACCOUNT_MESSAGES.accountClosed })
		},
	}),
})
export const loader = route.loader
export const action = route.action
