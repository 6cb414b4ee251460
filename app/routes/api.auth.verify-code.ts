import { requireApiMember } from '#app/auth/member.server.ts'
import { unlockMember } from '#app/models/account.server.ts'
import { toPublicUser } from '#app/models/user.server.ts'
import {
	apiFailure,
	apiRoute,
	apiSuccess,
	readJsonObject,
	validationFailed,
} from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { UnlockCodeApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiMember(request)
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		const parsed = UnlockCodeApiSchema.safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		const result = unlockMember(user.id, parsed.data.code, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ user: toPublicUser(result.value) }, { message: 'Dashboard unlocked' })
	},
})
export const loader = route.loader
export const action = route.action
