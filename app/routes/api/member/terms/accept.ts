import { requireApiMember } from '#app/auth/member.server.ts'
import { acceptCurrentTerms, listConsents } from '#app/features/account/consents.server.ts'
import { apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { TermsAcceptApiSchema, TERMS_VERSION } from '#app/features/auth/schemas.ts'

// POST /api/member/terms/accept { accept: true } → data { termsVersion, consents }. The one member
// route open while the terms are not accepted (the others answer 409 until then); accepting the
// version already accepted records nothing more (docs/decisions/023-consents-and-notifications.md).
const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiMember(request)
		await parseJsonBody(request, TermsAcceptApiSchema)
		acceptCurrentTerms(user.id)
		return apiSuccess({ termsVersion: TERMS_VERSION, consents: listConsents(user.id) }, { message: 'Terms accepted' })
	},
})
export const loader = route.loader
export const action = route.action
