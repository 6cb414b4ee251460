import { AdminUnlockCodeSchema } from '#app/features/codes/responses.server.ts'
import { UNLOCK_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { retireUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { z } from '#app/utils/api-schema.server.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { codesStep } from '../../+codes.server.ts'

const route = apiRoute({
	POST: codesStep({
		summary: 'Retire an unlock code (not the last active one)',
		done: 'Retired.',
		data: z.object({ code: AdminUnlockCodeSchema }).strict(),
		conflict: 'Already retired or expired, or the last active code.',
		notFound: UNLOCK_CODE_MESSAGES.notFound,
		message: 'Unlock code retired',
		change: retireUnlockCode,
		answer: (code) => ({ code }),
	}),
})
export const loader = route.loader
export const action = route.action
