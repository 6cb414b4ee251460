import { bulkUpdateUsers } from '#app/features/users/changes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { SUPER_ADMIN_REQUIRED } from '#app/auth/messages.ts'
import { can } from '#app/features/staff/roles.ts'
import { bulkResultMessage, BulkApiSchema, bulkCapability } from '#app/features/users/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// POST /api/admin/users/bulk-update { userIds: number[], action:
// 'set-status' | 'set-plan' | 'delete', data?: { status } | { plan } }:
// all or nothing; data { updated: rows changed }. Deleting and banning are
// super_admin's (403 for role admin).
const route = apiRoute({
	async POST({ request, url }) {
		const { admin } = requireApiCapability(request, 'users:bulk-update')
		const input = await parseJsonBody(request, BulkApiSchema)
		const capability = bulkCapability(input)
		if (!can(admin, capability)) {
			log('admin.access_denied', { path: url.pathname, adminId: admin.id, capability, via: 'api' }, 'warn')
			return apiError(403, SUPER_ADMIN_REQUIRED)
		}
		const result = bulkUpdateUsers({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, {
			message: bulkResultMessage(result.value.updated, input.action === 'delete' ? 'deleted' : 'updated'),
		})
	},
})
export const loader = route.loader
export const action = route.action
