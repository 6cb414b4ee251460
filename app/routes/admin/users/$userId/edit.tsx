import { data } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminUserForm } from '#app/components/admin-user-form.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { updateManagedUser } from '#app/features/users/changes.server.ts'
import { getManagedUser } from '#app/features/users/list.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	EDIT_USER_TITLE,
	USER_NOT_FOUND,
	USER_UPDATE_FAILED,
	USER_UPDATED,
	parseUserId,
	parseUserListQuery,
	UserUpdateFormSchema,
	usersListHref,
} from '#app/features/users/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import { PLANS, type Plan } from '#app/domain/enums.ts'
import type { Route } from './+types/edit'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// /admin/users/:userId/edit: 'Edit User'. The password changes only when
// filled; banned or suspended ends the member's sessions at once.

function userOr404(value: string | undefined) {
	const id = parseUserId(value)
	const user = id === null ? null : getManagedUser(id)
	if (!user) throw data({ message: USER_NOT_FOUND }, { status: 404 })
	return user
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'users:update')
	const user = userOr404(params.userId)
	const { query } = parseUserListQuery(url.searchParams)
	return {
		user: {
			name: user.name,
			email: user.email,
			phone: user.phone,
			country: user.country,
			telegram: user.telegram,
			plan: user.plan,
			status: user.status,
		},
		closeTo: usersListHref(query),
		planLabels: Object.fromEntries(PLANS.map((p) => [p, planName(p)])) as Record<Plan, string>,
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:update')
	const user = userOr404(params.userId)
	return runFormAction(
		request,
		UserUpdateFormSchema,
		// The form always sends the contact fields: a blank one clears it.
		({ phone = '', country = '', telegram = '', ...rest }) =>
			updateManagedUser({ id: admin.id, email: admin.email }, user.id, { ...rest, phone, country, telegram }),
		() => redirectWithFlash(usersListHref(parseUserListQuery(url.searchParams).query), USER_UPDATED),
	)
}

export default function EditUserRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RouteDialog title={EDIT_USER_TITLE} closeTo={loaderData.closeTo} description={loaderData.user.email}>
			<AdminUserForm
				mode="edit"
				lastResult={actionData?.result}
				defaults={loaderData.user}
				cancelTo={loaderData.closeTo}
				planLabels={loaderData.planLabels}
			/>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${EDIT_USER_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={EDIT_USER_TITLE} fallback={USER_UPDATE_FAILED} />
}
