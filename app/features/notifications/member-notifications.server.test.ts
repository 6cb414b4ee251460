import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { feeOfferClaims } from '#db/schema.ts'
import { insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { makeOffer } from '#tests/offer-factories.ts'
import { eq } from 'drizzle-orm'
import { completeContest } from '#app/features/contests/admin-contests.server.ts'
import { deliverContestResultsBatch } from '#app/features/contests/results.server.ts'
import { confirmOffer } from '#app/features/offers/fee-offers.server.ts'
import { milestonesCrossed, notifyReferralHeld, notifyReferralRejected } from './member-notifications.server.ts'
import { listNotifications } from './notifications.server.ts'
import { updateOfferClaim } from '#app/features/offers/offer-claims.server.ts'
import { creditReferral } from '#app/features/referrals/referral.server.ts'

const titles = (userId: number) => listNotifications(userId).items.map((i) => [i.kind, i.title])

describe('milestonesCrossed', () => {
	test.each([
		[98, 99, []],
		[99, 100, [100]],
		[100, 101, []],
		[299, 300, [300]],
		[0, 600, [100, 300, 500]],
	])('%i -> %i', (before, after, crossed) => {
		expect(milestonesCrossed(before, after).map((m) => m.points)).toEqual(crossed)
	})
})

describe('referral hooks', () => {
	test('a credited referral tells the referrer, and the credit that reaches 100 points tells the milestone', () => {
		const referrer = insertMember({ referralPoints: 99, referralCount: 99 })
		const referred = insertMember({ name: 'Bola Adeyemi', referrer })
		const credited = getDb().transaction((tx) => creditReferral(tx, referred, new Date()))
		expect(credited).toBe('credited')
		const items = listNotifications(referrer.id).items
		expect(items.map((i) => i.kind).sort()).toEqual(['milestone', 'referral_credited'])
		expect(items.find((i) => i.kind === 'referral_credited')!.body).toBe(
			'Bola A. unlocked their dashboard: +1 point. You now have 100.',
		)
		expect(items.find((i) => i.kind === 'milestone')!.title).toBe('Milestone reached: 100 points')
		// A second credit of the same member writes nothing.
		getDb().transaction((tx) => creditReferral(tx, referred, new Date()))
		expect(listNotifications(referrer.id).items).toHaveLength(2)
	})

	test('held and rejected referrals (called by the review flow)', () => {
		const referrer = insertMember()
		getDb().transaction((tx) => {
			notifyReferralHeld(tx, { referrerId: referrer.id, referredName: 'Chidi Obi' }, new Date())
			notifyReferralRejected(
				tx,
				{ referrerId: referrer.id, referredName: 'Chidi Obi', reason: 'Same phone as another account.' },
				new Date(Date.now() + 1000),
			)
		})
		expect(titles(referrer.id)).toEqual([
			['referral_rejected', 'Referral not counted'],
			['referral_held', 'Referral pending review'],
		])
	})
})

describe('offer claim hook', () => {
	test('a status change tells the member; a note alone does not', () => {
		const member = insertMember({ plan: 'gold' })
		const offer = { ...makeOffer(), trader: 'Amara Okafor' }
		const confirmed = confirmOffer(member.id, offer.key)
		if (!confirmed.ok) throw new Error(confirmed.message)
		const claim = getDb().select().from(feeOfferClaims).where(eq(feeOfferClaims.userId, member.id)).get()!
		const admin = insertAuditActor()
		updateOfferClaim(admin, claim.id, { note: 'Called once' })
		expect(titles(member.id)).toEqual([])
		updateOfferClaim(admin, claim.id, { status: 'contacted' })
		const [item] = listNotifications(member.id).items
		expect(item).toMatchObject({ kind: 'offer_claim', title: 'Offer claim: Contacted', link: '/dashboard/zero-fee' })
		expect(item!.body).toContain(offer.trader)
	})
})

describe('contest hook', () => {
	test('completing a contest tells every participant their final rank', () => {
		const contest = insertContest({ status: 'active', name: 'November Trading Cup' })
		const second = insertParticipant(contest.id, 5)
		const first = insertParticipant(contest.id, 9)
		const result = completeContest(insertAuditActor(), contest.id)
		expect(result.ok).toBe(true)
		// The scheduler's contest-results tells them (decision 066).
		expect(deliverContestResultsBatch(new Date(), () => 0)).toEqual({ contestId: contest.id, told: 2 })
		expect(listNotifications(first.user.id).items[0]).toMatchObject({
			kind: 'contest_result',
			title: 'November Trading Cup has ended',
			body: 'Your final rank: #1 of 2. See the winners on the contests page.',
		})
		expect(listNotifications(second.user.id).items[0]!.body).toContain('#2 of 2')
	})

	test('a refused completion tells no one', () => {
		const contest = insertContest({ status: 'draft' })
		const p = insertParticipant(contest.id, 5)
		expect(completeContest(insertAuditActor(), contest.id).ok).toBe(false)
		expect(deliverContestResultsBatch()).toBeNull()
		expect(listNotifications(p.user.id).items).toEqual([])
	})
})
