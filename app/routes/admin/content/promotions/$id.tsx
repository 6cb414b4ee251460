import { data } from 'react-router'
import {
	ContentDelete,
	ContentPublishing,
	contentStatusText,
	ContentStatusBadges,
	PromotionForm,
	PromotionPreview,
	promotionFormDefaults,
} from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	deletePromotion,
	formatDay,
	getPromotion,
	listBrokerChoices,
	previewPromotion,
	publishPromotion,
	unpublishPromotion,
	updatePromotion,
} from '#app/features/content/promotions.server.ts'
import { CONTENT_MESSAGES, parseContentId, PROMOTION_MESSAGES } from '#app/features/content/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { contentLifecycleAction } from '../+lifecycle.server.ts'
import { promotionFormAction } from '../+promotion-form.server.ts'
import type { Route } from './+types/$id'

/**
 * /admin/content/promotions/:id (content:manage): the promotion's form
 * (Save, Preview), the preview as members see it, Publish / Unpublish and,
 * for super admins (content:delete), Delete after a confirmation step
 * (`?confirm=delete`). Plain POST forms told apart by `intent`; each change
 * is audited (decision 062).
 */
function promotionOr404(value: string | undefined) {
	const id = parseContentId(value)
	const promotion = id === null ? null : getPromotion(id)
	if (!promotion) throw data({ message: PROMOTION_MESSAGES.notFound }, { status: 404 })
	return promotion
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const promotion = promotionOr404(params.id)
	const canDelete = can(admin, 'content:delete')
	return {
		promotion,
		saved: previewPromotion({ ...promotion, brokerId: promotion.broker?.id ?? null }),
		publishOnText: promotion.publishOn ? formatDay(promotion.publishOn) : null,
		brokers: listBrokerChoices(),
		canDelete,
		confirming: canDelete && url.searchParams.get('confirm') === 'delete',
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const promotion = promotionOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const here = `/admin/content/promotions/${promotion.id}`
	const formData = await readFormData(request)
	const lifecycle = await contentLifecycleAction({ request, url }, formData, {
		id: promotion.id,
		here,
		list: '/admin/content/promotions',
		messages: PROMOTION_MESSAGES,
		publish: (id) => publishPromotion(actor, id),
		unpublish: (id) => unpublishPromotion(actor, id),
		remove: (id) => deletePromotion(actor, id),
	})
	if (lifecycle) return lifecycle
	return promotionFormAction(
		formData,
		(input) => updatePromotion(actor, promotion.id, input),
		() => redirectWithFlash(here, PROMOTION_MESSAGES.updated),
	)
}

export default function PromotionRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { promotion, saved, canDelete, confirming } = loaderData
	const formResult = actionData?.intent === 'status' ? undefined : actionData?.result
	const statusErrors = actionData?.intent === 'status' ? actionData.result.error?.[''] : undefined
	const here = `/admin/content/promotions/${promotion.id}`
	const shown = promotion.shownStatus
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={<span className="font-mono break-all">{promotion.code}</span>}
				description={<ContentStatusBadges status={shown} sample={promotion.sample} />}
			>
				<AdminButtonLink to="/admin/content/promotions">Back to Promotions</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="promotion-status" title="Publishing">
				<ContentPublishing
					here={here}
					shown={shown}
					errors={statusErrors}
					text={contentStatusText(shown, loaderData.publishOnText, {
						published: 'Published: members see it on their dashboard.',
						expired: 'Expired: members no longer see it. Move its expiry date on to publish it again.',
					})}
				/>
			</AdminSection>
			<AdminSection id="promotion-edit" title="Edit promotion">
				<PromotionForm
					key={promotion.updatedAt}
					id="promotion-edit-form"
					lastResult={formResult}
					defaultValue={promotionFormDefaults(promotion)}
					brokers={loaderData.brokers}
					submitLabel="Save Changes"
				/>
			</AdminSection>
			<AdminSection id="promotion-preview" title="Preview">
				{actionData?.preview ? (
					<PromotionPreview
						promotion={actionData.preview}
						note="Your changes as members will see them on their dashboard (not saved yet)."
					/>
				) : (
					<PromotionPreview promotion={saved} note="As saved, the way members see it on their dashboard." />
				)}
			</AdminSection>
			{canDelete ? (
				<AdminSection id="promotion-delete" title="Delete">
					<ContentDelete
						here={here}
						section="promotion-delete"
						confirming={confirming}
						question={`Delete the promotion ${promotion.code}?`}
						warning={PROMOTION_MESSAGES.deleteWarning}
						label="Delete Promotion"
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.promotion.code ?? PROMOTION_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={PROMOTION_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
