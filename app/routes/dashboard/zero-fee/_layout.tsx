import { data, Link, Outlet } from 'react-router'
import { RiskBadge } from '#app/components/risk-badge.tsx'
import { Icon } from '#app/components/icon.tsx'
import { site } from '#app/content/site.ts'
import { listOffers, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { CLAIM_STATUS_EXPLANATIONS, CLAIM_STATUS_LABELS } from '#app/features/offers/schemas.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/_layout'

const numberFormat = new Intl.NumberFormat('en-US')

/** "+12.6%", "-3.1%", or what a missing figure means. */
function signedPercent(value: number | null) {
	if (value === null) return 'Not enough history'
	return `${value > 0 ? '+' : ''}${value}%`
}

// The lock is enforced here, not only in the menu: the regular plan gets a
// 403 page with the upgrade message.
export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const refused = zeroFeeRefusal(user.plan)
	if (refused) return data({ locked: true as const, message: refused.message }, { status: refused.status })
	return { locked: false as const, offers: listOffers(user.id) }
}

export default function ZeroFeeRoute({ loaderData }: Route.ComponentProps) {
	if (loaderData.locked) {
		return (
			<main className="py-8">
				<h1 className="text-2xl font-bold sm:text-3xl">0% Fee Offers</h1>
				<div className="card mt-6 max-w-xl">
					<p className="flex items-start gap-2 text-lg font-semibold text-amber-200">
						<Icon name="lock" size="md" className="mt-1" />
						{loaderData.message}
					</p>
					<p className="mt-2 text-slate-300">
						0% offers are for Gold Room members and above. Platinum members get early access.
					</p>
					<Link to="/dashboard/plans" className="btn-primary mt-5">
						See the plans
					</Link>
				</div>
			</main>
		)
	}
	return (
		<main className="space-y-6 py-8">
			<Outlet />
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">0% Fee Offers</h1>
				<p className="mt-2 text-slate-300">
					Selected traders waive their performance fee for a limited number of copiers. 0% offers are for Gold Room
					members and above; Platinum members get early access.
				</p>
			</div>
			{loaderData.offers.length === 0 ? (
				<p className="card text-slate-300">No 0% fee offers are open right now. New offers show here.</p>
			) : null}
			<ul className="grid gap-4 lg:grid-cols-2">
				{loaderData.offers.map((offer) => (
					<li
						key={offer.id}
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
									<span className="rounded-full bg-red-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
										Ends soon
									</span>
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
						{offer.claimStatus ? (
							<p className="mt-3 rounded-lg border border-slate-700 bg-slate-950/40 p-3 text-sm">
								<span className="font-semibold">Your request: {CLAIM_STATUS_LABELS[offer.claimStatus]}</span>{' '}
								<span className="text-slate-300">{CLAIM_STATUS_EXPLANATIONS[offer.claimStatus]}</span>
							</p>
						) : null}
						<div className="mt-4">
							{offer.confirmed ? (
								<button type="button" disabled className="btn-secondary w-full opacity-70">
									Interest confirmed
								</button>
							) : offer.spotsLeft === 0 ? (
								<button type="button" disabled className="btn-secondary w-full opacity-70">
									No spots left
								</button>
							) : (
								<Link to={offer.id} preventScrollReset className="btn-primary w-full">
									Claim 0% offer<span className="sr-only"> with {offer.trader}</span>
								</Link>
							)}
						</div>
					</li>
				))}
			</ul>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `0% Fee Offers | ${site.name}` }]
