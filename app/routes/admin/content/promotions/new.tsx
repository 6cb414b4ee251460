import { PromotionForm, PromotionPreview } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { createPromotion, listBrokerChoices } from '#app/features/content/promotions.server.ts'
import { CONTENT_MESSAGES, PROMOTION_MESSAGES } from '#app/features/content/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { promotionFormAction } from '../+promotion-form.server.ts'
import type { Route } from './+types/new'

/** /admin/content/promotions/new (content:manage): a new promotion, saved as a draft (promotion.create); Preview stores nothing. */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return { brokers: listBrokerChoices() }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	return promotionFormAction(
		await readFormData(request),
		(input) => createPromotion({ id: admin.id, email: admin.email }, input),
		(promotion) => redirectWithFlash(`/admin/content/promotions/${promotion.id}`, PROMOTION_MESSAGES.created),
	)
}

export default function NewPromotionRoute({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={PROMOTION_MESSAGES.newTitle}
				description="Saved as a draft: members see it once you publish it"
			>
				<AdminButtonLink to="/admin/content/promotions">Back to Promotions</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="promotion-create" title="Promotion">
				<PromotionForm
					id="promotion-create-form"
					lastResult={actionData?.result}
					brokers={loaderData.brokers}
					submitLabel="Save Draft"
				/>
			</AdminSection>
			{actionData?.preview ? (
				<AdminSection id="promotion-preview" title="Preview">
					<PromotionPreview
						promotion={actionData.preview}
						note="As members will see it on their dashboard (not saved yet)."
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${PROMOTION_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={PROMOTION_MESSAGES.newTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
