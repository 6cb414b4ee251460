import { data, Link, Outlet } from 'react-router'
import { OfferCard } from '#app/components/offer-card.tsx'
import { Icon } from '#app/components/icon.tsx'
import { site } from '#app/content/site.ts'
import { listOffers, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { CLAIM_STATUS_EXPLANATIONS, CLAIM_STATUS_LABELS } from '#app/features/offers/schemas.ts'
import type { Route } from './+types/_layout'

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
					<OfferCard key={offer.id} offer={offer}>
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
					</OfferCard>
				))}
			</ul>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `0% Fee Offers | ${site.name}` }]
