import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useRef } from 'react'
import { Form, Link, Outlet, redirect, useLocation, useSubmit } from 'react-router'
import { FilterActions, FilterSelects, ListPagination, StaffTableHead } from '#app/components/admin-list-parts.tsx'
import { PlanBadge, UserStatusBadge } from '#app/components/admin-badges.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { ErrorList, FormAlert, SelectField, StatusButton, useHydrated } from '#app/components/forms.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { site } from '#app/content/site.ts'
import { bulkUpdateUsers } from '#app/features/users/changes.server.ts'
import { countManagedUsers, getManagedUser, listManagedUsers } from '#app/features/users/list.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatCount, formatDate, formatUsdCents } from '#app/utils/admin-format.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import { can } from '#app/features/staff/roles.ts'
import {
	bulkResultMessage,
	DELETE_USER_DETAIL,
	DELETE_USER_WARNING,
	USERS_ERROR_TITLE,
	USERS_LOAD_FAILED,
	USERS_SEARCH_PLACEHOLDER,
	USERS_TITLE,
	BULK_ACTION_LABELS,
	BulkFormSchema,
	bulkCapability,
	parseSortValue,
	parseUserListQuery,
	sortValue,
	USER_SORT_OPTIONS,
	userListSearch,
	usersListHref,
} from '#app/features/users/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { log } from '#app/utils/log.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import { PLANS, USER_STATUSES } from '#app/domain/enums.ts'
import type { Route } from './+types/_layout'

/**
 * /admin/users (spec section 2): search, status and plan filters, the six
 * sorts and pages of 10, all in the URL (a GET form: every state is a
 * link; a new search or filter starts at page 1). Bulk updates are a plain
 * POST form; a bulk delete asks for confirmation first. Create, edit and
 * delete are nested routes rendered in the <Outlet /> (dialogs with JS).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:view')
	// The filter form sends the sort selector as one value ("name-asc"): move
	// it to sortBy and sortOrder and drop empty fields, so the URL is the
	// canonical link of the state.
	if (url.searchParams.has('sort')) {
		const { query } = parseUserListQuery(url.searchParams)
		const sort = parseSortValue(url.searchParams.get('sort'))
		throw redirect(usersListHref({ ...query, ...(sort ?? {}), page: 1 }))
	}
	const { query } = parseUserListQuery(url.searchParams)
	const list = listManagedUsers(query, { clampPage: true })
	return {
		users: list.users.map((u) => ({ ...u, planName: planName(u.plan) })),
		pagination: list.pagination,
		query: list.query,
		totalUsers: countManagedUsers({ search: '', status: null, plan: null }).totalCount,
		plans: PLANS.map((plan) => ({ value: plan, label: planName(plan) })),
		can: {
			create: can(admin, 'users:create'),
			update: can(admin, 'users:update'),
			delete: can(admin, 'users:delete'),
			bulkUpdate: can(admin, 'users:bulk-update'),
			bulkDelete: can(admin, 'users:bulk-delete'),
			bulkBan: can(admin, 'users:bulk-ban'),
		},
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:bulk-update')
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: BulkFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const input = submission.value
	const capability = bulkCapability(input)
	if (!can(admin, capability)) {
		log('admin.access_denied', { path: url.pathname, adminId: admin.id, capability }, 'warn')
		return replyWithFailure(submission, fail(403, AUTH_MESSAGES.superAdminRequired))
	}
	// A bulk delete is confirmed first: the answer lists who would go.
	if (input.action === 'delete' && !input.confirmed) {
		const users = input.userIds.map((id) => getManagedUser(id)).filter((u) => u !== null)
		if (users.length !== input.userIds.length) {
			return replyWithFailure(submission, fail(404, 'Some of the selected users no longer exist'))
		}
		return {
			result: undefined,
			confirmDelete: { users: users.map((u) => ({ id: u.id, name: u.name, email: u.email })) },
		}
	}
	const result = bulkUpdateUsers({ id: admin.id, email: admin.email }, input)
	if (!result.ok) return replyWithFailure(submission, result)
	const { query } = parseUserListQuery(url.searchParams)
	throw await redirectWithFlash(
		usersListHref(query),
		bulkResultMessage(result.value.updated, input.action === 'delete' ? 'deleted' : 'updated'),
	)
}

export default function AdminUsersRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { users, pagination, query, can: allowed } = loaderData
	const search = userListSearch(query)
	const location = useLocation()
	const exportHref = `/admin/users/export.csv${userListSearch(query, { page: 1 })}`
	return (
		<main className="space-y-6 py-8">
			<Outlet />
			<AdminPageHeader
				title={USERS_TITLE}
				description={
					<>
						<span className="font-semibold text-slate-100">{formatCount(loaderData.totalUsers)}</span>{' '}
						{loaderData.totalUsers === 1 ? 'user' : 'users'} in total
					</>
				}
			>
				<a href={exportHref} download className="btn-secondary btn-sm">
					Export<span className="sr-only"> users as CSV</span>
				</a>
				{allowed.create ? (
					<Link to={`new${search}`} preventScrollReset className="btn-primary btn-sm">
						Add User
					</Link>
				) : null}
			</AdminPageHeader>

			<FilterBar key={location.search} query={query} plans={loaderData.plans} />

			{actionData && 'confirmDelete' in actionData && actionData.confirmDelete ? (
				<BulkDeleteConfirm users={actionData.confirmDelete.users} cancelTo={`/admin/users${search}`} />
			) : null}

			<AdminSection id="users-list" title="Users">
				{/* The bulk panel shows once rows are checked (app.css .bulk-scope; no JS needed). */}
				<div className="bulk-scope">
					{allowed.bulkUpdate && users.length > 0 ? (
						<p className="bulk-hint mb-3 text-sm text-slate-300">
							Select users in the table to apply an action to all of them.
						</p>
					) : null}
					<UsersTable users={users} search={search} allowed={allowed} tableKey={location.key} />
					{allowed.bulkUpdate ? (
						<BulkForm
							key={location.key}
							lastResult={actionData?.result}
							plans={loaderData.plans}
							canDelete={allowed.bulkDelete}
							canBan={allowed.bulkBan}
						/>
					) : null}
				</div>
				<ListPagination
					pagination={pagination}
					noun="users"
					href={(page) => `/admin/users${userListSearch(query, { page })}`}
					className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
					navClassName="flex items-center gap-3"
				/>
			</AdminSection>
		</main>
	)
}

