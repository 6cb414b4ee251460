import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StateBadge } from '#app/components/admin-list-parts.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { FormAlert, SelectField, StatusButton, TextareaField } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { CLAIM_STATUSES } from '#app/domain/enums.ts'
import {
	OFFER_CLAIM_LIMITS,
	CLAIM_STATUS_LABELS,
	claimListSearch,
	ClaimUpdateFormSchema,
	parseClaimId,
	parseClaimListQuery,
	CLAIM_MESSAGES,
} from '#app/features/offers/schemas.ts'
import { getOfferClaim, updateOfferClaim } from '#app/features/offers/offer-claims.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDateTime } from '#app/utils/admin-format.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { fail } from '#app/utils/result.ts'
import type { Route } from './+types/$claimId'

const constraint = getZodConstraint(ClaimUpdateFormSchema)

/** The list the claim was opened from (its filters and page, from this page's URL). */
function listHref(url: URL) {
	const { query } = parseClaimListQuery(url.searchParams)
	return `/admin/offers${claimListSearch(query)}`
}

/**
 * /admin/offers/:claimId: one claim (member, offer, times) and the form
 * that sets its status and note (offers:update). A plain POST form; after
 * saving, back to the list as it was filtered.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'offers:view')
	const id = parseClaimId(params.claimId)
	const claim = id === null ? null : getOfferClaim(id)
	if (!claim) throw data({ message: CLAIM_MESSAGES.claimNotFound }, { status: 404 })
	return { claim, backTo: listHref(url), canUpdate: can(admin, 'offers:update') }
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'offers:update')
	const id = parseClaimId(params.claimId)
	return runFormAction(
		request,
		ClaimUpdateFormSchema,
		(value) =>
			id === null
				? fail(404, CLAIM_MESSAGES.claimNotFound)
				: updateOfferClaim({ id: admin.id, email: admin.email }, id, value),
		({ changed }) =>
			redirectWithFlash(listHref(url), changed ? CLAIM_MESSAGES.claimUpdated : CLAIM_MESSAGES.claimUnchanged),
	)
}

export default function AdminOfferClaimRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { claim, backTo } = loaderData
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: `claim-${claim.id}`,
		lastResult: actionData?.result,
		constraint,
		defaultValue: { status: claim.status, note: claim.note },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ClaimUpdateFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={CLAIM_MESSAGES.claimTitle} description={`${claim.memberName}: ${claim.offerTitle}`}>
				<AdminButtonLink to={backTo}>Back to claims</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="claim-details" title="Details">
				<dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
					<dt className="text-slate-400">Member</dt>
					<dd className="break-all">
						<Link to={`/admin/users/${claim.userId}`} className="link">
							{claim.memberName}
						</Link>{' '}
						({claim.memberEmail})
					</dd>
					<dt className="text-slate-400">Offer</dt>
					<dd>{claim.offerTitle}</dd>
					<dt className="text-slate-400">Claimed</dt>
					<dd>
						<time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt)}</time>
					</dd>
					<dt className="text-slate-400">Status</dt>
					<dd>
						<StateBadge value={claim.status} label={CLAIM_STATUS_LABELS[claim.status]} />
					</dd>
					<dt className="text-slate-400">Last update</dt>
					<dd>
						{claim.updatedAt ? <time dateTime={claim.updatedAt}>{formatDateTime(claim.updatedAt)}</time> : 'Never'}
					</dd>
				</dl>
			</AdminSection>
			{loaderData.canUpdate ? (
				<AdminSection id="claim-update" title="Update claim">
					<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
						<FormAlert id={form.errorId} errors={form.errors} />
						<SelectField label="Status" field={fields.status} className="sm:max-w-xs">
							{CLAIM_STATUSES.map((status) => (
								<option key={status} value={status}>
									{CLAIM_STATUS_LABELS[status]}
								</option>
							))}
						</SelectField>
						<TextareaField
							label="Note"
							hint={`For staff only, at most ${OFFER_CLAIM_LIMITS.note} characters.`}
							field={fields.note}
							textareaProps={{ rows: 4 }}
						/>
						<div>
							<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
								Save claim
							</StatusButton>
						</div>
					</Form>
				</AdminSection>
			) : (
				<AdminSection id="claim-note" title="Note">
					<p className="text-sm whitespace-pre-line">{claim.note || 'None'}</p>
				</AdminSection>
			)}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CLAIM_MESSAGES.claimTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={CLAIM_MESSAGES.offersErrorTitle} fallback={CLAIM_MESSAGES.claimNotFound} />
}
