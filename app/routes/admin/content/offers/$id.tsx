import { data, Link } from 'react-router'
import {
	ContentDelete,
	ContentPublishing,
	contentStatusText,
	ContentStatusBadges,
	OfferForm,
	OfferPreview,
	offerFormDefaults,
} from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
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
import { readFormData } from '#app/utils/forms.server.ts'
import { contentLifecycleAction } from '../+lifecycle.server.ts'
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
	const lifecycle = await contentLifecycleAction({ request, url }, formData, {
		id: offer.id,
		here,
		list: '/admin/content/offers',
		messages: FEE_OFFER_MESSAGES,
		publish: (id) => publishFeeOffer(actor, id),
		unpublish: (id) => unpublishFeeOffer(actor, id),
		remove: (id) => deleteFeeOffer(actor, id),
	})
	if (lifecycle) return lifecycle
	return offerFormAction(
		formData,
		offer.claims,
		(input) => updateFeeOffer(actor, offer.id, input),
		() => redirectWithFlash(here, FEE_OFFER_MESSAGES.updated),
	)
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
				<ContentPublishing
					here={here}
					shown={shown}
					errors={statusErrors}
					text={contentStatusText(shown, loaderData.publishOnText, {
						published: 'Published: members see it on their 0% Fee Offers page and can claim a spot.',
						expired: 'Expired: members no longer see or claim it. Move its expiry date on to publish it again.',
					})}
				>
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
				</ContentPublishing>
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
					<ContentDelete
						here={here}
						section="offer-delete"
						confirming={confirming}
						question={`Delete the 0% fee offer of ${offer.trader.name} (${offer.key})?`}
						warning={FEE_OFFER_MESSAGES.deleteWarning}
						label="Delete Offer"
					/>
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
