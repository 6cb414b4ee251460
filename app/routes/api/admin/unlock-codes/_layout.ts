import { listUnlockCodes, rotateUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { UnlockRotateApiSchema } from '#app/features/codes/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/unlock-codes → data { codes: [{ id, code, status, current,
//   expiresAt, createdAt, createdByEmail, retiredAt, retiredByEmail,
//   membersUnlocked }] } (active first, then newest first).
// POST /api/admin/unlock-codes { code?, expiresAt?, graceHours? } (rotate) →
//   201 data { code, previous: [{ id, expiresAt, retired }] }. A code used
//   before is a 409 at `code`; an expiry in the past a 400 at `expiresAt`.
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'codes:view')
		return apiSuccess({ codes: listUnlockCodes() })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'codes:manage')
		const input = await parseJsonBody(request, UnlockRotateApiSchema)
		const result = rotateUnlockCode({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: 'Unlock code rotated', status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
