import { ContestForm } from '#app/components/admin-contest-form.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { updateContest } from '#app/features/contests/admin-contests.server.ts'
import { ContestFormSchema, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/edit'
import { contestListUrl, redirectToList, requireContestAccess } from '../+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const { contest } = await requireContestAccess({ request, url, params }, 'contests:update')
	return {
		closeTo: contestListUrl(url),
		contest: { id: contest.id, name: contest.name },
		// Dates are date-only (the stored value has no time part to trim).
		values: {
			name: contest.name,
			type: contest.type,
			description: contest.description,
			startDate: contest.startDate.slice(0, 10),
			endDate: contest.endDate.slice(0, 10),
			prizeFirst: contest.prizes.first,
			prizeSecond: contest.prizes.second ?? '',
			prizeThird: contest.prizes.third ?? '',
			rules: contest.rules,
			maxParticipants: contest.maxParticipants === null ? '' : String(contest.maxParticipants),
		},
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const { admin, contest } = await requireContestAccess({ request, url, params }, 'contests:update')
	return runFormAction(
		request,
		ContestFormSchema,
		(value) => updateContest({ id: admin.id, email: admin.email }, contest.id, value),
		() => redirectToList(url, 'updated'),
	)
}

export default function EditContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RouteDialog
			title={CONTEST_TEXTS.editContestTitle}
			closeTo={loaderData.closeTo}
			description={loaderData.contest.name}
		>
			<ContestForm
				key={loaderData.contest.id}
				id={`contest-edit-form-${loaderData.contest.id}`}
				lastResult={actionData?.result}
				defaultValue={loaderData.values}
				submitLabel="Save Changes"
				pendingLabel="Saving..."
				cancelTo={loaderData.closeTo}
				failedTitle={CONTEST_TEXTS.updateFailed}
			/>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTEST_TEXTS.editContestTitle} | ${site.name}` }]
