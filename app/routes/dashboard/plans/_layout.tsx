import { Link, Outlet } from 'react-router'
import { site } from '#app/content/site.ts'
import { planCardsFor } from '#app/features/plans/plan.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/_layout'
import { BadgedTitle } from '#app/components/badged-title.tsx'

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	return {
		current: user.plan,
		cards: planCardsFor(user.plan),
	}
}

export default function PlansRoute({ loaderData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<Outlet />
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Plans</h1>
				<p className="mt-2 text-slate-300">
					Plans follow the capital you trade with at a partner broker. Membership stays free; an activation code from
					our team moves you up.
				</p>
			</div>
			<ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
				{loaderData.cards.map((card) => (
					<li
						key={card.id}
						className={cx(
							'flex flex-col rounded-2xl border bg-slate-900/70 p-5',
							card.state === 'current'
								? 'border-emerald-400'
								: card.popular
									? 'border-amber-300/70'
									: 'border-slate-800',
						)}
					>
						<BadgedTitle
							title={<h2 className="text-lg font-bold">{card.name}</h2>}
							badge={card.popular ? 'Popular' : null}
							badgeClassName="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-slate-950"
						/>
						<p className="mt-1 text-xl font-semibold text-emerald-300">{card.capitalRange}</p>
						<p className="text-sm text-slate-400">{card.accessLevel}</p>
						<ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-300">
							{card.features.map((f) => (
								<li key={f}>{f}</li>
							))}
						</ul>
						<div className="mt-4">
							{card.state === 'current' ? (
								<button type="button" disabled className="btn-primary w-full">
									Current Plan
								</button>
							) : card.state === 'included' ? (
								<button type="button" disabled className="btn-secondary w-full opacity-70">
									Included in your plan
								</button>
							) : (
								<Link to={`activate?plan=${card.id}`} preventScrollReset className="btn-secondary w-full">
									Activate {card.name}
								</Link>
							)}
						</div>
					</li>
				))}
			</ul>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Plans | ${site.name}` }]
