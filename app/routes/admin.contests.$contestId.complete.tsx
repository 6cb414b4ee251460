import { data, Form, Link, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/forms.tsx'
import { RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { completeContest } from '#app/models/admin-contests.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	COMPLETE_CONTEST_TITLE,
	COMPLETE_CONTEST_WARNING,
	CONTEST_COMPLETE_FAILED,
	transitionRefused,
} from '#app/utils/admin-contests-messages.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import type { Route } from './+types/admin.contests.$contestId.complete'
import { contestListUrl, redirectToList, requireContest } from './admin.contests.server.ts'

// Complete (active → completed) asks first: it freezes the ranks for good.
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdminCapability(request, 'contests:update')
	const contest = requireContest(params.contestId)
	return {
		closeTo: contestListUrl(request),
		contest: { id: contest.id, name: contest.name, status: contest.status, participantCount: contest.participantCount },
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability(request, 'contests:update')
	const contest = requireContest(params.contestId)
	await readFormData(request)
	const result = completeContest({ id: admin.id, email: admin.email }, contest.id)
	if (!result.ok) return data({ error: result.message }, { status: result.status })
	throw redirectToList(request, 'completed')
}

export default function CompleteContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting'
	const { contest } = loaderData
	const completable = contest.status === 'active'
	return (
		<RouteDialog title={COMPLETE_CONTEST_TITLE} closeTo={loaderData.closeTo}>
			<p>
				Complete <strong className="break-words">{contest.name}</strong> with {formatCount(contest.participantCount)}{' '}
				{contest.participantCount === 1 ? 'participant' : 'participants'}?
			</p>
			<p className="mt-2 text-sm text-slate-300">{COMPLETE_CONTEST_WARNING}</p>
			<Form method="post" className="mt-4 space-y-3">
				{actionData?.error ? <FormAlert title={CONTEST_COMPLETE_FAILED} errors={[actionData.error]} /> : null}
				{!completable && !actionData?.error ? (
					<FormAlert title={CONTEST_COMPLETE_FAILED} errors={[transitionRefused(contest.status, 'completed')]} />
				) : null}
				<div className="flex flex-wrap gap-3">
					{completable ? (
						<button type="submit" disabled={pending} className="btn-primary w-full sm:w-auto">
							{pending ? 'Completing...' : 'Complete Contest'}
						</button>
					) : null}
					<Link to={loaderData.closeTo} preventScrollReset className="btn-secondary w-full sm:w-auto">
						Cancel
					</Link>
				</div>
			</Form>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${COMPLETE_CONTEST_TITLE} | ${site.name}` }]