type LoaderData = Route.ComponentProps['loaderData']

const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: capitalize(status) }))

function FilterBar({ query, plans }: { query: LoaderData['query']; plans: LoaderData['plans'] }) {
	const hydrated = useHydrated()
	const submit = useSubmit()
	const filtered = Boolean(query.search || query.status || query.plan)
	const onSelect = (event: React.ChangeEvent<HTMLSelectElement>) => {
		if (hydrated) void submit(event.currentTarget.form, { preventScrollReset: true })
	}
	return (
		<AdminSection id="user-filters" title="Search and filters">
			<Form
				method="get"
				action="/admin/users"
				preventScrollReset
				className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
			>
				<div>
					<label htmlFor="users-search" className="mb-1.5 block text-sm font-medium text-slate-200">
						Search
					</label>
					<input
						id="users-search"
						type="search"
						name="search"
						defaultValue={query.search}
						placeholder={USERS_SEARCH_PLACEHOLDER}
						maxLength={100}
						autoComplete="off"
						className="input py-2"
					/>
				</div>
				<FilterSelects
					selects={[
						{ id: 'users-status', name: 'status', label: 'Status', allLabel: 'All statuses', options: STATUS_OPTIONS },
						{ id: 'users-plan', name: 'plan', label: 'Plan', allLabel: 'All plans', options: plans },
						{ id: 'users-sort', name: 'sort', label: 'Sort by', options: USER_SORT_OPTIONS },
					]}
					values={{ status: query.status, plan: query.plan, sort: sortValue(query) }}
					onChange={onSelect}
				/>
				<FilterActions clearTo={filtered && '/admin/users'} />
			</Form>
		</AdminSection>
	)
}

