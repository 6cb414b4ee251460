import { staffAuth } from '#app/auth/staff.server.ts'
import { toPublicAdmin } from '#app/features/staff/admin.server.ts'
import { PublicAdminSchema } from '#app/features/staff/responses.server.ts'
import { AdminLoginApiSchema } from '#app/features/staff/schemas.ts'
import { BODY_REFUSALS, ok, refusals, TokenSchema, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin auth'],
		summary: 'Admin sign-in',
		description:
			'An account with the second factor on also sends `code` (the 6 digits its authenticator app shows; each is accepted once) or `recoveryCode` (one of its ten recovery codes; each works once). A staff member who must set up a second factor and has not yet gets a token that opens only /api/admin/two-factor* (and /api/admin/logout) until they do.',
		// The kit's sign-in reads the body with this schema (staffAuth's signIn.apiSchema).
		body: AdminLoginApiSchema.openapi('AdminLoginRequest'),
		responses: {
			200: ok('Signed in.', {
				message: true,
				data: z.object({ token: TokenSchema, admin: PublicAdminSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 401, 403, 429], {
				401: "'Invalid admin credentials' (unknown email, wrong password, a wrong or already used code or recovery code, a member's account), or 'Two-factor authentication code required' (the password matched an account with a second factor, and no code was sent).",
				403: 'The staff account is disabled (after the password matched).',
			}),
		},
		handler: ({ request }) =>
			staffAuth.signInWithJson(request, (token, admin) =>
				apiSuccess({ token, admin: toPublicAdmin(admin) }, { message: 'Login successful' }),
			),
	}),
})
export const loader = route.loader
export const action = route.action
