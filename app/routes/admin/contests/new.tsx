import { ContestForm } from '#app/components/admin-contest-form.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { createContest } from '#app/features/contests/admin-contests.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { ContestFormSchema, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/new'
import { contestListUrl, redirectToList } from './+contests.server.ts'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'contests:create')
	return { closeTo: contestListUrl(url) }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'contests:create')
	return runFormAction(
		request,
		ContestFormSchema,
		(value) => createContest({ id: admin.id, email: admin.email }, value),
		() => redirectToList(url, 'created'),
	)
}

export default function NewContestRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RouteDialog
			title={CONTEST_TEXTS.createContestTitle}
			closeTo={loaderData.closeTo}
			description="A new contest starts as a draft; Start opens it."
		>
			<ContestForm
				id="contest-create-form"
				lastResult={actionData?.result}
				submitLabel="Create Contest"
				pendingLabel="Creating..."
				cancelTo={loaderData.closeTo}
				failedTitle={CONTEST_TEXTS.createFailed}
			/>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTEST_TEXTS.createContestTitle} | ${site.name}` }]
