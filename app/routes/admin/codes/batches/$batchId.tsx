import { parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { FilterActions, StaffTable } from '#app/components/admin-list-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { PLAN_CODE_STATUSES } from '#app/domain/enums.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	batchCodesInFull,
	listBatchCodes,
	revokePlanCode,
	revokePlanCodeBatch,
} from '#app/features/codes/plan-codes.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import {
	BATCH_TITLE,
	CODES_NOTICES,
	PLAN_CODE_MESSAGES,
	PLAN_CODE_STATUS_LABELS,
	PlanCodeRevokeFormSchema,
	readPageParam,
	readStatusParam,
} from '#app/features/codes/schemas.ts'
import { parsePositiveInt } from '#app/features/contests/schemas.ts'
import { formatCount, formatDateTime } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/$batchId'
import { Pager } from '../../codes.tsx'
import { takeReveal } from '../../+codes.server.ts'

/**
 * /admin/codes/batches/:batchId: a batch's facts, its codes (masked, paged,
 * filtered by status, with who used each and when), revoke one code or the
 * batch, the CSV link. Right after issue (a one-time cookie) the codes are
 * shown in full once.
 */
function requireBatchId(value: string | undefined) {
	const id = parsePositiveInt(value)
	if (id === null) throw data({ message: PLAN_CODE_MESSAGES.batchNotFound }, { status: 404 })
	return id
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'codes:view')
	const id = requireBatchId(params.batchId)
	const status = readStatusParam(url.searchParams)
	const found = listBatchCodes(id, { status, page: readPageParam(url.searchParams) })
	if (!found) throw data({ message: PLAN_CODE_MESSAGES.batchNotFound }, { status: 404 })
	const { reveal, headers } = await takeReveal(request, id, admin.id)
	return data(
		{
			...found,
			planName: planName(found.batch.plan),
			status: status ?? '',
			fullCodes: reveal ? batchCodesInFull(id) : null,
			canManage: can(admin, 'codes:manage'),
		},
		{ headers },
	)
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'codes:manage')
	const id = requireBatchId(params.batchId)
	const submission = parseWithZod(await readFormData(request), { schema: PlanCodeRevokeFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const actor = { id: admin.id, email: admin.email }
	const back = `/admin/codes/batches/${id}${url.search}`
	if (submission.value.intent === 'revoke-batch') {
		const result = revokePlanCodeBatch(actor, id)
		if (!result.ok) return replyWithFailure(submission, result)
		throw await redirectWithFlash(back, CODES_NOTICES.batchRevoked)
	}
	const result = revokePlanCode(actor, submission.value.codeId)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await redirectWithFlash(back, CODES_NOTICES.codeRevoked)
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
	const out = new Headers({ 'Cache-Control': 'private, no-store' })
	const cookie = loaderHeaders.get('Set-Cookie')
	if (cookie) out.set('Set-Cookie', cookie)
	return out
}

export default function BatchRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { batch, codes, pagination, status, fullCodes, canManage } = loaderData
	const base = `/admin/codes/batches/${batch.id}`
	const errors = actionData?.result.error ? Object.values(actionData.result.error).flat() : undefined
	const revokingBatch = useIsPending({ formData: { intent: 'revoke-batch' } })
	const title = batch.note || `Batch ${batch.id}`
	return (
		<main className="space-y-6 py-8">
			<p>
				<Link to="/admin/codes" className="text-sky-300 underline">
					Back to codes
				</Link>
			</p>
			<AdminPageHeader title={`${BATCH_TITLE}: ${title}`} description={`${loaderData.planName} plan`}>
				<a href={`${base}/codes.csv`} className="btn-secondary btn-sm" download>
					Download CSV
				</a>
			</AdminPageHeader>

			{fullCodes ? (
				<AdminSection id="issued-codes" title="Your new codes">
					<p className="mb-2 text-amber-200">
						Shown in full this once. Copy them now or download the CSV; lists show them masked.
					</p>
					<label htmlFor="issued-codes-text" className="mb-1.5 block text-sm font-medium text-slate-200">
						Codes ({formatCount(fullCodes.length)}), one per line
					</label>
					<textarea
						id="issued-codes-text"
						readOnly
						rows={Math.min(12, fullCodes.length + 1)}
						className="input font-mono"
						defaultValue={fullCodes.join('\n')}
					/>
				</AdminSection>
			) : null}

			<AdminSection id="batch-facts" title="Batch">
				<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
					<dt className="text-slate-400">Plan</dt>
					<dd>{loaderData.planName}</dd>
					<dt className="text-slate-400">Issued</dt>
					<dd>
						{formatCount(batch.count)} codes, {formatCount(batch.usesPerCode)} use
						{batch.usesPerCode === 1 ? '' : 's'} each
					</dd>
					<dt className="text-slate-400">Status</dt>
					<dd>
						{PLAN_CODE_STATUSES.map((s) => `${PLAN_CODE_STATUS_LABELS[s]} ${formatCount(batch.counts[s])}`).join(', ')}
					</dd>
					<dt className="text-slate-400">Expires</dt>
					<dd>{batch.expiresAt ? formatDateTime(batch.expiresAt) : 'Never'}</dd>
					<dt className="text-slate-400">Created</dt>
					<dd>
						{formatDateTime(batch.createdAt)} by {batch.createdByEmail}
					</dd>
					{batch.revokedAt ? (
						<>
							<dt className="text-slate-400">Revoked</dt>
							<dd>{formatDateTime(batch.revokedAt)}</dd>
						</>
					) : null}
				</dl>
				{canManage ? (
					<Form method="post" action={base} preventScrollReset className="mt-4">
						<input type="hidden" name="intent" value="revoke-batch" />
						<button
							type="submit"
							disabled={revokingBatch}
							className="btn-secondary btn-sm border-red-400/70 text-red-200 hover:bg-red-950/60"
						>
							{revokingBatch ? 'Revoking...' : 'Revoke batch'}
						</button>
						<p className="mt-1 text-sm text-slate-400">
							Revokes every code not used up; members keep plans already activated.
						</p>
					</Form>
				) : null}
			</AdminSection>

			<FormAlert title="Could not revoke" errors={errors} />

			{/* The codes table's scroller is relative: the sr-only texts are absolutely
			    placed, and without a positioned ancestor inside the scroller they
			    widen the page at 360 px. */}
			<AdminSection id="batch-codes" title={`Codes (${formatCount(pagination.totalCount)})`}>
				<Form method="get" action={base} className="mb-4 flex flex-wrap items-end gap-3">
					<div>
						<label htmlFor="code-status-filter" className="mb-1.5 block text-sm font-medium text-slate-200">
							Status
						</label>
						<select id="code-status-filter" name="status" defaultValue={status} key={status} className="input">
							<option value="">All statuses</option>
							{PLAN_CODE_STATUSES.map((s) => (
								<option key={s} value={s}>
									{PLAN_CODE_STATUS_LABELS[s]}
								</option>
							))}
						</select>
					</div>
					<FilterActions />
				</Form>
				<StaffTable
					label="Codes of this batch"
					caption={`Codes of this batch, ${codes.length} on this page`}
					columns={[
						'Code',
						'Status',
						{ label: 'Uses', end: true },
						'Used by',
						'Expires',
						canManage && { label: 'Actions', hidden: true },
					]}
					empty="No codes."
					isEmpty={codes.length === 0}
					tableClassName="w-full min-w-[720px] text-left text-sm"
				>
					{codes.map((c) => (
						<tr key={c.id}>
							<td className="py-2 pr-3 font-mono">{c.code}</td>
							<td className="py-2 pr-3">{PLAN_CODE_STATUS_LABELS[c.status]}</td>
							<td className="py-2 pr-3 text-right">
								{c.uses} of {c.maxUses}
							</td>
							<td className="py-2 pr-3">
								{c.usedBy.length === 0 ? (
									'—'
								) : (
									<ul>
										{c.usedBy.map((u) => (
											<li key={u.userId}>
												<Link to={`/admin/users/${u.userId}`} className="text-sky-300 underline">
													{u.name}
												</Link>{' '}
												<span className="text-slate-400">
													{u.email}, {formatDateTime(u.at)}
												</span>
											</li>
										))}
									</ul>
								)}
							</td>
							<td className="py-2 pr-3">{c.expiresAt ? formatDateTime(c.expiresAt) : '—'}</td>
							{canManage ? (
								<td className="py-2 pr-3">
									{c.status === 'unused' || c.status === 'expired' ? (
										<Form method="post" action={`${base}${status ? `?status=${status}` : ''}`} preventScrollReset>
											<input type="hidden" name="intent" value="revoke-code" />
											<input type="hidden" name="codeId" value={c.id} />
											<button type="submit" className="btn-secondary btn-sm">
												Revoke<span className="sr-only"> code {c.code}</span>
											</button>
										</Form>
									) : null}
								</td>
							) : null}
						</tr>
					))}
				</StaffTable>
				<Pager
					page={pagination.page}
					totalPages={pagination.totalPages}
					base={base}
					label="Codes pages"
					params={status ? { status } : {}}
				/>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${BATCH_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return (
		<AdminLoadError title="Batch could not be loaded" fallback="The batch could not be loaded. Please try again." />
	)
}
