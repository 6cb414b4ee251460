import { revokePlanCode } from '#app/features/codes/plan-codes.server.ts'
import { RevokedPlanCodeSchema } from '#app/features/codes/responses.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { codesStep } from '../../+codes.server.ts'

const route = apiRoute({
	POST: codesStep({
		summary: 'Revoke one plan code (not a used-up one)',
		data: RevokedPlanCodeSchema,
		conflict: 'The code is used up (a used code cannot be revoked) or already revoked.',
		notFound: PLAN_CODE_MESSAGES.codeNotFound,
		message: 'Code revoked',
		change: revokePlanCode,
		answer: (value) => value,
	}),
})
export const loader = route.loader
export const action = route.action
