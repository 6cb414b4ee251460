import { requireApiMember } from '#app/auth/member.server.ts'
import { acceptCurrentTerms, listConsents } from '#app/features/account/consents.server.ts'
import { ConsentSchema } from '#app/features/account/responses.server.ts'
import { TermsAcceptApiSchema, TERMS_VERSION } from '#app/features/auth/schemas.ts'
import { BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// The one member route open while the terms are not accepted (the others
// answer 409 until then); accepting the version already accepted records
// nothing more (docs/decisions/023-consents-and-notifications.md).
const route = apiRoute({
	POST: endpoint({
		tags: ['Member notifications'],
		summary: 'Accept the current Terms & Conditions (recorded once per version)',
		auth: 'member',
		body: TermsAcceptApiSchema.openapi('TermsAcceptRequest'),
		responses: {
			200: ok('Accepted; the consent history.', {
				message: true,
				data: z.object({ termsVersion: z.string(), consents: z.array(ConsentSchema) }).strict(),
			}),
			...refusals(BODY_REFUSALS),
		},
		async handler({ request, body }) {
			const { user } = requireApiMember(request)
			await body()
			acceptCurrentTerms(user.id)
			return apiSuccess({ termsVersion: TERMS_VERSION, consents: listConsents(user.id) }, { message: 'Terms accepted' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
