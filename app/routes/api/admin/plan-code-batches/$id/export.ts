import { requireApiCapability } from '#app/auth/staff.server.ts'
import { batchCsvFileName, exportBatchCsv } from '#app/features/codes/plan-codes.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, csvAttachment, IdParams, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, endpoint } from '#app/utils/api.server.ts'
import { csvHeaders } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin codes'],
		summary: "A batch's codes in full as CSV",
		auth: 'admin',
		params: IdParams,
		responses: {
			200: csvAttachment(
				'RFC 4180 CSV (code, plan, uses, max uses, expires, status) with a UTF-8 byte-order mark.',
				'plan-codes-batch-<id>.csv',
			),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'codes:view')
			const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.batchNotFound)
			const csv = exportBatchCsv(id)
			if (csv === null) return apiError(404, PLAN_CODE_MESSAGES.batchNotFound)
			log('admin.plan_codes_exported', { adminId: admin.id, batchId: id, via: 'api' })
			return new Response(csv, { headers: csvHeaders(batchCsvFileName(id)) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
