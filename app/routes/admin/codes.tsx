import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { Field, FormAlert, GridSubmit, SelectField, StatusButton, TextareaField } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { PREMIUM_PLANS } from '#app/domain/enums.ts'
import {
	PLAN_CODE_LIMITS,
	UNLOCK_CODE_LIMITS,
	CODES_ERROR_TITLE,
	CODES_LOAD_FAILED,
	CODES_NOTICES,
	CODES_SUBTITLE,
	CODES_TITLE,
	GRACE_LABELS,
	GRACE_HOURS,
	PlanBatchFormSchema,
	readPageParam,
	UnlockRetireFormSchema,
	UnlockRotateFormSchema,
} from '#app/features/codes/schemas.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { issuePlanCodeBatch, listBatches } from '#app/features/codes/plan-codes.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { listUnlockCodes, retireUnlockCode, rotateUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { formatCount, formatDateTime } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/codes'
import { revealBatchCookie } from './+codes.server.ts'

/**
 * /admin/codes: the unlock code (current, rotate, retire, history) and plan
 * activation code batches (issue, the list newest first, paged). A batch's
 * codes are on /admin/codes/batches/:batchId. Every form is a plain POST
 * here with an `intent`; the rules live in unlock-code.server.ts and
 * plan-codes.server.ts, shared with /api/admin/unlock-codes and
 * /api/admin/plan-code-batches.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'codes:view')
	const page = readPageParam(url.searchParams)
	const { batches, pagination } = listBatches({ page })
	return {
		unlockCodes: listUnlockCodes(),
		batches: batches.map((b) => ({ ...b, planName: planName(b.plan) })),
		pagination,
		canManage: can(admin, 'codes:manage'),
	}
}

const INTENTS = ['rotate', 'retire', 'issue'] as const
type Intent = (typeof INTENTS)[number]

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'codes:manage')
	const formData = await readFormData(request)
	const intent = (INTENTS as readonly string[]).includes(String(formData.get('intent')))
		? (formData.get('intent') as Intent)
		: 'rotate'
	const actor = { id: admin.id, email: admin.email }
	if (intent === 'rotate') {
		const submission = parseWithZod(formData, { schema: UnlockRotateFormSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply())
		const result = rotateUnlockCode(actor, submission.value)
		if (!result.ok) return withIntent(intent, replyWithFailure(submission, result))
		throw await redirectWithFlash('/admin/codes', CODES_NOTICES.rotated)
	}
	if (intent === 'retire') {
		const submission = parseWithZod(formData, { schema: UnlockRetireFormSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply())
		const result = retireUnlockCode(actor, submission.value.id)
		if (!result.ok) return withIntent(intent, replyWithFailure(submission, result))
		throw await redirectWithFlash('/admin/codes', CODES_NOTICES.retired)
	}
	const submission = parseWithZod(formData, { schema: PlanBatchFormSchema })
	if (submission.status !== 'success') return reply(intent, submission.reply())
	const result = issuePlanCodeBatch(actor, submission.value)
	if (!result.ok) return withIntent(intent, replyWithFailure(submission, result))
	const id = result.value.batch.id
	throw await redirectWithFlash(`/admin/codes/batches/${id}`, CODES_NOTICES.issued, {
		headers: { 'Set-Cookie': await revealBatchCookie(id, admin.id) },
	})
}

function reply(intent: Intent, result: SubmissionResult<string[]>) {
	return data({ intent, result }, { status: 400 })
}

/** A refusal from the rules, tagged with the form it answers. */
function withIntent(intent: Intent, answer: ReturnType<typeof replyWithFailure>) {
	return data({ intent, result: answer.data.result }, answer.init ?? undefined)
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

const STATUS_LABELS = { active: 'Active', expiring: 'Active (expires)', expired: 'Expired', retired: 'Retired' }

export default function AdminCodesRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { unlockCodes, batches, pagination, canManage } = loaderData
	const active = unlockCodes.filter((c) => c.status === 'active' || c.status === 'expiring')
	const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined)
	const retireErrors = resultFor('retire')?.error
	const retireMessages = retireErrors ? Object.values(retireErrors).flat() : undefined
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={CODES_TITLE} description={CODES_SUBTITLE} />

			<AdminSection id="unlock-codes" title="Unlock code">
				{active.length === 0 ? (
					<p className="text-amber-200">No active unlock code: members cannot unlock. Rotate to create one.</p>
				) : (
					<ul className="space-y-2">
						{active.map((c) => (
							<li key={c.id} className="flex flex-wrap items-center gap-3">
								<code className="rounded bg-slate-950 px-2 py-1 text-lg font-semibold break-all select-all">
									{c.code}
								</code>
								<span className="text-sm text-slate-300">
									{c.current ? 'Current' : 'Previous'}
									{c.expiresAt ? `, expires ${formatDateTime(c.expiresAt)}` : ', no expiry'}
								</span>
								{canManage ? (
									<Form method="post" action="/admin/codes" preventScrollReset>
										<input type="hidden" name="intent" value="retire" />
										<input type="hidden" name="id" value={c.id} />
										<button type="submit" className="btn-secondary btn-sm">
											Retire<span className="sr-only"> code {c.code}</span>
										</button>
									</Form>
								) : null}
							</li>
						))}
					</ul>
				)}
				<FormAlert title="Could not retire the code" errors={retireMessages} />
				{canManage ? <RotateForm lastResult={resultFor('rotate')} /> : null}

				<h3 className="mt-6 mb-2 font-semibold">History</h3>
				<StaffTable
					label="Unlock code history"
					caption={`Unlock code history, ${unlockCodes.length}`}
					columns={['Code', 'Status', 'Created', 'Expires', 'Retired', { label: 'Members unlocked', end: true }]}
					empty="No unlock codes yet."
					isEmpty={unlockCodes.length === 0}
					tableClassName="w-full min-w-[720px] text-left text-sm"
				>
					{unlockCodes.map((c) => (
						<tr key={c.id}>
							<td className="py-2 pr-3 font-mono break-all">{c.code}</td>
							<td className="py-2 pr-3">{STATUS_LABELS[c.status]}</td>
							<td className="py-2 pr-3">
								{formatDateTime(c.createdAt)}
								<br />
								<span className="text-slate-400">by {c.createdByEmail}</span>
							</td>
							<td className="py-2 pr-3">{c.expiresAt ? formatDateTime(c.expiresAt) : '—'}</td>
							<td className="py-2 pr-3">
								{c.retiredAt ? (
									<>
										{formatDateTime(c.retiredAt)}
										<br />
										<span className="text-slate-400">by {c.retiredByEmail}</span>
									</>
								) : (
									'—'
								)}
							</td>
							<td className="py-2 pr-3 text-right">{formatCount(c.membersUnlocked)}</td>
						</tr>
					))}
				</StaffTable>
			</AdminSection>

			<AdminSection id="plan-code-batches" title="Plan activation code batches">
				{canManage ? <IssueForm lastResult={resultFor('issue')} /> : null}
				<h3 className="mt-6 mb-2 font-semibold">
					Batches <span className="text-sm font-normal text-slate-300">({formatCount(pagination.totalCount)})</span>
				</h3>
				<StaffTable
					label="Plan code batches"
					caption={`Plan code batches, ${batches.length}`}
					columns={[
						'Batch',
						'Plan',
						{ label: 'Issued', end: true },
						{ label: 'Used', end: true },
						{ label: 'Revoked', end: true },
						{ label: 'Expired', end: true },
						'Created',
					]}
					empty="No batches yet."
					isEmpty={batches.length === 0}
					tableClassName="w-full min-w-[760px] text-left text-sm"
				>
					{batches.map((b) => (
						<tr key={b.id}>
							<td className="py-2 pr-3">
								<Link to={`/admin/codes/batches/${b.id}`} className="font-medium text-sky-300 underline">
									{b.note || `Batch ${b.id}`}
								</Link>
							</td>
							<td className="py-2 pr-3">{b.planName}</td>
							<td className="py-2 pr-3 text-right">{formatCount(b.count)}</td>
							<td className="py-2 pr-3 text-right">{formatCount(b.counts.used)}</td>
							<td className="py-2 pr-3 text-right">{formatCount(b.counts.revoked)}</td>
							<td className="py-2 pr-3 text-right">{formatCount(b.counts.expired)}</td>
							<td className="py-2 pr-3">
								{formatDateTime(b.createdAt)}
								<br />
								<span className="text-slate-400">by {b.createdByEmail}</span>
							</td>
						</tr>
					))}
				</StaffTable>
				<Pager page={pagination.page} totalPages={pagination.totalPages} base="/admin/codes" label="Batches pages" />
			</AdminSection>
		</main>
	)
}

