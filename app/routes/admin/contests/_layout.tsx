import { parseWithZod } from '@conform-to/zod'
import { Form, Link, Outlet } from 'react-router'
import { FilterActions } from '#app/components/admin-list-parts.tsx'
import { ContestStatusBadge, ContestTypeBadge } from '#app/components/admin-contest-badges.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { CONTEST_STATUSES, CONTEST_TYPES, type ContestStatus } from '#app/domain/enums.ts'
import { changeContestStatus, listContests } from '#app/features/contests/admin-contests.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	STATUS_LABELS,
	TYPE_LABELS,
	type ContestNotice,
	CONTEST_STATUS_CHOICE,
	contestListSearch,
	ContestStatusFormSchema,
	readContestFilters,
	statusActions,
	type STATUS_FORM_INTENTS,
	CONTEST_TEXTS,
} from '#app/features/contests/schemas.ts'
import { redirectToList } from './+contests.server.ts'
import { formatCount, formatDate } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import type { Route } from './+types/_layout'

/**
 * /admin/contests (spec section 2): search, status and type filters (GET),
 * the contest cards with View, Edit, the status actions of the contest's
 * status and Delete (super_admin). Create, edit, delete, complete and
 * participants are child routes: dialogs with JS, sections without.
 * Start, Pause and Resume post here.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'contests:view')
	const filters = readContestFilters(url.searchParams)
	return {
		contests: listContests(filters).map((contest) => ({
			...contest,
			actions: statusActions(contest.status).map(({ action, label }) => ({ action, label })),
		})),
		filters: { search: filters.search, status: filters.status ?? '', type: filters.type ?? '' },
		filtered: Boolean(filters.search || filters.status || filters.type),
		listSearch: contestListSearch(url.searchParams),
		canCreate: can(admin, 'contests:create'),
		canUpdate: can(admin, 'contests:update'),
		canDelete: can(admin, 'contests:delete'),
	}
}

const STATUS_INTENTS: Record<(typeof STATUS_FORM_INTENTS)[number], { to: ContestStatus; done: ContestNotice }> = {
	start: { to: 'active', done: 'started' },
	pause: { to: 'paused', done: 'paused' },
	resume: { to: 'active', done: 'resumed' },
}

/** Start, Pause, Resume: { intent, contestId }. */
export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'contests:update')
	const submission = parseWithZod(await readFormData(request), { schema: ContestStatusFormSchema })
	if (submission.status !== 'success') return replyWithFailure(submission, fail(400, CONTEST_STATUS_CHOICE))
	const step = STATUS_INTENTS[submission.value.intent]
	const result = changeContestStatus({ id: admin.id, email: admin.email }, submission.value.contestId, step.to)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await redirectToList(url, step.done)
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function AdminContestsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { contests, filters, listSearch } = loaderData
	const base = '/admin/contests'
	// A refused Start, Pause or Resume: its message above the list and under its card.
	const refusal = actionData?.result.error?.['']?.length
		? { errors: actionData.result.error[''], contestId: String(actionData.result.initialValue?.contestId ?? '') }
		: null
	return (
		<main className="space-y-6 py-8">
			<Outlet />
			<AdminPageHeader title={CONTEST_TEXTS.title} description={CONTEST_TEXTS.subtitle}>
				{loaderData.canCreate ? (
					<Link to={`${base}/new${listSearch}`} preventScrollReset className="btn-primary btn-sm">
						Create Contest
					</Link>
				) : null}
			</AdminPageHeader>

			<FormAlert title={CONTEST_TEXTS.statusFailed} errors={refusal?.errors} />

			<Form
				method="get"
				action={base}
				role="search"
				aria-label="Filter contests"
				className="grid gap-3 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
			>
				<div>
					<label htmlFor="contest-search" className="mb-1.5 block text-sm font-medium text-slate-200">
						Search
					</label>
					<input
						id="contest-search"
						type="search"
						name="search"
						defaultValue={filters.search}
						key={filters.search}
						maxLength={100}
						placeholder="Search contests..."
						className="input"
					/>
				</div>
				<div>
					<label htmlFor="contest-status-filter" className="mb-1.5 block text-sm font-medium text-slate-200">
						Status
					</label>
					<select
						id="contest-status-filter"
						name="status"
						defaultValue={filters.status}
						key={filters.status}
						className="input"
					>
						<option value="">All statuses</option>
						{CONTEST_STATUSES.map((status) => (
							<option key={status} value={status}>
								{STATUS_LABELS[status]}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="contest-type-filter" className="mb-1.5 block text-sm font-medium text-slate-200">
						Type
					</label>
					<select id="contest-type-filter" name="type" defaultValue={filters.type} key={filters.type} className="input">
						<option value="">All types</option>
						{CONTEST_TYPES.map((type) => (
							<option key={type} value={type}>
								{TYPE_LABELS[type]}
							</option>
						))}
					</select>
				</div>
				<FilterActions clearTo={loaderData.filtered && base} />
			</Form>

			<AdminSection
				id="contest-list"
				title={
					<>
						Contests <span className="text-sm font-normal text-slate-300">({formatCount(contests.length)})</span>
					</>
				}
			>
				{contests.length === 0 ? (
					<p className="text-slate-300">{CONTEST_TEXTS.noContests}</p>
				) : (
					<ul className="grid gap-4 lg:grid-cols-2">
						{contests.map((contest) => (
							<li key={contest.id}>
								<article
									aria-labelledby={`contest-${contest.id}-name`}
									className={cx(
										'flex h-full flex-col rounded-xl border bg-slate-950/40 p-4',
										contest.status === 'active' ? 'border-emerald-400/50' : 'border-slate-700',
									)}
								>
									<div className="flex flex-wrap gap-2">
										<ContestTypeBadge type={contest.type} />
										<ContestStatusBadge status={contest.status} />
									</div>
									<h3 id={`contest-${contest.id}-name`} className="mt-2 text-lg font-semibold break-words">
										{contest.name}
									</h3>
									<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
										<dt className="text-slate-400">First prize</dt>
										<dd className="break-words">{contest.prizes.first}</dd>
										<dt className="text-slate-400">Participants</dt>
										<dd>
											{formatCount(contest.participantCount)}
											{contest.maxParticipants !== null ? ` of ${formatCount(contest.maxParticipants)}` : ''}
										</dd>
										<dt className="text-slate-400">Dates</dt>
										<dd>
											<time dateTime={contest.startDate}>{formatDate(`${contest.startDate}T00:00:00Z`)}</time>
											{' – '}
											<time dateTime={contest.endDate}>{formatDate(`${contest.endDate}T00:00:00Z`)}</time>
										</dd>
									</dl>
									<div className="mt-4 flex flex-wrap gap-2 pt-1">
										<Link
											to={`${base}/${contest.id}/participants${listSearch}`}
											preventScrollReset
											className="btn-secondary btn-sm"
										>
											View<span className="sr-only"> participants of {contest.name}</span>
										</Link>
										{loaderData.canUpdate ? (
											<Link
												to={`${base}/${contest.id}/edit${listSearch}`}
												preventScrollReset
												className="btn-secondary btn-sm"
											>
												Edit<span className="sr-only"> {contest.name}</span>
											</Link>
										) : null}
										{loaderData.canUpdate
											? contest.actions.map(({ action, label }) =>
													action === 'complete' ? (
														<Link
															key={action}
															to={`${base}/${contest.id}/complete${listSearch}`}
															preventScrollReset
															className="btn-secondary btn-sm"
														>
															{label}
															<span className="sr-only"> {contest.name}</span>
														</Link>
													) : (
														<StatusForm
															key={action}
															formAction={`${base}${listSearch}`}
															intent={action}
															label={label}
															contest={contest}
														/>
													),
												)
											: null}
										{loaderData.canDelete ? (
											<Link
												to={`${base}/${contest.id}/delete${listSearch}`}
												preventScrollReset
												className="btn-secondary btn-sm border-red-400/70 text-red-200 hover:bg-red-950/60"
											>
												Delete<span className="sr-only"> {contest.name}</span>
											</Link>
										) : null}
									</div>
									{refusal && refusal.contestId === String(contest.id) ? (
										<p className="mt-2 text-sm text-red-300">{refusal.errors.join(' ')}</p>
									) : null}
								</article>
							</li>
						))}
					</ul>
				)}
			</AdminSection>
		</main>
	)
}

/** Start, Pause or Resume of one contest (its buttons wait while any of them is in flight). */
function StatusForm({
	formAction,
	intent,
	label,
	contest,
}: {
	formAction: string
	intent: string
	label: string
	contest: { id: number; name: string }
}) {
	const pending = useIsPending({ formAction, state: 'submitting', formData: { contestId: String(contest.id) } })
	return (
		<Form method="post" action={formAction} preventScrollReset>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="contestId" value={contest.id} />
			<button type="submit" disabled={pending} className="btn-primary btn-sm">
				{label}
				<span className="sr-only"> {contest.name}</span>
			</button>
		</Form>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CONTEST_TEXTS.title} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={CONTEST_TEXTS.errorTitle} fallback={CONTEST_TEXTS.loadFailed} />
}
