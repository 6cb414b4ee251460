import { Form, Link } from 'react-router'
import { FilterActions, StaffTable } from '#app/components/admin-list-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { ErrorList } from '#app/components/forms.tsx'

import { site } from '#app/content/site.ts'
import {
	AUDIT_ACTIONS,
	AUDIT_TARGET_TYPES,
	listAuditActors,
	listAuditLog,
	type PublicAuditEntry,
} from '#app/features/audit/audit.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	AUDIT_LIMITS,
	AUDIT_EMPTY,
	AUDIT_ERROR_TITLE,
	AUDIT_FILTERS_INVALID,
	AUDIT_LOAD_FAILED,
	AUDIT_TITLE,
	auditFilterValues,
	auditSearch,
	auditTargetHref,
	decodeAuditCursor,
	parseAuditQuery,
	SYSTEM_FILTER,
	type AuditFilterValues,
} from '#app/features/audit/schemas.ts'
import { formatCount, formatDateTime } from '#app/utils/admin-format.ts'
import type { Route } from './+types/audit'

/**
 * /admin/audit (issue 12): every change by staff, newest first, filtered by
 * staff member, action, target and a UTC date range, all in the URL (a GET
 * form: every view is a link). Pages are keyset pages (app/models/
 * audit.server.ts): "Older" carries the cursor of the last row shown,
 * "Newest" goes back to the start. Bad filters are shown at their fields
 * and nothing is listed.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'audit:view')
	const parsed = parseAuditQuery(url.searchParams)
	const options = {
		actors: listAuditActors(),
		actions: [...AUDIT_ACTIONS] as string[],
		targetTypes: [...AUDIT_TARGET_TYPES] as string[],
	}
	if (!parsed.ok) {
		return { ...options, ok: false as const, errors: parsed.errors, values: parsed.values, entries: [], links: null }
	}
	const { query } = parsed
	const page = listAuditLog(query)
	const next = page.nextCursor ? decodeAuditCursor(page.nextCursor) : null
	return {
		...options,
		ok: true as const,
		errors: {} as Record<string, string[]>,
		values: auditFilterValues(query),
		// The changed fields only: the whole before and after stay out of the page's data.
		entries: page.entries.map(({ before: _before, after: _after, ...entry }) => ({
			...entry,
			href: auditTargetHref(entry.targetType, entry.targetId),
		})),
		links: {
			deep: query.cursor !== null,
			newest: `/admin/audit${auditSearch(query, { cursor: null })}`,
			older: next ? `/admin/audit${auditSearch(query, { cursor: next })}` : null,
			export: `/admin/audit/export.csv${auditSearch(query, { cursor: null })}`,
		},
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

type LoaderData = Route.ComponentProps['loaderData']

export default function AdminAuditRoute({ loaderData }: Route.ComponentProps) {
	const { entries, links } = loaderData
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={AUDIT_TITLE} description="Every change made by staff and by the server, newest first.">
				{links ? (
					<a href={links.export} download className="btn-secondary btn-sm">
						Export<span className="sr-only"> this view of the audit log</span> as CSV
					</a>
				) : null}
			</AdminPageHeader>
			<FilterForm data={loaderData} />
			<AdminSection id="audit-entries" title="Changes">
				{loaderData.ok ? (
					<>
						<AuditTable entries={entries} />
						<Pager links={links} count={entries.length} />
					</>
				) : (
					<p className="text-slate-300">{AUDIT_FILTERS_INVALID}</p>
				)}
			</AdminSection>
		</main>
	)
}

function FilterForm({ data }: { data: LoaderData }) {
	const { values, errors } = data
	const filtered = Object.values(values).some(Boolean)
	const formErrors = [...(errors.form ?? []), ...(errors.cursor ?? []), ...(errors.limit ?? [])]
	const actions =
		values.action && !data.actions.includes(values.action) ? [values.action, ...data.actions] : data.actions
	return (
		<AdminSection id="audit-filters" title="Filters">
			<Form method="get" action="/admin/audit" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-start">
				{!data.ok ? (
					<div
						role="alert"
						className="rounded-lg border border-red-400/60 bg-red-950/60 p-3 text-sm text-red-200 sm:col-span-2 lg:col-span-3"
					>
						<p>{AUDIT_FILTERS_INVALID}</p>
						<ErrorList errors={formErrors} />
					</div>
				) : null}
				<Filter name="adminId" label="Staff member" values={values} errors={errors}>
					{(props) => (
						<select {...props}>
							<option value="">All staff</option>
							<option value={SYSTEM_FILTER}>System (the server itself)</option>
							{data.actors.map((actor) => (
								<option key={actor.id} value={String(actor.id)}>
									{actor.email}
								</option>
							))}
						</select>
					)}
				</Filter>
				<Filter name="action" label="Action" values={values} errors={errors}>
					{(props) => (
						<select {...props}>
							<option value="">All actions</option>
							{actions.map((action) => (
								<option key={action} value={action}>
									{action}
								</option>
							))}
						</select>
					)}
				</Filter>
				<Filter name="targetType" label="Target type" values={values} errors={errors}>
					{(props) => (
						<>
							<input {...props} list="audit-target-types" maxLength={AUDIT_LIMITS.targetType} autoComplete="off" />
							<datalist id="audit-target-types">
								{data.targetTypes.map((type) => (
									<option key={type} value={type} />
								))}
							</datalist>
						</>
					)}
				</Filter>
				<Filter name="targetId" label="Target id" values={values} errors={errors}>
					{(props) => <input {...props} maxLength={AUDIT_LIMITS.targetId} autoComplete="off" />}
				</Filter>
				<Filter name="from" label="From (UTC)" values={values} errors={errors}>
					{(props) => <input {...props} type="date" />}
				</Filter>
				<Filter name="to" label="To (UTC, inclusive)" values={values} errors={errors}>
					{(props) => <input {...props} type="date" />}
				</Filter>
				<FilterActions clearTo={(filtered || !data.ok) && '/admin/audit'} className="sm:col-span-2 lg:col-span-3" />
			</Form>
		</AdminSection>
	)
}

type ControlProps = {
	id: string
	name: string
	defaultValue: string
	className: string
	'aria-invalid': true | undefined
	'aria-describedby': string | undefined
}

/** A labelled filter with its errors (aria-invalid and aria-describedby tie them to the control). */
function Filter({
	name,
	label,
	values,
	errors,
	children,
}: {
	name: keyof AuditFilterValues
	label: string
	values: AuditFilterValues
	errors: Record<string, string[]>
	children: (props: ControlProps) => React.ReactNode
}) {
	const id = `audit-${name}`
	const errorId = `${id}-error`
	const fieldErrors = errors[name] ?? []
	const invalid = fieldErrors.length > 0
	return (
		<div>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			{children({
				id,
				name,
				defaultValue: values[name],
				className: 'input py-2',
				'aria-invalid': invalid || undefined,
				'aria-describedby': invalid ? errorId : undefined,
			})}
			<ErrorList id={errorId} errors={fieldErrors} />
		</div>
	)
}

