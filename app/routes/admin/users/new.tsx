import { AdminUserForm } from '#app/components/admin-user-form.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { createManagedUser } from '#app/features/users/changes.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	CREATE_USER_TITLE,
	USER_CREATE_FAILED,
	USER_CREATED,
	parseUserListQuery,
	UserCreateFormSchema,
	usersListHref,
} from '#app/features/users/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import { PLANS, type Plan } from '#app/domain/enums.ts'
import type { Route } from './+types/new'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// /admin/users/new: 'Create New User' (a dialog over the list with JS, a
// section at the top of it without). The list's state is kept in the URL.

function planLabels() {
	return Object.fromEntries(PLANS.map((p) => [p, planName(p)])) as Record<Plan, string>
}

export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'users:create')
	const { query } = parseUserListQuery(url.searchParams)
	return { closeTo: usersListHref(query), planLabels: planLabels() }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:create')
	return runFormAction(
		request,
		UserCreateFormSchema,
		(value) => createManagedUser({ id: admin.id, email: admin.email }, value),
		() => redirectWithFlash(usersListHref({ ...parseUserListQuery(url.searchParams).query, page: 1 }), USER_CREATED),
	)
}

export default function NewUserRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RouteDialog
			title={CREATE_USER_TITLE}
			closeTo={loaderData.closeTo}
			description="The new member can sign in with this email and password."
		>
			<AdminUserForm
				mode="create"
				lastResult={actionData?.result}
				cancelTo={loaderData.closeTo}
				planLabels={loaderData.planLabels}
			/>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CREATE_USER_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={CREATE_USER_TITLE} fallback={USER_CREATE_FAILED} />
}
