import type { OfferView } from '#app/features/offers/responses.server.ts'
import { cx } from '#app/utils/misc.ts'
import { RiskBadge } from './risk-badge.tsx'

const numberFormat = new Intl.NumberFormat('en-US')

/** "+12.6%", "-3.1%", or what a missing figure means. */
function signedPercent(value: number | null) {
	if (value === null) return 'Not enough history'
	return `${value > 0 ? '+' : ''}${value}%`
}

/**
 * One 0% fee offer as members see it on /dashboard/zero-fee (and as staff
 * preview it on /admin/content/offers): the trader, the fees, the trader's
 * figures from the registry, the spots left with the spec's status text.
 * `children` are the member's claim status and action.
 */
export function OfferCard({
	offer,
	children,
}: {
	offer: Omit<OfferView, 'confirmed' | 'claimStatus'>
	children?: React.ReactNode
}) {
	return (
		<li
			data-offer={offer.id}
			className={cx(
				'flex flex-col rounded-2xl border bg-slate-900/70 p-5',
				offer.featured ? 'border-emerald-400/60' : 'border-slate-800',
			)}
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h2 className="text-lg font-bold">{offer.trader}</h2>
				<div className="flex flex-wrap gap-2">
					{offer.featured ? (
						<span className="rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
							Featured
						</span>
					) : null}
					{offer.urgent ? (
						<span className="rounded-full bg-red-400 px-2 py-0.5 text-xs font-semibold text-slate-950">Ends soon</span>
					) : null}
					{offer.risk ? (
						<RiskBadge risk={offer.risk} />
					) : (
						<span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs font-semibold text-slate-100">
							Risk not rated yet
						</span>
					)}
				</div>
			</div>
			<p className="mt-2 text-sm text-slate-300">{offer.description}</p>
			<p className="mt-3 text-2xl font-bold text-emerald-300 tabular-nums">
				{offer.currentFee}% fee{' '}
				<span className="text-base font-normal text-slate-400">
					instead of <s>{offer.originalFee}%</s>
				</span>
			</p>
			<dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
				<dt className="text-slate-400">Performance</dt>
				<dd>{offer.performance}</dd>
				<dt className="text-slate-400">Monthly return</dt>
				<dd>{signedPercent(offer.monthlyReturn)}</dd>
				<dt className="text-slate-400">Win rate</dt>
				<dd>{offer.winRate === null ? 'No trades yet' : `${offer.winRate}%`}</dd>
				<dt className="text-slate-400">Followers</dt>
				<dd>{numberFormat.format(offer.totalFollowers)}</dd>
				<dt className="text-slate-400">Minimum capital</dt>
				<dd>${numberFormat.format(offer.minCapital)}</dd>
				<dt className="text-slate-400">Offer ends</dt>
				<dd>{offer.expires ?? 'No end date'}</dd>
			</dl>
			<p className="mt-3 text-sm">
				<span
					className={cx(
						'font-semibold',
						offer.spotsLabel === 'Almost Full!' && 'text-red-300',
						offer.spotsLabel === 'Filling Fast' && 'text-yellow-200',
						offer.spotsLabel === 'Available' && 'text-emerald-300',
					)}
				>
					{offer.spotsLabel}
				</span>{' '}
				<span className="text-slate-300">
					{offer.spotsLeft} of {offer.totalSpots} spots left
				</span>
			</p>
			{children}
		</li>
	)
}
