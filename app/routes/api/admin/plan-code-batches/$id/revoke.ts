import { revokePlanCodeBatch } from '#app/features/codes/plan-codes.server.ts'
import { RevokedBatchSchema } from '#app/features/codes/responses.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { codesStep } from '../../+codes.server.ts'

const route = apiRoute({
	POST: codesStep({
		summary: 'Revoke every code of a batch that is not used up',
		data: RevokedBatchSchema,
		conflict: 'Every code is already used up or revoked.',
		notFound: PLAN_CODE_MESSAGES.batchNotFound,
		message: 'Batch revoked',
		change: revokePlanCodeBatch,
		answer: (value) => value,
	}),
})
export const loader = route.loader
export const action = route.action
