import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { NOTIFICATIONS_GUARD, NOTIFICATIONS_GUARD_TEXT } from '#app/features/notifications/responses.server.ts'
import { type ErrorStatus, type ok, refusals, type z } from '#app/utils/api-schema.server.ts'
import { type ApiOperation, type BodySpec, endpoint } from '#app/utils/api.server.ts'

type UnlockedMember = ReturnType<typeof requireApiUnlockedMember>['user']

/**
 * One /api/member/notifications* operation: tagged, behind the member's
 * token and the unlocked-member guard (its 403 and 409 added to `refuses`),
 * the handler given the member. Kept beside the routes; routes.ts ignores
 * `*.server.*` files, so this is no route.
 */
export function notificationsEndpoint<
	B extends BodySpec | undefined = undefined,
	Q extends z.ZodTypeAny | undefined = undefined,
>(
	operation: Omit<ApiOperation<B, Q>, 'tags' | 'auth' | 'responses' | 'handler'> & {
		/** The 200. */
		done: ReturnType<typeof ok>
		/** The refusals besides the guard's. */
		refuses?: ErrorStatus[]
		handler(args: Parameters<ApiOperation<B, Q>['handler']>[0] & { user: UnlockedMember }): Promise<Response> | Response
	},
): ApiOperation<B, Q> {
	const { done, refuses = [], handler, ...rest } = operation
	return endpoint<B, Q>({
		...rest,
		tags: ['Member notifications'],
		auth: 'member',
		responses: { 200: done, ...refusals([...refuses, ...NOTIFICATIONS_GUARD], NOTIFICATIONS_GUARD_TEXT) },
		handler(args) {
			const { user } = requireApiUnlockedMember(args.request)
			return handler({ ...args, user })
		},
	})
}
