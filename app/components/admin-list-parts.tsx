import { Form, Link, useLocation } from 'react-router'
import { Pill } from '#app/components/admin-badges.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { formatCount, formatDateTime } from '#app/utils/admin-format.ts'
import { TableScroller } from '#app/components/table-scroller.tsx'
import type { Pagination } from '#app/features/users/schemas.ts'
import type { QueryError } from '#app/utils/list-query.ts'
import { cx } from '#app/utils/misc.ts'

// The buttons of every list page's filter form (users, contests, codes, offers, alerts, audit).
export const FILTERS_APPLY = 'Apply filters'

export const FILTERS_CLEAR = 'Clear filters'

/**
 * Parts the staff list pages share: a GET filter's select with its error,
 * the filter form's buttons, and the pagination bar.
 */
export function FilterSelect({
	id,
	name,
	label,
	value,
	error,
	allLabel,
	options,
	onChange,
}: {
	id: string
	name: string
	label: string
	value: string
	error?: string
	/** The first option, for no filter ("All states"); none when a value is always chosen (a sort order). */
	allLabel?: string
	options: ReadonlyArray<{ value: string; label: string }>
	/** Submits the form on change once hydrated (the users list). */
	onChange?: React.ChangeEventHandler<HTMLSelectElement>
}) {
	const errorId = `${id}-error`
	return (
		<div>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			<select
				id={id}
				name={name}
				defaultValue={value}
				className="input py-2"
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? errorId : undefined}
				onChange={onChange}
			>
				{allLabel === undefined ? null : <option value="">{allLabel}</option>}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<ErrorList id={errorId} errors={error ? [error] : undefined} />
		</div>
	)
}

/**
 * The end of a list page's GET filter form, worded alike on every list:
 * Apply filters, and Clear filters (back to the unfiltered list) when
 * `clearTo` is given. As tall as the form's fields.
 */
export function FilterActions({ clearTo, className }: { clearTo?: string | false | null; className?: string }) {
	return (
		<div className={cx('flex flex-wrap gap-2', className)}>
			<button type="submit" className="btn-secondary">
				{FILTERS_APPLY}
			</button>
			{clearTo ? (
				<Link to={clearTo} className="btn-secondary">
					{FILTERS_CLEAR}
				</Link>
			) : null}
		</div>
	)
}

/**
 * A staff list's pagination bar: "Showing 1 to 25 of 80 users", then
 * Previous, "Page 1 of 4" and Next (`href` gives a page's URL). A count
 * that stopped at its cap (`totalCountCapped`, a users search: decision
 * 067) reads "of 10,000+" and says how to see the rest.
 */
export function ListPagination({
	pagination,
	noun,
	href,
	className = 'mt-4 flex flex-wrap items-center justify-between gap-3 text-sm tabular-nums',
	navClassName = 'flex flex-wrap items-center gap-3',
}: {
	pagination: Pagination & { totalCountCapped?: boolean }
	/** "claims", "alerts". */
	noun: string
	href: (page: number) => string
	className?: string
	navClassName?: string
}) {
	const linkClass = 'btn-secondary btn-sm'
	const disabledClass = cx(linkClass, 'cursor-not-allowed opacity-50')
	const capped = pagination.totalCountCapped === true
	return (
		<div className={className}>
			<p className="text-slate-300">
				Showing {formatCount(pagination.from)} to {formatCount(pagination.to)} of {formatCount(pagination.totalCount)}
				{capped ? '+' : ''} {noun}
			</p>
			<nav aria-label="Pagination" className={navClassName}>
				{pagination.hasPrevious ? (
					<Link to={href(pagination.page - 1)} className={linkClass} rel="prev">
						Previous
					</Link>
				) : (
					<span aria-disabled="true" className={disabledClass}>
						Previous
					</span>
				)}
				<span className="text-slate-200">
					Page {formatCount(pagination.page)} of {formatCount(pagination.totalPages)}
					{capped ? '+' : ''}
				</span>
				{pagination.hasNext ? (
					<Link to={href(pagination.page + 1)} className={linkClass} rel="next">
						Next
					</Link>
				) : (
					<span aria-disabled="true" className={disabledClass}>
						Next
					</span>
				)}
			</nav>
			{capped ? (
				<p className="w-full text-slate-300">
					More than {formatCount(pagination.totalCount)} {noun} match: the first {formatCount(pagination.totalCount)}{' '}
					are shown. Narrow the search to see the rest.
				</p>
			) : null}
		</div>
	)
}

const CLAIM_STATUS_STYLES: Record<string, string> = {
	new: 'border-sky-300/70 bg-sky-300/10 text-sky-100',
	contacted: 'border-amber-300/60 bg-amber-300/10 text-amber-100',
	done: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
	declined: 'border-slate-400 bg-slate-400/10 text-slate-200',
	open: 'border-red-400/60 bg-red-400/10 text-red-200',
	acknowledged: 'border-amber-300/60 bg-amber-300/10 text-amber-100',
	resolved: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
	// Staff-run content (decision 062).
	draft: 'border-slate-400 bg-slate-400/10 text-slate-200',
	scheduled: 'border-sky-300/70 bg-sky-300/10 text-sky-100',
	published: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
	expired: 'border-amber-300/60 bg-amber-300/10 text-amber-100',
}

