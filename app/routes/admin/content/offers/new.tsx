import { OfferForm, OfferPreview } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { createFeeOffer, listOfferTraderChoices } from '#app/features/content/offers.server.ts'
import { CONTENT_MESSAGES, FEE_OFFER_MESSAGES } from '#app/features/content/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { offerFormAction } from '../+offer-form.server.ts'
import type { Route } from './+types/new'

/** /admin/content/offers/new (content:manage): a new 0% fee offer, saved as a draft (offer.create); Preview stores nothing. */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return { traders: listOfferTraderChoices() }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	return offerFormAction(
		await readFormData(request),
		0,
		(input) => createFeeOffer({ id: admin.id, email: admin.email }, input),
		(offer) => redirectWithFlash(`/admin/content/offers/${offer.id}`, FEE_OFFER_MESSAGES.created),
	)
}

export default function NewOfferRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={FEE_OFFER_MESSAGES.newTitle}
				description="Saved as a draft: members see it once you publish it"
			>
				<AdminButtonLink to="/admin/content/offers">Back to 0% Fee Offers</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="offer-create" title="Offer">
				<OfferForm
					id="offer-create-form"
					lastResult={actionData?.result}
					traders={loaderData.traders}
					submitLabel="Save Draft"
				/>
			</AdminSection>
			{actionData?.intent === 'preview' ? (
				<AdminSection id="offer-preview" title="Preview">
					<OfferPreview
						offer={actionData.preview}
						note="As members will see it on their 0% Fee Offers page (not saved yet)."
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${FEE_OFFER_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={FEE_OFFER_MESSAGES.newTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
