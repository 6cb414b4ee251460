import { memberAuth } from '#app/auth/member.server.ts'
import { LoginApiSchema } from '#app/features/auth/schemas.ts'
import { PublicUserSchema } from '#app/features/users/responses.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import { BODY_REFUSALS, ok, refusals, TokenSchema, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member auth'],
		summary: 'Sign in',
		// The kit's sign-in reads the body with this schema (memberAuth's signIn.apiSchema is unset).
		body: LoginApiSchema.openapi('LoginRequest'),
		responses: {
			200: ok('Signed in.', { message: true, data: z.object({ token: TokenSchema, user: PublicUserSchema }).strict() }),
			...refusals([...BODY_REFUSALS, 401, 403, 429], {
				401: 'Invalid email or password (the same answer for an unknown email).',
				403: 'The account is suspended or banned.',
			}),
		},
		handler: ({ request }) =>
			memberAuth.signInWithJson(request, (token, user) =>
				apiSuccess({ token, user: toPublicUser(user) }, { message: 'Signed in' }),
			),
	}),
})
export const loader = route.loader
export const action = route.action
