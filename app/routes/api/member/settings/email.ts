import { requireApiMember } from '#app/auth/member.server.ts'
import { requestEmailChange } from '#app/features/account/account-settings.server.ts'
import { EmailChangeApiSchema, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { BODY_REFUSALS, isoDateTime, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member settings'],
		summary: 'Ask to change the email: a link (24 hours, once) to the new address, a notice to the old',
		auth: 'member',
		body: EmailChangeApiSchema.openapi('EmailChangeRequest'),
		responses: {
			202: ok('The link was sent; the email changes only when it is opened (a page, /confirm-email).', {
				message: true,
				data: z.object({ pendingEmail: z.string(), expiresAt: isoDateTime() }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 409, 429], {
				400: 'Validation failed, a wrong current password (`currentPassword`) or the current address (`newEmail`).',
				409: 'Another account has this email (`errors` has `newEmail`).',
			}),
		},
		async handler({ request, body }) {
			const { user } = requireApiMember(request)
			const result = await requestEmailChange(user, await body(), requestMeta(request))
			if (!result.ok) return apiFailure(result)
			return apiSuccess(
				{ pendingEmail: result.value.newEmail, expiresAt: result.value.expiresAt.toISOString() },
				{ message: ACCOUNT_MESSAGES.emailChangeSent, status: 202 },
			)
		},
	}),
})
export const loader = route.loader
export const action = route.action
