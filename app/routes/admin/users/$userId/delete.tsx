import { data } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { ConfirmDialog, ConfirmSubject } from '#app/components/confirm-dialog.tsx'
import { dialogHandle } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { deleteManagedUser } from '#app/features/users/changes.server.ts'
import { getManagedUser } from '#app/features/users/list.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	DELETE_USER_DETAIL,
	DELETE_USER_TITLE,
	DELETE_USER_WARNING,
	USER_DELETE_FAILED,
	USER_DELETED,
	USER_NOT_FOUND,
	parseUserId,
	parseUserListQuery,
	usersListHref,
} from '#app/features/users/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { fail } from '#app/utils/result.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/delete'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

// /admin/users/:userId/delete: 'Delete User' with its confirmation
// (super_admin only: role admin gets 'Access Denied').

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'users:delete')
	const id = parseUserId(params.userId)
	const user = id === null ? null : getManagedUser(id)
	if (!user) throw data({ message: USER_NOT_FOUND }, { status: 404 })
	const { query } = parseUserListQuery(url.searchParams)
	return { user: { name: user.name, email: user.email }, closeTo: usersListHref(query) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:delete')
	const id = parseUserId(params.userId)
	return runFormAction(
		request,
		ConfirmFormSchema,
		() => (id === null ? fail(404, USER_NOT_FOUND) : deleteManagedUser({ id: admin.id, email: admin.email }, id)),
		() => redirectWithFlash(usersListHref(parseUserListQuery(url.searchParams).query), USER_DELETED),
	)
}

export default function DeleteUserRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<ConfirmDialog
			title={DELETE_USER_TITLE}
			description={DELETE_USER_WARNING}
			closeTo={loaderData.closeTo}
			formId="user-delete-form"
			lastResult={actionData?.result}
			submit={{ label: 'Delete User', pending: 'Deleting...' }}
		>
			<p>{DELETE_USER_DETAIL}</p>
			<ConfirmSubject title={loaderData.user.name} detail={loaderData.user.email} detailClassName="break-all" />
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${DELETE_USER_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={DELETE_USER_TITLE} fallback={USER_DELETE_FAILED} />
}
