import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { dialogHandle } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { completeContest } from '#app/features/contests/admin-contests.server.ts'
import { transitionRefused, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/complete'
import { contestListUrl, redirectToList, requireContestAccess } from '../+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// Complete (active → completed) asks first: it freezes the ranks for good.
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const { contest } = await requireContestAccess({ request, url, params }, 'contests:update')
	return {
		closeTo: contestListUrl(url),
		contest: { id: contest.id, name: contest.name, status: contest.status, participantCount: contest.participantCount },
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const { admin, contest } = await requireContestAccess({ request, url, params }, 'contests:update')
	return runFormAction(
		request,
		ConfirmFormSchema,
		() => completeContest({ id: admin.id, email: admin.email }, contest.id),
		() => redirectToList(url, 'completed'),
	)
}

export default function CompleteContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { contest } = loaderData
	const completable = contest.status === 'active'
	return (
		<ConfirmDialog
			title={CONTEST_TEXTS.completeContestTitle}
			closeTo={loaderData.closeTo}
			formId={`contest-complete-form-${contest.id}`}
			lastResult={actionData?.result}
			errorTitle={CONTEST_TEXTS.completeFailed}
			refusal={completable ? null : transitionRefused(contest.status, 'completed')}
			submit={{ label: completable ? 'Complete Contest' : null, pending: 'Completing...' }}
			tone="primary"
		>
			<div>
				<p>
					Complete <strong className="break-words">{contest.name}</strong> with {formatCount(contest.participantCount)}{' '}
					{contest.participantCount === 1 ? 'participant' : 'participants'}?
				</p>
				<p className="mt-2 text-sm text-slate-300">{CONTEST_TEXTS.completeContestWarning}</p>
			</div>
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTEST_TEXTS.completeContestTitle} | ${site.name}` }]
