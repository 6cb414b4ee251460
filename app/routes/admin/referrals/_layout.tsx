import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, Form, Link, Outlet } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { CheckboxField, Field, FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import {
	approveReferral,
	listReferralReviews,
	type PublicReferralReview,
} from '#app/features/referrals/review.server.ts'
import { getSetting, setSetting } from '#app/features/settings/settings.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatCount, formatDateTime } from '#app/utils/admin-format.ts'
import {
	parseReferralId,
	REFERRAL_REVIEW_LIMITS,
	referralReviewQueryFromUrl,
	ReferralSettingsFormSchema,
	REFERRAL_MESSAGES,
} from '#app/features/referrals/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid } from '#app/utils/forms.server.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import type { Route } from './+types/_layout'

/**
 * /admin/referrals (issue 15 part 4): referrals held by an integrity signal,
 * oldest first, each with its signals; Approve (a plain form) or Reject
 * (a child route asking for the reason). "Decided" lists the reviewed ones.
 * Super admins also edit the thresholds here (audited as settings.update).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'referrals:review')
	const query = referralReviewQueryFromUrl(url.searchParams)
	const list = listReferralReviews(query.view, query.page, REFERRAL_REVIEW_LIMITS.pageSize)
	const canEditSettings = can(admin, 'referrals:settings')
	return {
		...list,
		view: query.view,
		search: `?view=${query.view}${query.page > 1 ? `&page=${query.page}` : ''}`,
		settings: canEditSettings ? getSetting('referral_integrity') : null,
	}
}

export async function action({ request, url }: Route.ActionArgs) {
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	const query = referralReviewQueryFromUrl(url.searchParams)
	const back = `/admin/referrals?view=${query.view}${query.page > 1 ? `&page=${query.page}` : ''}`
	if (intent === 'settings') {
		const admin = await requireAdminCapability({ request, url }, 'referrals:settings')
		const submission = parseWithZod(formData, { schema: ReferralSettingsFormSchema })
		if (submission.status !== 'success') return replyInvalid(submission)
		setSetting({ id: admin.id, email: admin.email }, 'referral_integrity', submission.value)
		throw await redirectWithFlash(`${back}#settings`, REFERRAL_MESSAGES.settingsSaved)
	}
	const admin = await requireAdminCapability({ request, url }, 'referrals:review')
	if (intent !== 'approve') throw data({ message: 'Unknown action' }, { status: 400 })
	const id = parseReferralId(String(formData.get('creditId') ?? ''))
	const result =
		id === null ? fail(404, REFERRAL_MESSAGES.notFound) : approveReferral({ id: admin.id, email: admin.email }, id)
	// 404 unknown, 409 already decided: said above the list.
	if (!result.ok) return data({ error: result.message }, { status: result.status })
	throw await redirectWithFlash(back, REFERRAL_MESSAGES.approved)
}

const settingsConstraint = getZodConstraint(ReferralSettingsFormSchema)

/** The settings form's number fields, in order: the hold rule's limits and their windows. */
const SETTINGS_LIMITS = [
	{
		name: 'clientMaxEvents',
		label: 'Sign-ups or unlocks per client address',
		hint: 'More than this many from one address within the window holds the referral (default 3).',
	},
	{ name: 'clientWindowMinutes', label: 'Client address window (minutes)', hint: 'Default 60.' },
	{
		name: 'referrerMaxSignups',
		label: 'Referred sign-ups or unlocks per referrer',
		hint: 'More than this many sign-ups, or unlocks, for one referrer within the window holds the referral (default 10).',
	},
	{ name: 'referrerWindowMinutes', label: 'Referrer window (minutes)', hint: 'Default 1,440 (a day).' },
] as const

function SettingsForm({
	settings,
	lastResult,
}: {
	settings: NonNullable<Route.ComponentProps['loaderData']['settings']>
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'referral-settings-form',
		lastResult,
		constraint: settingsConstraint,
		defaultValue: {
			...Object.fromEntries(
				Object.entries(settings).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 'on' : '') : String(v)]),
			),
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ReferralSettingsFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
			<input type="hidden" name="intent" value="settings" />
			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="grid gap-4 sm:grid-cols-2">
				{SETTINGS_LIMITS.map((limit) => (
					<Field
						key={limit.name}
						label={limit.label}
						hint={limit.hint}
						field={fields[limit.name]}
						type="number"
						inputProps={{ inputMode: 'numeric', min: 1 }}
					/>
				))}
			</div>
			<CheckboxField label="Hold referrals from disposable email domains" field={fields.disposableEmail} />
			<CheckboxField label="Hold referrals whose phone number another member uses" field={fields.duplicatePhone} />
			<div>
				<button type="submit" disabled={pending} className="btn-primary">
					{pending ? 'Saving...' : 'Save Settings'}
				</button>
			</div>
		</Form>
	)
}

