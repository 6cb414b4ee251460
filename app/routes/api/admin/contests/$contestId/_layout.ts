import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	changeContestStatus,
	deleteContest,
	getContest,
	updateContest,
} from '#app/features/contests/admin-contests.server.ts'
import { AdminContestSchema, DeletedContestSchema } from '#app/features/contests/responses.server.ts'
import {
	CONTEST_MESSAGES,
	ContestApiSchema,
	ContestStatusApiSchema,
	CONTEST_TEXTS,
} from '#app/features/contests/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import {
	apiError,
	apiFailure,
	apiRoute,
	apiSuccess,
	endpoint,
	readJsonBody,
	validateApiInput,
} from '#app/utils/api.server.ts'
import { ContestIdParams, ContestRequest, requirePathId } from '../+contests.server.ts'

const STATUS_MESSAGES = {
	start: 'Contest started',
	pause: 'Contest paused',
	resume: 'Contest resumed',
	complete: 'Contest completed',
} as const

const contestData = z.object({ contest: AdminContestSchema }).strict()

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin contests'],
		summary: 'One contest',
		auth: 'admin',
		params: ContestIdParams,
		responses: { 200: ok('The contest.', { data: contestData }), ...refusals([...ADMIN_GUARD, 404], ADMIN_403) },
		handler({ request, params }) {
			requireApiCapability(request, 'contests:view')
			const contest = getContest(requirePathId(params.contestId))
			return contest ? apiSuccess({ contest }) : apiError(404, CONTEST_TEXTS.notFound)
		},
	}),
	PUT: endpoint({
		tags: ['Admin contests'],
		summary: 'Edit a contest, or with only `status`: Start, Pause or Resume',
		auth: 'admin',
		params: ContestIdParams,
		body: {
			schema: z.union([ContestRequest, ContestStatusApiSchema.openapi('ContestStatusRequest')]),
			description:
				'The create payload (edit), or only `{ status }` (draft → active, active → paused, paused → active).',
		},
		responses: {
			200: ok('Updated.', { message: true, data: contestData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'A status change the contest cannot make (`completed` goes through POST .../complete).',
				...ADMIN_403,
			}),
		},
		async handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'contests:update')
			const id = requirePathId(params.contestId)
			// Either { status } (Start, Pause, Resume) or the edit payload: which
			// schema applies depends on the body, so it is read first (not with
			// body(), whose union would word the refusals otherwise).
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
	}),
	DELETE: endpoint({
		tags: ['Admin contests'],
		summary: 'Delete a contest with its participants (super admin)',
		auth: 'admin',
		params: ContestIdParams,
		responses: {
			200: ok('Deleted.', { message: true, data: DeletedContestSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'contests:delete')
			const result = deleteContest({ id: admin.id, email: admin.email }, requirePathId(params.contestId))
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: 'Contest deleted' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
