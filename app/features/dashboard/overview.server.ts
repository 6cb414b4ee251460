import { SETUP_PROGRESS_PERCENT } from '#app/content/dashboard.ts'
import type { Plan } from '#app/domain/enums.ts'
import type { IconName } from '#app/components/icon.tsx'
import { academyStats, getCompletedLessonIds, type AcademyStats } from '#app/features/academy/academy.server.ts'
import { listActiveBrokers, type MemberBroker } from '#app/features/brokers/brokers.server.ts'
import { getMemberBrokers } from '#app/features/brokers/member-brokers.server.ts'
import type { ConnectedBrokerSummary } from '#app/features/dashboard/responses.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { formatPoints } from '#app/features/referrals/referral.server.ts'
import { firstName } from '#app/features/users/user.server.ts'
import { registryTotals } from '#app/features/traders/traders.server.ts'
import { listMemberPromotions, type MemberPromotion } from '#app/features/content/promotions.server.ts'

/**
 * The member dashboard's overview (spec section 4, "Dashboard home"): one
 * rule for the page (app/routes/dashboard/_home/_layout.tsx) and the member API
 * (GET /api/member/overview). Live Top Traders are separate
 * (app/features/traders/traders.server.ts).
 */

export type OverviewTile = { label: string; value: string; icon: IconName }

export type { ConnectedBrokerSummary }

export type MemberOverview = {
	firstName: string
	tiles: OverviewTile[]
	plan: { id: Plan; name: string }
	/** Percent; the quick-start guide's progress (content: SETUP_PROGRESS_PERCENT). */
	setupProgressPercent: number
	academy: AcademyStats
	referralPoints: number
	connectedBrokers: ConnectedBrokerSummary[]
	/** Active partner brokers (by sortOrder then name). */
	partnerBrokers: MemberBroker[]
	/** Active Promotions: published and unexpired by the clock (decision 062). */
	promotions: MemberPromotion[]
	account: { joinedAt: Date; referralCode: string; unlockedAt: Date | null }
}

type OverviewMember = {
	id: number
	name: string
	plan: Plan
	referralPoints: number
	referralCode: string
	createdAt: Date
	unlockedAt: Date | null
}

export function getMemberOverview(member: OverviewMember, now = new Date()): MemberOverview {
	const academy = academyStats(getCompletedLessonIds(member.id))
	// From the registry (decision 056): listed and watch traders, and the
	// share of winning trades over all their trades ("—" with none).
	const registry = registryTotals()
	return {
		firstName: firstName(member.name),
		tiles: [
			{ label: 'Verified Traders', value: registry.traders.toLocaleString('en-US'), icon: 'badge-check' },
			{
				label: 'Verified Win Rate',
				value: registry.winRate === null ? '—' : `${Math.round(registry.winRate * 100)}%`,
				icon: 'target',
			},
			{ label: 'Your Referral Points', value: formatPoints(member.referralPoints), icon: 'star' },
			{ label: 'Academy Progress', value: `${academy.progressPercent}%`, icon: 'graduation-cap' },
		],
		plan: { id: member.plan, name: planName(member.plan) },
		setupProgressPercent: SETUP_PROGRESS_PERCENT,
		academy,
		referralPoints: member.referralPoints,
		connectedBrokers: getMemberBrokers(member.id).map((b) => ({
			name: b.name,
			slug: b.slug,
			active: b.active,
			funded: b.funded,
			firstClickAt: b.firstClickAt,
			months: b.months,
			totals: b.totals,
		})),
		partnerBrokers: listActiveBrokers(),
		promotions: listMemberPromotions(now),
		account: { joinedAt: member.createdAt, referralCode: member.referralCode, unlockedAt: member.unlockedAt },
	}
}
