import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, Form } from 'react-router'
import { FormAlert, StatusButton } from '#app/components/forms.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { confirmOffer, getOffer, offerClosedMessage, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { CLAIM_STATUS_EXPLANATIONS, CLAIM_STATUS_LABELS, OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import type { Route } from './+types/$offerId'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

const numberFormat = new Intl.NumberFormat('en-US')

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	// The parent page shows the upgrade message; the offer stays hidden.
	if (zeroFeeRefusal(user.plan)) return data({ offer: null, closed: null }, { status: 403 })
	const offer = getOffer(user.id, params.offerId)
	if (offer) return { offer, closed: null }
	// An offer that ended or was unpublished: the reason, not a missing page.
	const closed = offerClosedMessage(params.offerId)
	if (!closed) throw data({ error: OFFER_MESSAGES.unknownOffer }, { status: 404 })
	return data({ offer: null, closed }, { status: 409 })
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const user = await requireUnlockedMember({ request, url })
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ConfirmFormSchema })
	const refused = zeroFeeRefusal(user.plan)
	if (refused) return replyWithFailure(submission, refused)
	const result = confirmOffer(user.id, params.offerId)
	if (!result.ok) return replyWithFailure(submission, result)
	const trader = getOffer(user.id, result.value.offerId)?.trader ?? ''
	throw await redirectWithFlash('/dashboard/zero-fee', OFFER_MESSAGES.offerConfirmed(trader))
}

export default function ConfirmOfferRoute({ loaderData, actionData }: Route.ComponentProps) {
	const pending = useIsPending({ state: 'submitting' })
	const [form] = useForm({ id: 'confirm-offer', lastResult: actionData?.result })
	const { offer, closed } = loaderData
	if (closed)
		return (
			<RouteDialog title="This 0% offer is closed" closeTo="/dashboard/zero-fee" description={closed}>
				<p className="text-sm text-slate-300">Choose another offer on the 0% Fee Offers page.</p>
			</RouteDialog>
		)
	if (!offer) return null
	return (
		<RouteDialog
			title={`Confirm ${offer.trader}'s 0% offer`}
			closeTo="/dashboard/zero-fee"
			description="Confirming records your interest and holds one spot for you."
		>
			<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
				<dt className="text-slate-400">Performance fee</dt>
				<dd>
					{offer.currentFee}% (instead of {offer.originalFee}%)
				</dd>
				<dt className="text-slate-400">Minimum capital</dt>
				<dd>${numberFormat.format(offer.minCapital)}</dd>
				<dt className="text-slate-400">Spots left</dt>
				<dd>
					{offer.spotsLeft} of {offer.totalSpots}
				</dd>
				<dt className="text-slate-400">Offer ends</dt>
				<dd>{offer.expires ?? 'No end date'}</dd>
			</dl>
			<p className="mt-3 text-xs text-slate-400">{site.riskWarning}</p>
			<Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
				<FormAlert id={form.errorId} errors={form.errors} />
				{offer.confirmed ? (
					<>
						<p className="text-sm text-emerald-200">You have already confirmed this offer.</p>
						{offer.claimStatus ? (
							<p className="text-sm">
								<span className="font-semibold">Your request: {CLAIM_STATUS_LABELS[offer.claimStatus]}</span>{' '}
								<span className="text-slate-300">{CLAIM_STATUS_EXPLANATIONS[offer.claimStatus]}</span>
							</p>
						) : null}
					</>
				) : offer.spotsLeft === 0 ? (
					<p className="text-sm font-semibold text-amber-200">{OFFER_MESSAGES.full}</p>
				) : (
					<StatusButton pending={pending} pendingText="Confirming...">
						Confirm
					</StatusButton>
				)}
			</Form>
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Confirm a 0% offer | ${site.name}` }]