/** A staff table's date and time, or a muted "Never" where there is none (a last login, a last update). */
export function TimeOrNever({ at, neverClassName }: { at: string | null; neverClassName: string }) {
	return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span className={neverClassName}>Never</span>
}

/** A claim status or an alert state, coloured by value. */
export function StateBadge({ value, label }: { value: string; label: string }) {
	return <Pill className={CLAIM_STATUS_STYLES[value] ?? 'border-slate-500 text-slate-200'}>{label}</Pill>
}

/**
 * A column of a staff table: its heading, `end` for figures aligned right,
 * and `hidden` for a heading only screen readers need ("Actions").
 */
export type StaffColumn = string | { label: string; end?: boolean; hidden?: boolean }

/**
 * A staff table's header row: one column heading per `columns` entry (the
 * falsy ones left out), spaced from the next one except the last.
 */
export function StaffTableHead({
	columns,
	lead,
}: {
	columns: ReadonlyArray<StaffColumn | null | false>
	/** A first header cell of its own (the users list's select-all checkbox). */
	lead?: React.ReactNode
}) {
	const shown = columns.filter((c): c is StaffColumn => Boolean(c))
	return (
		<thead className="text-slate-400">
			<tr>
				{lead}
				{shown.map((column, i) => {
					const { label: heading, end, hidden } = typeof column === 'string' ? { label: column } : column
					return (
						<th
							key={heading}
							scope="col"
							className={cx('py-2 font-medium', i < shown.length - 1 && 'pr-4', end && 'text-right')}
						>
							{hidden ? <span className="sr-only">{heading}</span> : heading}
						</th>
					)
				})}
			</tr>
		</thead>
	)
}

/**
 * A staff list's table (alerts, offers, brokers, audit, ...): scrollable on a
 * phone (`TableScroller`, named by `label`), its caption for screen readers,
 * one header row of column headings, and one row saying `empty` when there is
 * nothing to list; `children` are the body's rows. `tableClassName` sets the
 * width (`min-w-[56rem]`, or `card-table ... sm:min-w-[56rem]` for tables
 * that turn into cards on a phone).
 */
export function StaffTable({
	label,
	caption,
	columns,
	empty,
	isEmpty,
	tableClassName = 'w-full min-w-[56rem] text-left text-sm',
	className = 'relative',
	children,
}: {
	label: string
	caption: React.ReactNode
	columns: ReadonlyArray<StaffColumn | null | false>
	empty: React.ReactNode
	isEmpty: boolean
	tableClassName?: string
	/** The scroll region's classes: `relative` keeps the rows' screen-reader-only texts inside it on a phone. */
	className?: string
	children: React.ReactNode
}) {
	const shown = columns.filter((c): c is StaffColumn => Boolean(c))
	return (
		<TableScroller className={className} label={label}>
			<table className={tableClassName}>
				<caption className="sr-only">{caption}</caption>
				<StaffTableHead columns={shown} />
				<tbody className="divide-y divide-slate-800">
					{isEmpty ? (
						<tr>
							<td colSpan={shown.length} className="py-6 text-center text-slate-300">
								{empty}
							</td>
						</tr>
					) : (
						children
					)}
				</tbody>
			</table>
		</TableScroller>
	)
}

/** One select of a filter form: its query parameter `name`, its id and label, its "All ..." option (none for a sort order) and its choices. */
export type FilterBarSelect = {
	id: string
	name: string
	label: string
	allLabel?: string
	options: ReadonlyArray<{ value: string; label: string }>
}

/**
 * A filter form's selects, one `FilterSelect` per `selects` entry, showing
 * the list's `values` and the first refused value's error by parameter name.
 */
export function FilterSelects({
	selects,
	values,
	errors = [],
	onChange,
}: {
	selects: ReadonlyArray<FilterBarSelect>
	values: Readonly<Record<string, string | number | null | undefined>>
	/** The query's refused values. */
	errors?: ReadonlyArray<QueryError>
	onChange?: React.ChangeEventHandler<HTMLSelectElement>
}) {
	return selects.map((select) => (
		<FilterSelect
			key={select.name}
			{...select}
			value={String(values[select.name] ?? '')}
			error={errors.find((error) => error.path === select.name)?.message}
			onChange={onChange}
		/>
	))
}

/**
 * A staff list's GET filter form (alerts, offers): one `FilterSelect` per
 * `selects` entry, showing the list's `values` and the error of a refused
 * one, then Apply filters and Clear filters (back to
 * `action`, shown when the list is `filtered` or a value was refused).
 * Keyed by the query string so Back and Clear show the URL's values, with
 * or without JavaScript.
 */
export function FilterBar({
	action,
	filtered,
	values,
	errors,
	selects,
	className = 'grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end',
}: {
	action: string
	filtered: boolean
	values: Readonly<Record<string, string | number | null | undefined>>
	/** The query's refused values; a select shows the first one of its parameter. */
	errors: ReadonlyArray<QueryError>
	selects: ReadonlyArray<FilterBarSelect>
	className?: string
}) {
	const location = useLocation()
	return (
		<Form key={location.search} method="get" action={action} className={className}>
			<FilterSelects selects={selects} values={values} errors={errors} />
			<FilterActions clearTo={(filtered || errors.length > 0) && action} />
		</Form>
	)
}
