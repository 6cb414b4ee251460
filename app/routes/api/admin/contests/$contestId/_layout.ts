import {
	changeContestStatus,
	deleteContest,
	getContest,
	updateContest,
} from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { requirePathId } from '../+contests.server.ts'
import {
	CONTEST_MESSAGES,
	CONTEST_NOT_FOUND,
	ContestApiSchema,
	ContestStatusApiSchema,
} from '#app/features/contests/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, readJsonBody, validateApiInput } from '#app/utils/api.server.ts'

const STATUS_MESSAGES = {
	start: 'Contest started',
	pause: 'Contest paused',
	resume: 'Contest resumed',
	complete: 'Contest completed',
} as const

// GET /api/admin/contests/:id → data { contest }.
// PUT /api/admin/contests/:id with the create payload (edit), or with only
//   { status } for Start (draft → active), Pause (active → paused) and
//   Resume (paused → active); any other change is a 409, and 'completed'
//   goes through POST .../complete. → data { contest }.
// DELETE /api/admin/contests/:id (super_admin) → data { id, participantsRemoved }.
const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'contests:view')
		const contest = getContest(requirePathId(params.contestId))
		return contest ? apiSuccess({ contest }) : apiError(404, CONTEST_NOT_FOUND)
	},
	async PUT({ request, params }) {
		const { admin } = requireApiCapability(request, 'contests:update')
		const id = requirePathId(params.contestId)
		// Either { status } (Start, Pause, Resume) or the edit payload: which
		// schema applies depends on the body, so it is read first.
		const body = await readJsonBody(request)
		const actor = { id: admin.id, email: admin.email }
		if (Object.hasOwn(body, 'status')) {
			const others = Object.keys(body).filter((key) => key !== 'status')
			if (others.length) {
				return apiError(
					400,
					CONTEST_MESSAGES.eitherStatusOrFields,
					others.map((path) => ({ path, message: CONTEST_MESSAGES.eitherStatusOrFields })),
				)
			}
			const { status } = validateApiInput(ContestStatusApiSchema, body)
			const result = changeContestStatus(actor, id, status)
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ contest: result.value.contest }, { message: STATUS_MESSAGES[result.value.action] })
		}
		const result = updateContest(actor, id, validateApiInput(ContestApiSchema, body))
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ contest: result.value }, { message: 'Contest updated' })
	},
	DELETE({ request, params }) {
		const { admin } = requireApiCapability(request, 'contests:delete')
		const result = deleteContest({ id: admin.id, email: admin.email }, requirePathId(params.contestId))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: 'Contest deleted' })
	},
})
export const loader = route.loader
export const action = route.action
