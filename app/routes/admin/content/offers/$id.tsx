import { parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import {
	ContentStatusBadges,
	OfferForm,
	OfferPreview,
	offerFormDefaults,
} from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	deleteFeeOffer,
	getFeeOffer,
	listOfferTraderChoices,
	publishFeeOffer,
	unpublishFeeOffer,
	updateFeeOffer,
} from '#app/features/content/offers.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import { CONTENT_MESSAGES, FEE_OFFER_MESSAGES, parseContentId } from '#app/features/content/schemas.ts'
import { previewOffer } from '#app/features/offers/fee-offers.server.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import { offerFormAction } from '../+offer-form.server.ts'
import type { Route } from './+types/$id'

/**
 * /admin/content/offers/:id (content:manage): the 0% fee offer's form
 * (Save, Preview), its claims and spots left, the preview as members see
 * it, Publish / Unpublish and, for super admins (content:delete), Delete
 * after a confirmation step (`?confirm=delete`). Plain POST forms told
 * apart by `intent`; each change is audited (decision 062).
 */
function offerOr404(value: string | undefined) {
	const id = parseContentId(value)
	const offer = id === null ? null : getFeeOffer(id)
	if (!offer) throw data({ message: FEE_OFFER_MESSAGES.notFound }, { status: 404 })
	return offer
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const offer = offerOr404(params.id)
	const canDelete = can(admin, 'content:delete')
	return {
		offer,
		saved: previewOffer({ ...offer, traderId: offer.trader.id }, offer.claims, offer.key),
		publishOnText: offer.publishOn ? formatDay(offer.publishOn) : null,
		traders: listOfferTraderChoices(offer.trader.id),
		canDelete,
		confirming: canDelete && url.searchParams.get('confirm') === 'delete',
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const offer = offerOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const here = `/admin/content/offers/${offer.id}`
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	if (intent === 'publish' || intent === 'unpublish' || intent === 'delete') {
		if (intent === 'delete') await requireAdminCapability({ request, url }, 'content:delete')
		const submission = parseWithZod(formData, { schema: ConfirmFormSchema })
		const result =
			intent === 'publish'
				? publishFeeOffer(actor, offer.id)
				: intent === 'unpublish'
					? unpublishFeeOffer(actor, offer.id)
					: deleteFeeOffer(actor, offer.id)
		if (!result.ok)
			return data(
				{ intent: 'status' as const, preview: null, ...replyWithFailure(submission, result).data },
				{ status: result.status },
			)
		if (intent === 'delete') throw await redirectWithFlash('/admin/content/offers', FEE_OFFER_MESSAGES.deleted)
		throw await redirectWithFlash(
			here,
			intent === 'unpublish'
				? FEE_OFFER_MESSAGES.unpublished
				: result.value.status === 'scheduled'
					? FEE_OFFER_MESSAGES.scheduled
					: FEE_OFFER_MESSAGES.published,
		)
	}
	return offerFormAction(
		formData,
		offer.claims,
		(input) => updateFeeOffer(actor, offer.id, input),
		() => redirectWithFlash(here, FEE_OFFER_MESSAGES.updated),
	)
}

function statusText(status: string, publishOn: string | null) {
	switch (status) {
		case 'draft':
			return 'A draft: members do not see it until you publish it.'
		case 'scheduled':
			return `Scheduled: it is published on ${publishOn ?? 'its publish date'} (00:00 UTC).`
		case 'published':
			return 'Published: members see it on their 0% Fee Offers page and can claim a spot.'
		default:
			return 'Expired: members no longer see or claim it. Move its expiry date on to publish it again.'
	}
}

export default function OfferRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { offer, saved, canDelete, confirming } = loaderData
	const formResult = actionData?.intent === 'status' ? undefined : actionData?.result
	const statusErrors = actionData?.intent === 'status' ? actionData.result.error?.[''] : undefined
	const here = `/admin/content/offers/${offer.id}`
	const shown = offer.shownStatus
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={`0% fee offer: ${offer.trader.name}`}
				description={<ContentStatusBadges status={shown} sample={offer.sample} />}
			>
				<AdminButtonLink to="/admin/content/offers">Back to 0% Fee Offers</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="offer-status" title="Publishing">
				<div className="space-y-3">
					<FormAlert errors={statusErrors} />
					<p className="text-sm text-slate-300">{statusText(shown, loaderData.publishOnText)}</p>
					<p className="text-sm text-slate-300">
						Key <span className="font-mono">{offer.key}</span> · {offer.claims}{' '}
						{offer.claims === 1 ? 'claim' : 'claims'} ·{' '}
						<span data-spots-left>
							{offer.spotsLeft} of {offer.totalSpots} spots left ({offer.spotsLabel})
						</span>{' '}
						·{' '}
						<Link to={`/admin/offers?offer=${offer.key}`} className="link">
							See its claims
						</Link>
					</p>
					<Form method="post" action={here} className="flex flex-wrap gap-2">
						{shown === 'draft' || shown === 'expired' ? (
							<button type="submit" name="intent" value="publish" className="btn-primary">
								Publish
							</button>
						) : null}
						{shown !== 'draft' ? (
							<button type="submit" name="intent" value="unpublish" className="btn-secondary">
								Unpublish
							</button>
						) : null}
					</Form>
				</div>
			</AdminSection>
			<AdminSection id="offer-edit" title="Edit offer">
				<OfferForm
					key={offer.updatedAt}
					id="offer-edit-form"
					lastResult={formResult}
					defaultValue={offerFormDefaults(offer)}
					traders={loaderData.traders}
					submitLabel="Save Changes"
				/>
			</AdminSection>
			<AdminSection id="offer-preview" title="Preview">
				{actionData?.intent === 'preview' ? (
					<OfferPreview
						offer={actionData.preview}
						note="Your changes as members will see them on their 0% Fee Offers page (not saved yet)."
					/>
				) : (
					<OfferPreview offer={saved} note="As saved, the way members see it on their 0% Fee Offers page." />
				)}
			</AdminSection>
			{canDelete ? (
				<AdminSection id="offer-delete" title="Delete">
					{confirming ? (
						<div
							role="alertdialog"
							aria-labelledby="offer-delete-title"
							aria-describedby="offer-delete-warning"
							className="space-y-3 rounded-lg border border-red-400/60 bg-red-950/30 p-4"
						>
							<h3 id="offer-delete-title" className="font-semibold">
								Delete the 0% fee offer of {offer.trader.name} ({offer.key})?
							</h3>
							<p id="offer-delete-warning" className="text-sm">
								{FEE_OFFER_MESSAGES.deleteWarning}
							</p>
							<Form method="post" action={here} className="flex flex-wrap gap-2">
								<button type="submit" name="intent" value="delete" className="btn-danger">
									Yes, Delete
								</button>
								<Link to={`${here}#offer-delete`} className="btn-secondary">
									Cancel
								</Link>
							</Form>
						</div>
					) : (
						<div className="space-y-3">
							<p className="text-sm text-slate-300">Removes it for good; the audit log keeps what it was.</p>
							<Link to={`${here}?confirm=delete#offer-delete`} className="btn-danger inline-flex">
								Delete Offer
							</Link>
						</div>
					)}
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? `0% fee offer: ${data.offer.trader.name}` : FEE_OFFER_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={FEE_OFFER_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
