import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { FormAlert } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { deleteManagedUser } from '#app/models/admin-users-changes.server.ts'
import { getManagedUser } from '#app/models/admin-users-list.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	DELETE_USER_DETAIL,
	DELETE_USER_TITLE,
	DELETE_USER_WARNING,
	USER_DELETE_FAILED,
	USER_DELETED,
	USER_NOT_FOUND,
} from '#app/utils/admin-users-messages.ts'
import { parseUserId, parseUserListQuery, usersListHref } from '#app/utils/admin-users-validation.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
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
	const submission = parseWithZod(await readFormData(request), { schema: ConfirmFormSchema })
	const id = parseUserId(params.userId)
	const result = id === null ? fail(404, USER_NOT_FOUND) : deleteManagedUser({ id: admin.id, email: admin.email }, id)
	if (!result.ok) return replyWithFailure(submission, result)
	const { query } = parseUserListQuery(url.searchParams)
	throw await redirectWithFlash(usersListHref(query), USER_DELETED)
}

export default function DeleteUserRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending({ state: 'submitting' })
	const [form] = useForm({ id: 'user-delete-form', lastResult: actionData?.result })
	return (
		<RouteDialog title={DELETE_USER_TITLE} closeTo={loaderData.closeTo} description={DELETE_USER_WARNING}>
			<div className="space-y-4">
				<FormAlert id={form.errorId} errors={form.errors} />
				<p>{DELETE_USER_DETAIL}</p>
				<p className="rounded-lg border border-slate-700 bg-slate-950/60 p-3 text-sm">
					<span className="block font-semibold">{loaderData.user.name}</span>
					<span className="block break-all text-slate-300">{loaderData.user.email}</span>
				</p>
				<Form method="post" {...getFormProps(form)} className="flex flex-wrap gap-2">
					<button type="submit" disabled={pending} className="btn-danger">
						{pending ? 'Deleting...' : 'Delete User'}
					</button>
					<Link to={loaderData.closeTo} preventScrollReset className="btn-secondary">
						Cancel
					</Link>
				</Form>
			</div>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${DELETE_USER_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={DELETE_USER_TITLE} fallback={USER_DELETE_FAILED} />
}