function AuditTable({
	entries,
}: {
	entries: Array<Omit<PublicAuditEntry, 'before' | 'after'> & { href: string | null }>
}) {
	return (
		<StaffTable
			label="Audit log table"
			caption={`Changes, newest first, ${entries.length} on this page`}
			columns={['Time', 'Staff', 'Action', 'Target', 'Changes']}
			empty={AUDIT_EMPTY}
			isEmpty={entries.length === 0}
			tableClassName="w-full min-w-[48rem] text-left text-sm"
		>
			{entries.map((entry) => (
				<tr key={entry.id} className="align-top">
					<td className="py-3 pr-4 whitespace-nowrap">
						<time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
					</td>
					<td className="max-w-[14rem] py-3 pr-4 break-all">
						{entry.adminEmail}
						{entry.adminId === null ? <span className="text-slate-400"> (system)</span> : null}
					</td>
					<td className="py-3 pr-4 font-mono text-xs whitespace-nowrap">{entry.action}</td>
					<td className="py-3 pr-4 whitespace-nowrap">
						{entry.href ? (
							<Link to={entry.href} className="link">
								{entry.targetType} #{entry.targetId}
							</Link>
						) : (
							<span>
								{entry.targetType} #{entry.targetId}
							</span>
						)}
					</td>
					<td className="max-w-[28rem] py-3">
						{entry.changes.length === 0 ? (
							<span className="text-slate-400">No field changes recorded</span>
						) : (
							<ul className="space-y-0.5">
								{entry.changes.map((change) => (
									<li key={change.field} className="break-all">
										<span className="font-medium text-slate-200">{change.field}</span>:{' '}
										<span className="text-slate-400">{change.before ?? '—'}</span> → <span>{change.after ?? '—'}</span>
									</li>
								))}
							</ul>
						)}
					</td>
				</tr>
			))}
		</StaffTable>
	)
}

function Pager({ links, count }: { links: LoaderData['links']; count: number }) {
	if (!links) return null
	const linkClass = 'btn-secondary btn-sm'
	return (
		<div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
			<p className="text-slate-300">
				{formatCount(count)} {count === 1 ? 'change' : 'changes'} on this page
				{links.deep ? ' (older pages)' : ''}
			</p>
			<nav aria-label="Pagination" className="flex items-center gap-3">
				{links.deep ? (
					<Link to={links.newest} className={linkClass}>
						Newest
					</Link>
				) : null}
				{links.older ? (
					<Link to={links.older} className={linkClass} rel="next">
						Older
					</Link>
				) : (
					<span aria-disabled="true" className="btn-secondary btn-sm cursor-not-allowed opacity-50">
						Older
					</span>
				)}
			</nav>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${AUDIT_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={AUDIT_ERROR_TITLE} fallback={AUDIT_LOAD_FAILED} />
}