/** Previous / next links (GET, so they work without JS). */
export function Pager({
	page,
	totalPages,
	base,
	label,
	params = {},
}: {
	page: number
	totalPages: number
	base: string
	label: string
	params?: Record<string, string>
}) {
	if (totalPages <= 1) return null
	const href = (p: number) => {
		const search = new URLSearchParams({ ...params, ...(p > 1 ? { page: String(p) } : {}) }).toString()
		return search ? `${base}?${search}` : base
	}
	return (
		<nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
			{page > 1 ? (
				<Link to={href(page - 1)} className="btn-secondary btn-sm">
					Previous
				</Link>
			) : null}
			<span>
				Page {page} of {totalPages}
			</span>
			{page < totalPages ? (
				<Link to={href(page + 1)} className="btn-secondary btn-sm">
					Next
				</Link>
			) : null}
		</nav>
	)
}

/** One intent's POST form on /admin/codes: its heading, hidden intent and error alert, then its fields. */
function IntentForm<Schema extends Record<string, unknown>>({
	form,
	intent,
	heading,
	errorTitle,
	className,
	spanClassName,
	children,
}: {
	form: FormMetadata<Schema, string[]>
	intent: 'rotate' | 'issue'
	heading: string
	errorTitle: string
	className: string
	spanClassName: string
	children: React.ReactNode
}) {
	return (
		<Form method="post" action="/admin/codes" {...getFormProps(form)} noValidate className={className}>
			<h3 className={`font-semibold ${spanClassName}`}>{heading}</h3>
			<input type="hidden" name="intent" value={intent} />
			<div className={spanClassName}>
				<FormAlert id={form.errorId} errors={form.errors} title={errorTitle} />
			</div>
			{children}
		</Form>
	)
}

