import { batchCsvFileName, exportBatchCsv } from '#app/features/codes/plan-codes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiError, apiRoute } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'
import { csvHeaders, requireCodesPathId } from '../../+codes.server.ts'

// GET /api/admin/plan-code-batches/:id/export → the batch's codes in full as
// CSV (code, plan, uses, max uses, expires, status), an attachment.
const route = apiRoute({
	GET({ request, params }) {
		const { admin } = requireApiCapability(request, 'codes:view')
		const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.batchNotFound)
		const csv = exportBatchCsv(id)
		if (csv === null) return apiError(404, PLAN_CODE_MESSAGES.batchNotFound)
		log('admin.plan_codes_exported', { adminId: admin.id, batchId: id, via: 'api' })
		return new Response(csv, { headers: csvHeaders(batchCsvFileName(id)) })
	},
})
export const loader = route.loader
export const action = route.action
