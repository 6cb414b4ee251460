import { eq } from 'drizzle-orm'
import type { Tx } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { milestones, type Milestone } from '#app/content/dashboard.ts'
import type { ClaimStatus } from '#app/domain/enums.ts'
import { CLAIM_STATUS_LABELS } from '#app/features/offers/schemas.ts'
import { notify } from './notifications.server.ts'
import { displayName } from '#app/features/users/user.server.ts'

/**
 * What each event tells the member (issue 15 part 5): the hooks in the
 * referral, offer-claim and contest models call these inside their own
 * transaction, so the inbox row is written with the change or not at all.
 * docs/decisions/023-consents-and-notifications.md
 */

const numberFormat = new Intl.NumberFormat('en-US')

/** The milestones passed when points went from `before` to `after`. */
export function milestonesCrossed(before: number, after: number, list: Milestone[] = milestones) {
	return list.filter((m) => before < m.points && after >= m.points)
}

/**
 * A referral was credited to `referrerId` (their points already raised by `points`):
 * the credit, and each milestone that credit reached.
 */
export function notifyReferralCredited(
	tx: Tx,
	input: { referrerId: number; referredName: string; points: number },
	now: Date,
) {
	const referrer = tx.select({ points: users.referralPoints }).from(users).where(eq(users.id, input.referrerId)).get()
	if (!referrer) return
	const who = displayName(input.referredName)
	notify(
		tx,
		{
			userId: input.referrerId,
			kind: 'referral_credited',
			title: 'Referral credited',
			body: `${who} unlocked their dashboard: +${input.points} point${input.points === 1 ? '' : 's'}. You now have ${numberFormat.format(referrer.points)}.`,
			link: '/dashboard/referrals',
		},
		now,
	)
	for (const milestone of milestonesCrossed(referrer.points - input.points, referrer.points)) {
		notify(
			tx,
			{
				userId: input.referrerId,
				kind: 'milestone',
				title: `Milestone reached: ${numberFormat.format(milestone.points)} points`,
				body: `You reached ${numberFormat.format(milestone.points)} referral points: ${milestone.reward}. Our team will contact you about your reward.`,
				link: '/dashboard/referrals?tab=milestones',
			},
			now,
		)
	}
}

/** A referral held for review (R15): the referrer is told it does not count yet. */
export function notifyReferralHeld(tx: Tx, input: { referrerId: number; referredName: string }, now: Date) {
	notify(
		tx,
		{
			userId: input.referrerId,
			kind: 'referral_held',
			title: 'Referral pending review',
			body: `${displayName(input.referredName)} unlocked their dashboard. This referral is pending review and counts once our team approves it.`,
			link: '/dashboard/referrals',
		},
		now,
	)
}

/** A held referral rejected by staff (R15), with the reason given. */
export function notifyReferralRejected(
	tx: Tx,
	input: { referrerId: number; referredName: string; reason: string },
	now: Date,
) {
	notify(
		tx,
		{
			userId: input.referrerId,
			kind: 'referral_rejected',
			title: 'Referral not counted',
			body: `The referral of ${displayName(input.referredName)} was reviewed and does not count: ${input.reason}`,
			link: '/dashboard/referrals',
		},
		now,
	)
}

/** Staff changed the status of the member's offer claim. */
export function notifyClaimStatus(
	tx: Tx,
	input: { userId: number; offerTitle: string; status: ClaimStatus },
	now: Date,
) {
	const label = CLAIM_STATUS_LABELS[input.status]
	notify(
		tx,
		{
			userId: input.userId,
			kind: 'offer_claim',
			title: `Offer claim: ${label}`,
			body: `Your claim for the 0% fee offer with ${input.offerTitle} is now "${label}".`,
			link: '/dashboard/zero-fee',
		},
		now,
	)
}

/** A contest completed: a participant gets their final rank of `total` (the contest's results delivery, decision 066). */
export function notifyContestResult(
	tx: Tx,
	contest: { name: string },
	participant: { userId: number; rank: number },
	total: number,
	now: Date,
) {
	notify(
		tx,
		{
			userId: participant.userId,
			kind: 'contest_result',
			title: `${contest.name} has ended`,
			body: `Your final rank: #${participant.rank} of ${numberFormat.format(total)}. See the winners on the contests page.`,
			link: '/dashboard/contests',
		},
		now,
	)
}