function capitalize(value: string) {
	return value.charAt(0).toUpperCase() + value.slice(1)
}

const BULK_FORM_ID = 'bulk-update-form'

function BulkForm({
	lastResult,
	plans,
	canDelete,
	canBan,
}: {
	lastResult: SubmissionResult<string[]> | undefined
	plans: LoaderData['plans']
	canDelete: boolean
	canBan: boolean
}) {
	// The bulk form and the delete confirmation post to the same action.
	const submitting = useIsPending({ state: 'submitting' })
	const confirming = useIsPending({ state: 'submitting', formData: { confirm: 'yes' } })
	const pending = submitting && !confirming
	const [form, fields] = useForm({ id: BULK_FORM_ID, lastResult, shouldValidate: 'onSubmit' })
	return (
		<Form
			method="post"
			{...getFormProps(form)}
			data-errors={Object.keys(form.allErrors).length > 0 ? '' : undefined}
			className="bulk-panel sticky bottom-0 z-10 mt-4 rounded-xl border border-emerald-400/40 bg-slate-900 p-3 shadow-[0_-8px_24px_rgb(2_6_23/0.8)]"
		>
			<p className="mb-2 text-sm text-slate-200">
				<span aria-hidden="true" className="bulk-count mr-1 font-semibold text-emerald-300" />
				<span aria-hidden="true">selected · </span>
				Apply an action to the selected users.
			</p>
			<FormAlert id={form.errorId} errors={form.errors} />
			<ErrorList id={fields.userIds.errorId} errors={fields.userIds.errors} />
			<div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
				<SelectField label="Bulk action" field={fields.bulkAction} selectProps={{ className: 'py-2' }}>
					<option value="">Choose an action</option>
					<option value="set-status">{BULK_ACTION_LABELS['set-status']}</option>
					<option value="set-plan">{BULK_ACTION_LABELS['set-plan']}</option>
					{canDelete ? <option value="delete">{BULK_ACTION_LABELS.delete}</option> : null}
				</SelectField>
				<SelectField label="Value" field={fields.bulkValue} selectProps={{ className: 'py-2' }}>
					<option value="">Choose a status or plan</option>
					<optgroup label="Status">
						{USER_STATUSES.filter((s) => canBan || s !== 'banned').map((status) => (
							<option key={status} value={status}>
								{capitalize(status)}
							</option>
						))}
					</optgroup>
					<optgroup label="Plan">
						{plans.map((plan) => (
							<option key={plan.value} value={plan.value}>
								{plan.label}
							</option>
						))}
					</optgroup>
				</SelectField>
				<StatusButton pending={pending} pendingText="Applying..." className="sm:w-auto">
					Apply to selected
				</StatusButton>
			</div>
		</Form>
	)
}

function BulkDeleteConfirm({
	users,
	cancelTo,
}: {
	users: Array<{ id: number; name: string; email: string }>
	cancelTo: string
}) {
	const pending = useIsPending({ state: 'submitting', formData: { confirm: 'yes' } })
	const count = users.length
	return (
		<section
			aria-labelledby="bulk-delete-heading"
			className="rounded-2xl border border-red-400/60 bg-red-950/40 p-4 sm:p-6"
		>
			<h2 id="bulk-delete-heading" className="text-lg font-semibold text-red-100">
				Delete {count} {count === 1 ? 'user' : 'users'}?
			</h2>
			<p className="mt-2 font-medium text-red-100">{DELETE_USER_WARNING}</p>
			<p className="mt-1 text-sm text-red-100">{DELETE_USER_DETAIL}</p>
			<ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-200">
				{users.map((u) => (
					<li key={u.id} className="break-all">
						{u.name} ({u.email})
					</li>
				))}
			</ul>
			<Form method="post" className="mt-4 flex flex-wrap gap-2">
				{users.map((u) => (
					<input key={u.id} type="hidden" name="userIds" value={u.id} />
				))}
				<input type="hidden" name="bulkAction" value="delete" />
				<input type="hidden" name="confirm" value="yes" />
				<button type="submit" disabled={pending} className="btn-danger btn-sm">
					{pending ? 'Deleting...' : `Delete ${count} ${count === 1 ? 'user' : 'users'}`}
				</button>
				<Link to={cancelTo} className="btn-secondary btn-sm">
					Cancel
				</Link>
			</Form>
		</section>
	)
}

