import { data } from 'react-router'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { batchCsvFileName, exportBatchCsv } from '#app/features/codes/plan-codes.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { parsePositiveInt } from '#app/features/contests/schemas.ts'
import { csvHeaders } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'
import type { Route } from './+types/codes[.csv]'

// GET /admin/codes/batches/:batchId/codes.csv (admin cookie): the batch's
// codes in full (code, plan, uses, max uses, expires, status).
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'codes:view')
	const id = parsePositiveInt(params.batchId)
	const csv = id === null ? null : exportBatchCsv(id)
	if (id === null || csv === null) throw data({ message: PLAN_CODE_MESSAGES.batchNotFound }, { status: 404 })
	log('admin.plan_codes_exported', { adminId: admin.id, batchId: id, via: 'page' })
	return new Response(csv, { headers: csvHeaders(batchCsvFileName(id)) })
}
