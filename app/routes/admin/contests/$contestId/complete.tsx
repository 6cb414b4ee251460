import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { FormAlert } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
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
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import type { Route } from './+types/complete'
import { contestListUrl, redirectToList, requireContest } from '../+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// Complete (active → completed) asks first: it freezes the ranks for good.
export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'contests:update')
	const contest = requireContest(params.contestId)
	return {
		closeTo: contestListUrl(url),
		contest: { id: contest.id, name: contest.name, status: contest.status, participantCount: contest.participantCount },
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'contests:update')
	const contest = requireContest(params.contestId)
	const submission = parseWithZod(await readFormData(request), { schema: ConfirmFormSchema })
	const result = completeContest({ id: admin.id, email: admin.email }, contest.id)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await redirectToList(url, 'completed')
}

export default function CompleteContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending({ state: 'submitting' })
	const [form] = useForm({ id: `contest-complete-form-${loaderData.contest.id}`, lastResult: actionData?.result })
	const { contest } = loaderData
	const completable = contest.status === 'active'
	return (
		<RouteDialog title={COMPLETE_CONTEST_TITLE} closeTo={loaderData.closeTo}>
			<p>
				Complete <strong className="break-words">{contest.name}</strong> with {formatCount(contest.participantCount)}{' '}
				{contest.participantCount === 1 ? 'participant' : 'participants'}?
			</p>
			<p className="mt-2 text-sm text-slate-300">{COMPLETE_CONTEST_WARNING}</p>
			<Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
				<FormAlert id={form.errorId} title={CONTEST_COMPLETE_FAILED} errors={form.errors} />
				{!completable && !form.errors?.length ? (
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