function UsersTable({
	users,
	search,
	allowed,
	tableKey,
}: {
	users: LoaderData['users']
	search: string
	allowed: LoaderData['can']
	tableKey: string
}) {
	const hydrated = useHydrated()
	const table = useRef<HTMLTableElement>(null)
	const selectable = allowed.bulkUpdate
	return (
		<TableScroller className="relative" label="Users table">
			{/* Below 640 px each row is a card with its actions (app.css .card-table). */}
			<table ref={table} className="card-table w-full text-left text-sm sm:min-w-[52rem]">
				<caption className="sr-only">Users, {users.length} on this page</caption>
				<StaffTableHead
					lead={
						selectable ? (
							<th scope="col" className="w-10 py-2 pr-3 font-medium">
								{hydrated && users.length > 0 ? (
									<input
										type="checkbox"
										aria-label="Select all users on this page"
										className="size-4 accent-emerald-400"
										onChange={(event) => {
											const checked = event.currentTarget.checked
											table.current
												?.querySelectorAll<HTMLInputElement>('input[name="userIds"]')
												.forEach((box) => (box.checked = checked))
										}}
									/>
								) : (
									<span className="sr-only">Select</span>
								)}
							</th>
						) : null
					}
					columns={['User', 'Plan', 'Status', { label: 'Investment', end: true }, 'Joined', 'Actions']}
				/>
				<tbody key={tableKey} className="sm:divide-y sm:divide-slate-800">
					{users.length === 0 ? (
						<tr>
							<td colSpan={selectable ? 7 : 6} className="py-6 text-center text-slate-300">
								No users found
							</td>
						</tr>
					) : (
						users.map((user) => (
							<tr key={user.id}>
								{selectable ? (
									<td data-cell="select" className="py-3 pr-3">
										<input
											type="checkbox"
											data-bulk-row=""
											name="userIds"
											value={user.id}
											form={BULK_FORM_ID}
											aria-label={`Select ${user.name}`}
											className="size-5 accent-emerald-400 sm:size-4"
										/>
									</td>
								) : null}
								<td data-cell="primary" className="max-w-[16rem] py-3 pr-4">
									<p className="truncate font-medium">{user.name}</p>
									<p className="truncate text-slate-300">{user.email}</p>
								</td>
								<td data-label="Plan" className="py-3 pr-4">
									<PlanBadge plan={user.plan} label={user.planName} />
								</td>
								<td data-label="Status" className="py-3 pr-4">
									<UserStatusBadge status={user.status} closedAt={user.closedAt} />
								</td>
								<td data-label="Investment" className="py-3 pr-4 text-right tabular-nums">
									{formatUsdCents(user.totalInvested)}
								</td>
								<td data-label="Joined" className="py-3 pr-4 whitespace-nowrap">
									<time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
								</td>
								<td data-cell="actions" className="py-3">
									<div className="flex gap-3 whitespace-nowrap max-sm:gap-6">
										<Link to={`/admin/users/${user.id}`} className="link">
											View<span className="sr-only"> {user.name}</span>
										</Link>
										{allowed.update ? (
											<Link to={`${user.id}/edit${search}`} preventScrollReset className="link">
												Edit<span className="sr-only"> {user.name}</span>
											</Link>
										) : null}
										{allowed.delete ? (
											<Link
												to={`${user.id}/delete${search}`}
												preventScrollReset
												className="font-medium text-red-300 underline-offset-4 hover:underline"
											>
												Delete<span className="sr-only"> {user.name}</span>
											</Link>
										) : null}
									</div>
								</td>
							</tr>
						))
					)}
				</tbody>
			</table>
		</TableScroller>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `${USERS_TITLE} | ${site.name}` },
	{ name: 'description', content: 'Find, edit, suspend and export member accounts.' },
	{ name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
	return <AdminLoadError title={USERS_ERROR_TITLE} fallback={USERS_LOAD_FAILED} />
}
