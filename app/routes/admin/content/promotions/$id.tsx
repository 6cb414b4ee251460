import { parseWithZod } from '@conform-to/zod'
import { data, Form, Link } from 'react-router'
import {
	ContentStatusBadges,
	PromotionForm,
	PromotionPreview,
	promotionFormDefaults,
} from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { FormAlert } from '#app/components/forms.tsx'
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
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
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
	const intent = formData.get('intent')
	if (intent === 'publish' || intent === 'unpublish' || intent === 'delete') {
		if (intent === 'delete') await requireAdminCapability({ request, url }, 'content:delete')
		const submission = parseWithZod(formData, { schema: ConfirmFormSchema })
		const result =
			intent === 'publish'
				? publishPromotion(actor, promotion.id)
				: intent === 'unpublish'
					? unpublishPromotion(actor, promotion.id)
					: deletePromotion(actor, promotion.id)
		if (!result.ok)
			return data(
				{ intent: 'status' as const, preview: null, ...replyWithFailure(submission, result).data },
				{ status: result.status },
			)
		if (intent === 'delete') throw await redirectWithFlash('/admin/content/promotions', PROMOTION_MESSAGES.deleted)
		throw await redirectWithFlash(
			here,
			intent === 'unpublish'
				? PROMOTION_MESSAGES.unpublished
				: result.value.status === 'scheduled'
					? PROMOTION_MESSAGES.scheduled
					: PROMOTION_MESSAGES.published,
		)
	}
	return promotionFormAction(
		formData,
		(input) => updatePromotion(actor, promotion.id, input),
		() => redirectWithFlash(here, PROMOTION_MESSAGES.updated),
	)
}

function statusText(status: string, publishOn: string | null) {
	switch (status) {
		case 'draft':
			return 'A draft: members do not see it until you publish it.'
		case 'scheduled':
			return `Scheduled: it is published on ${publishOn ?? 'its publish date'} (00:00 UTC).`
		case 'published':
			return 'Published: members see it on their dashboard.'
		default:
			return 'Expired: members no longer see it. Move its expiry date on to publish it again.'
	}
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
				<div className="space-y-3">
					<FormAlert errors={statusErrors} />
					<p className="text-sm text-slate-300">{statusText(shown, loaderData.publishOnText)}</p>
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
					{confirming ? (
						<div
							role="alertdialog"
							aria-labelledby="promotion-delete-title"
							aria-describedby="promotion-delete-warning"
							className="space-y-3 rounded-lg border border-red-400/60 bg-red-950/30 p-4"
						>
							<h3 id="promotion-delete-title" className="font-semibold">
								Delete the promotion {promotion.code}?
							</h3>
							<p id="promotion-delete-warning" className="text-sm">
								{PROMOTION_MESSAGES.deleteWarning}
							</p>
							<Form method="post" action={here} className="flex flex-wrap gap-2">
								<button type="submit" name="intent" value="delete" className="btn-danger">
									Yes, Delete
								</button>
								<Link to={`${here}#promotion-delete`} className="btn-secondary">
									Cancel
								</Link>
							</Form>
						</div>
					) : (
						<div className="space-y-3">
							<p className="text-sm text-slate-300">Removes it for good; the audit log keeps what it was.</p>
							<Link to={`${here}?confirm=delete#promotion-delete`} className="btn-danger inline-flex">
								Delete Promotion
							</Link>
						</div>
					)}
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
