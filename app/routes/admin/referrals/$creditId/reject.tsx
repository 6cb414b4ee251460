import { data } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { ConfirmDialog, ConfirmSubject } from '#app/components/confirm-dialog.tsx'
import { dialogHandle } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { getReferralReview, rejectReferral } from '#app/features/referrals/review.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	parseReferralId,
	REFERRAL_REVIEW_LIMITS,
	referralReviewQueryFromUrl,
	ReferralRejectFormSchema,
	REFERRAL_MESSAGES,
} from '#app/features/referrals/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { fail } from '#app/utils/result.ts'
import { runFormAction } from '#app/utils/forms.server.ts'
import type { Route } from './+types/reject'

export const handle = dialogHandle

// /admin/referrals/:creditId/reject: reject a held referral with a required
// reason (referrals:review); it never counts. A decided one is a 409.

function listHref(url: URL) {
	const query = referralReviewQueryFromUrl(url.searchParams)
	return `/admin/referrals?view=${query.view}${query.page > 1 ? `&page=${query.page}` : ''}`
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'referrals:review')
	const id = parseReferralId(params.creditId)
	const referral = id === null ? null : getReferralReview(id)
	if (!referral) throw data({ message: REFERRAL_MESSAGES.notFound }, { status: 404 })
	return { referral, closeTo: listHref(url) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'referrals:review')
	const id = parseReferralId(params.creditId)
	return runFormAction(
		request,
		ReferralRejectFormSchema,
		({ reason }) =>
			id === null
				? fail(404, REFERRAL_MESSAGES.notFound)
				: rejectReferral({ id: admin.id, email: admin.email }, id, reason),
		() => redirectWithFlash(listHref(url), REFERRAL_MESSAGES.rejected),
	)
}

export default function RejectReferralRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { referral } = loaderData
	return (
		<ConfirmDialog
			title={REFERRAL_MESSAGES.rejectTitle}
			description={REFERRAL_MESSAGES.rejectWarning}
			closeTo={loaderData.closeTo}
			formId="referral-reject-form"
			lastResult={actionData?.result}
			reason={{
				schema: ReferralRejectFormSchema,
				label: 'Reason for rejecting',
				hint: `Required; the referrer sees it, and the audit log keeps it (at most ${REFERRAL_REVIEW_LIMITS.reason} characters).`,
			}}
			submit={{ label: 'Reject Referral', pending: 'Rejecting...' }}
		>
			<ConfirmSubject
				title={referral.referrer.name}
				titleClassName="break-words"
				detail={<>referred {referral.referred ? referral.referred.name : 'a deleted member'}</>}
			/>
		</ConfirmDialog>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REFERRAL_MESSAGES.rejectTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REFERRAL_MESSAGES.rejectTitle} fallback={REFERRAL_MESSAGES.loadFailed} />
}