const rotateConstraint = getZodConstraint(UnlockRotateFormSchema)

function RotateForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
	const [form, fields] = useForm<{ code: string; expiresAt: string; graceHours: string }>({
		id: 'unlock-rotate-form',
		lastResult,
		constraint: rotateConstraint,
		defaultValue: { graceHours: '0' },
		shouldValidate: 'onSubmit',
	})
	const pending = useIsPending({ formAction: '/admin/codes', formData: { intent: 'rotate' } })
	return (
		<IntentForm
			form={form}
			intent="rotate"
			heading="Rotate"
			errorTitle="Could not rotate the code"
			className="mt-4 grid gap-4 rounded-xl border border-slate-800 p-4 sm:grid-cols-3"
			spanClassName="sm:col-span-3"
		>
			<Field
				label="New code (optional)"
				hint={`Leave blank for a random code; ${UNLOCK_CODE_LIMITS.minLength} to ${UNLOCK_CODE_LIMITS.maxLength} letters, digits and dashes`}
				field={fields.code}
				inputProps={{ autoComplete: 'off', maxLength: UNLOCK_CODE_LIMITS.maxLength }}
			/>
			<Field label="Expires (UTC, optional)" field={fields.expiresAt} type="datetime-local" />
			<SelectField label="Previous code stays valid for" field={fields.graceHours}>
				{GRACE_HOURS.map((h) => (
					<option key={h} value={h}>
						{GRACE_LABELS[h]}
					</option>
				))}
			</SelectField>
			<div className="sm:col-span-3">
				<StatusButton pending={pending} pendingText="Rotating..." className="sm:w-auto">
					Rotate unlock code
				</StatusButton>
			</div>
		</IntentForm>
	)
}

const issueConstraint = getZodConstraint(PlanBatchFormSchema)

function IssueForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
	const [form, fields] = useForm<{ plan: string; count: string; usesPerCode: string; expiresAt: string; note: string }>(
		{
			id: 'plan-batch-form',
			lastResult,
			constraint: issueConstraint,
			defaultValue: { plan: 'gold', count: '1', usesPerCode: '1' },
			shouldValidate: 'onSubmit',
		},
	)
	const pending = useIsPending({ formAction: '/admin/codes', formData: { intent: 'issue' } })
	return (
		<IntentForm
			form={form}
			intent="issue"
			heading="Issue a batch"
			errorTitle="Could not issue the codes"
			className="grid gap-4 rounded-xl border border-slate-800 p-4 sm:grid-cols-2"
			spanClassName="sm:col-span-2"
		>
			<SelectField label="Plan" field={fields.plan}>
				{PREMIUM_PLANS.map((plan) => (
					<option key={plan} value={plan}>
						{plan[0]!.toUpperCase() + plan.slice(1)}
					</option>
				))}
			</SelectField>
			<Field
				label="Number of codes"
				hint={`1 to ${formatCount(PLAN_CODE_LIMITS.maxCount)}`}
				field={fields.count}
				type="number"
				inputProps={{ inputMode: 'numeric' }}
			/>
			<Field
				label="Uses per code"
				hint={`1 to ${formatCount(PLAN_CODE_LIMITS.maxUsesPerCode)}`}
				field={fields.usesPerCode}
				type="number"
				inputProps={{ inputMode: 'numeric' }}
			/>
			<Field label="Expires (UTC, optional)" field={fields.expiresAt} type="datetime-local" />
			<TextareaField
				className="sm:col-span-2"
				label="Note (the campaign)"
				hint={`At most ${PLAN_CODE_LIMITS.note} characters`}
				field={fields.note}
				textareaProps={{ rows: 2 }}
			/>
			<GridSubmit span={2} pending={pending} pendingText="Issuing...">
				Issue codes
			</GridSubmit>
		</IntentForm>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CODES_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={CODES_ERROR_TITLE} fallback={CODES_LOAD_FAILED} />
}