function ReferralCard({ referral, search }: { referral: PublicReferralReview; search: string }) {
	const referredLabel = referral.referred ? referral.referred.name : 'Deleted member'
	const label = `${referral.referrer.name} referred ${referredLabel}`
	return (
		<li className="rounded-lg border border-slate-700 bg-slate-950/40 p-4">
			<dl className="grid gap-3 text-sm sm:grid-cols-2">
				<div className="min-w-0">
					<dt className="text-slate-400">Referrer</dt>
					<dd className="break-words">
						<Link to={`/admin/users/${referral.referrer.id}`} className="link">
							{referral.referrer.name}
						</Link>
						<span className="block break-all text-slate-300">{referral.referrer.email}</span>
					</dd>
				</div>
				<div className="min-w-0">
					<dt className="text-slate-400">Referred member</dt>
					<dd className="break-words">
						{referral.referred ? (
							<>
								<Link to={`/admin/users/${referral.referred.id}`} className="link">
									{referral.referred.name}
								</Link>
								<span className="block break-all text-slate-300">{referral.referred.email}</span>
							</>
						) : (
							<span className="text-slate-300">Deleted member</span>
						)}
					</dd>
				</div>
				<div className="sm:col-span-2">
					<dt className="text-slate-400">Signals</dt>
					<dd>
						<ul className="list-disc space-y-1 pl-5">
							{referral.signals.map((signal) => (
								<li key={signal.code}>{signal.description}</li>
							))}
						</ul>
					</dd>
				</div>
				<div>
					<dt className="text-slate-400">Held</dt>
					<dd>
						<time dateTime={referral.createdAt}>{formatDateTime(referral.createdAt)}</time>
					</dd>
				</div>
				{referral.reviewedAt ? (
					<div>
						<dt className="text-slate-400">Decision</dt>
						<dd>
							<span
								className={cx('font-semibold', referral.status === 'credited' ? 'text-emerald-300' : 'text-red-200')}
							>
								{referral.status === 'credited' ? 'Approved' : 'Rejected'}
							</span>{' '}
							<time dateTime={referral.reviewedAt}>{formatDateTime(referral.reviewedAt)}</time>
							{referral.reviewReason ? (
								<span className="block break-words text-slate-300">Reason: {referral.reviewReason}</span>
							) : null}
						</dd>
					</div>
				) : null}
			</dl>
			{referral.status === 'held' ? (
				<div className="mt-4 flex flex-wrap gap-2">
					<Form method="post" action={`/admin/referrals${search}`}>
						<input type="hidden" name="intent" value="approve" />
						<input type="hidden" name="creditId" value={referral.id} />
						<button type="submit" className="btn-primary btn-sm">
							Approve<span className="sr-only">: {label}</span>
						</button>
					</Form>
					<Link
						to={`/admin/referrals/${referral.id}/reject${search}`}
						preventScrollReset
						className="rounded-lg border border-red-400/60 px-3 py-1.5 text-sm font-semibold text-red-200 hover:bg-red-950"
					>
						Reject<span className="sr-only">: {label}</span>
					</Link>
				</div>
			) : null}
		</li>
	)
}

export default function AdminReferralsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { referrals, pagination, view, search, settings } = loaderData
	const tab = (to: 'held' | 'decided', text: string) => (
		<Link
			to={`/admin/referrals?view=${to}`}
			aria-current={view === to ? 'page' : undefined}
			className={cx('btn-sm', view === to ? 'btn-primary' : 'btn-secondary')}
		>
			{text}
		</Link>
	)
	return (
		<main className="space-y-6 py-8">
			<Outlet />
			<AdminPageHeader
				title={REFERRAL_MESSAGES.pageTitle}
				description="Referrals an integrity signal held for review. They count toward points, milestones and contests only once approved; a rejected one never counts."
			/>
			<nav aria-label="Referral lists" className="flex flex-wrap gap-2">
				{tab('held', 'Held')}
				{tab('decided', 'Decided')}
			</nav>
			{actionData && 'error' in actionData ? (
				<p role="alert" className="rounded-lg border border-red-400/60 bg-red-950/60 p-3 text-sm text-red-100">
					{actionData.error}
				</p>
			) : null}
			<AdminSection id="referrals" title={view === 'held' ? 'Held for review' : 'Decided'}>
				{referrals.length === 0 ? (
					<p className="text-slate-300">
						{view === 'held' ? 'No referrals waiting for review' : 'No decided referrals'}
					</p>
				) : (
					<ul className="space-y-3">
						{referrals.map((referral) => (
							<ReferralCard key={referral.id} referral={referral} search={search} />
						))}
					</ul>
				)}
				<div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
					<p className="text-slate-300">
						Showing {formatCount(pagination.from)} to {formatCount(pagination.to)} of{' '}
						{formatCount(pagination.totalCount)} referrals
					</p>
					<nav aria-label="Pagination" className="flex items-center gap-3">
						{pagination.hasPrevious ? (
							<Link
								to={`/admin/referrals?view=${view}&page=${pagination.page - 1}`}
								className="btn-secondary btn-sm"
								rel="prev"
							>
								Previous
							</Link>
						) : null}
						<span className="text-slate-200">
							Page {formatCount(pagination.page)} of {formatCount(pagination.totalPages)}
						</span>
						{pagination.hasNext ? (
							<Link
								to={`/admin/referrals?view=${view}&page=${pagination.page + 1}`}
								className="btn-secondary btn-sm"
								rel="next"
							>
								Next
							</Link>
						) : null}
					</nav>
				</div>
			</AdminSection>
			{settings ? (
				<AdminSection id="settings" title="Review thresholds">
					<SettingsForm
						settings={settings}
						lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REFERRAL_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REFERRAL_MESSAGES.pageTitle} fallback={REFERRAL_MESSAGES.loadFailed} />
}
