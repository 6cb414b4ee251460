import { CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { dialogHandle } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { deleteContest } from '#app/features/contests/admin-contests.server.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/delete'
import { contestListUrl, redirectToList, requireContestAccess } from '../+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// super_admin only: role admin gets the 403 'Access Denied' here and never
// sees the Delete button.
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const { contest } = await requireContestAccess({ request, url, params }, 'contests:delete')
	return {
		closeTo: contestListUrl(url),
		contest: { id: contest.id, name: contest.name, participantCount: contest.participantCount },
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const { admin, contest } = await requireContestAccess({ request, url, params }, 'contests:delete')
	return runFormAction(
		request,
		ConfirmFormSchema,
		() => deleteContest({ id: admin.id, email: admin.email }, contest.id),
		() => redirectToList(url, 'deleted'),
	)
}

export default function DeleteContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { contest } = loaderData
	return (
		<ConfirmDialog
			title={CONTEST_TEXTS.deleteContestTitle}
			closeTo={loaderData.closeTo}
			formId={`contest-delete-form-${contest.id}`}
			lastResult={actionData?.result}
			errorTitle={CONTEST_TEXTS.deleteFailed}
			submit={{ label: 'Delete Contest', pending: 'Deleting...' }}
		>
			<div>
				<p>
					Delete <strong className="break-words">{contest.name}</strong>
					{contest.participantCount > 0 ? ` and its ${formatCount(contest.participantCount)} participants` : ''}?
				</p>
				<p className="mt-2 text-sm text-red-200">{CONTEST_TEXTS.deleteContestWarning}</p>
			</div>
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTEST_TEXTS.deleteContestTitle} | ${site.name}` }]
