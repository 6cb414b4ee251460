import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { FormAlert } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { deleteContest } from '#app/models/admin-contests.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	CONTEST_DELETE_FAILED,
	DELETE_CONTEST_TITLE,
	DELETE_CONTEST_WARNING,
} from '#app/utils/admin-contests-messages.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import type { Route } from './+types/delete'
import { contestListUrl, redirectToList, requireContest } from '../+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// super_admin only: role admin gets the 403 'Access Denied' here and never
// sees the Delete button.
export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'contests:delete')
	const contest = requireContest(params.contestId)
	return {
		closeTo: contestListUrl(url),
		contest: { id: contest.id, name: contest.name, participantCount: contest.participantCount },
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'contests:delete')
	const contest = requireContest(params.contestId)
	const submission = parseWithZod(await readFormData(request), { schema: ConfirmFormSchema })
	const result = deleteContest({ id: admin.id, email: admin.email }, contest.id)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await redirectToList(url, 'deleted')
}

export default function DeleteContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending({ state: 'submitting' })
	const [form] = useForm({ id: `contest-delete-form-${loaderData.contest.id}`, lastResult: actionData?.result })
	const { contest } = loaderData
	return (
		<RouteDialog title={DELETE_CONTEST_TITLE} closeTo={loaderData.closeTo}>
			<p>
				Delete <strong className="break-words">{contest.name}</strong>
				{contest.participantCount > 0 ? ` and its ${formatCount(contest.participantCount)} participants` : ''}?
			</p>
			<p className="mt-2 text-sm text-red-200">{DELETE_CONTEST_WARNING}</p>
			<Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
				<FormAlert id={form.errorId} title={CONTEST_DELETE_FAILED} errors={form.errors} />
				<div className="flex flex-wrap gap-3">
					<button type="submit" disabled={pending} className="btn-danger w-full sm:w-auto">
						{pending ? 'Deleting...' : 'Delete Contest'}
					</button>
					<Link to={loaderData.closeTo} preventScrollReset className="btn-secondary w-full sm:w-auto">
						Cancel
					</Link>
				</div>
			</Form>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${DELETE_CONTEST_TITLE} | ${site.name}` }]
