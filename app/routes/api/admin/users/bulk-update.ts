import { bulkUpdateUsers } from '#app/features/users/changes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import { can } from '#app/features/staff/roles.ts'
import { BulkResultSchema } from '#app/features/users/responses.server.ts'
import { BULK_MAX_USERS, bulkResultMessage, BulkApiSchema, bulkCapability } from '#app/features/users/schemas.ts'
import { ADMIN_GUARD, BODY_REFUSALS, id, jsonBody, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint, parseJsonBody } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

/**
 * BulkApiSchema takes `userIds` as any array and checks the ids in its
 * transform, after the other fields passed, so that a request gets the
 * product's one message for its ids; checking them in the field's own
 * schema would change which errors come together. So the document states
 * that rule here, the rest is the schema's own.
 */
const BulkUpdateRequest = BulkApiSchema.innerType()
	.extend({
		userIds: z.array(id()).min(1).max(BULK_MAX_USERS).openapi({
			uniqueItems: true,
			description: 'JSON numbers, each once; one unknown id and nothing changes (404).',
		}),
	})
	.openapi('BulkUpdateRequest')

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin users'],
		summary: 'Set the status or plan of, or delete, many members at once (all or nothing)',
		auth: 'admin',
		request: { body: jsonBody(BulkUpdateRequest) },
		responses: {
			200: ok('Done.', { message: true, data: BulkResultSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], {
				403: "Deleting or banning needs a super admin; or a member's token.",
				404: 'An id is unknown: nothing changed.',
			}),
		},
		async handler({ request, url }) {
			const { admin } = requireApiCapability(request, 'users:bulk-update')
			const input = await parseJsonBody(request, BulkApiSchema)
			const capability = bulkCapability(input)
			if (!can(admin, capability)) {
				log('admin.access_denied', { path: url.pathname, adminId: admin.id, capability, via: 'api' }, 'warn')
				return apiError(403, AUTH_MESSAGES.superAdminRequired)
			}
			const result = bulkUpdateUsers({ id: admin.id, email: admin.email }, input)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, {
				message: bulkResultMessage(result.value.updated, input.action === 'delete' ? 'deleted' : 'updated'),
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
