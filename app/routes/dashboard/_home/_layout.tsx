import { Form, Link, Outlet, useSubmit } from 'react-router'
import { CardSection, ProgressBar, StatTile, TableHead, TitledSection } from '#app/components/dashboard-ui.tsx'
import { NewTabMark } from '#app/components/icon.tsx'
import { CopyButton, useHydrated } from '#app/components/forms.tsx'
import { BrokerCard } from '#app/components/broker-card.tsx'
import { RiskBadge } from '#app/components/risk-badge.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { communityLinks, promotions, quickStartGuide, TRADER_SORTS } from '#app/content/dashboard.ts'
import { site } from '#app/content/site.ts'
import { parseTraderSort, sortTraders, traderSummary } from '#app/features/traders/traders.server.ts'
import { chartOnce, sparkline } from '#app/utils/charts.server.ts'
import { MemberBrokersPanel } from '#app/components/member-brokers-panel.tsx'
import { getMemberOverview } from '#app/features/dashboard/overview.server.ts'
import { Sparkline } from '#app/components/charts.tsx'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/_layout'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const numberFormat = new Intl.NumberFormat('en-US')

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const sort = parseTraderSort(url.searchParams.get('sort'))
	// The overview's rule is shared with GET /api/member/overview.
	const overview = getMemberOverview(user)
	return {
		firstName: overview.firstName,
		yourBrokers: overview.connectedBrokers,
		sort,
		traders: sortTraders(sort).map((t) => ({
			...traderSummary(t),
			// Drawn from the sample series on the server (no chart code in the browser).
			sparkline: chartOnce(`sparkline:${t.id}`, () => sparkline(t.weeklySeries, `${t.name}, weekly returns`)),
		})),
		stats: overview.tiles,
		setupProgressPercent: overview.setupProgressPercent,
		brokers: overview.partnerBrokers,
		account: {
			plan: overview.plan.name,
			joined: dateFormat.format(overview.account.joinedAt),
			referralCode: overview.account.referralCode,
			unlocked: overview.account.unlockedAt ? `Yes, since ${dateFormat.format(overview.account.unlockedAt)}` : 'Yes',
		},
	}
}

export default function DashboardHomeRoute({ loaderData }: Route.ComponentProps) {
	const { sort } = loaderData
	const hydrated = useHydrated()
	const submit = useSubmit()
	const detailSearch = sort === 'weeklyReturn' ? '' : `?sort=${sort}`
	return (
		<main className="space-y-8 py-8">
			{/* A trader's detail (nested route): a dialog with JS, a section here without. */}
			<Outlet />
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {loaderData.firstName}!</h1>
				<p className="mt-2 text-slate-300">Find a trader, open a partner broker account and start copying from $50.</p>
			</div>

			<TitledSection headingId="stats-heading" title="Your numbers" headingClassName="sr-only">
				<dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
					{loaderData.stats.map((stat) => (
						<StatTile key={stat.label} {...stat} />
					))}
				</dl>
			</TitledSection>

			<section aria-labelledby="traders-heading" className="card" id="traders">
				<div className="flex flex-wrap items-end justify-between gap-3">
					<div>
						<h2 id="traders-heading" className="text-lg font-semibold">
							Live Top Traders
						</h2>
						<p className="text-sm text-slate-400">
							Sample figures for illustration; past results do not guarantee future returns.
						</p>
					</div>
					<Form method="get" className="flex items-end gap-2" preventScrollReset>
						<div>
							<label htmlFor="trader-sort" className="mb-1 block text-sm font-medium text-slate-200">
								Sort by
							</label>
							<select
								id="trader-sort"
								name="sort"
								defaultValue={sort}
								key={sort}
								className="input py-2"
								onChange={(event) => {
									if (hydrated) void submit(event.currentTarget.form, { preventScrollReset: true })
								}}
							>
								{TRADER_SORTS.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
							</select>
						</div>
						<button type="submit" className={cx('btn-secondary btn-sm', hydrated && 'sr-only')}>
							Sort
						</button>
					</Form>
				</div>
				{/* Its own name: a second landmark named like the section is a duplicate (axe landmark-unique). */}
				<TableScroller className="mt-4" label="Traders table">
					{/* Below 640 px each row is a card (app.css .card-table): rank, name, risk, sparkline, returns; the whole card opens the detail. */}
					<table className="card-table w-full text-left text-sm tabular-nums sm:min-w-[42rem]">
						<TableHead
							columns={['Trader', 'Weekly Return', 'Last 12 Weeks', 'Monthly Return', 'Win Rate', 'Followers', 'Risk']}
						/>
						<tbody>
							{loaderData.traders.map((trader, i) => (
								<tr
									key={trader.id}
									className="border-b border-slate-800/70 [--card-columns:auto_minmax(0,1fr)_minmax(0,1fr)] max-sm:hover:border-emerald-400/60"
								>
									<td className="py-2.5 pr-3 max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:self-center">
										<span className="mr-2 text-slate-400">{i + 1}.</span>
										{/* On a phone the link covers the whole card: one tap to the detail. */}
										<Link
											to={`traders/${trader.id}${detailSearch}`}
											preventScrollReset
											className="link max-sm:text-base max-sm:after:absolute max-sm:after:inset-0 max-sm:after:rounded-xl max-sm:after:content-['']"
										>
											{trader.name}
										</Link>
										{trader.trending ? <span className="ml-2 text-xs text-amber-200">Trending</span> : null}
									</td>
									<ReturnCell label="Weekly" value={trader.weeklyReturn} cardColumn={2} />
									<td className="py-1.5 pr-3 max-sm:col-start-1 max-sm:row-start-2 max-sm:self-end">
										<Sparkline chart={trader.sparkline} />
									</td>
									<ReturnCell label="Monthly" value={trader.monthlyReturn} cardColumn={3} />
									<td data-cell="desktop" className="py-2.5 pr-3">
										{trader.winRate}%
									</td>
									<td data-cell="desktop" className="py-2.5 pr-3">
										{numberFormat.format(trader.followers)}
									</td>
									<td className="py-2.5 max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end max-sm:self-center">
										<RiskBadge risk={trader.riskLevel} />
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</TableScroller>
			</section>

			{/* After the traders: on a phone the first trader card stays in the first screen. */}
			<MemberBrokersPanel brokers={loaderData.yourBrokers} />

			<section aria-labelledby="setup-heading" className="card">
				<div className="flex items-center justify-between gap-3">
					<h2 id="setup-heading" className="text-lg font-semibold">
						Setup progress
					</h2>
					<span className="text-sm font-semibold text-emerald-300">{loaderData.setupProgressPercent}%</span>
				</div>
				<ProgressBar labelledBy="setup-heading" percent={loaderData.setupProgressPercent} className="mt-3" />
			</section>

			<CardSection headingId="guide-heading" title="Quick-start guide">
				<ol className="mt-4 grid gap-4 sm:grid-cols-2">
					{quickStartGuide.map((step, i) => (
						<li key={step.title} className="flex gap-3">
							<span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-400 text-sm font-bold text-slate-950">
								{i + 1}
							</span>
							<span>
								<span className="block font-medium">{step.title}</span>
								<span className="block text-sm text-slate-300">{step.text}</span>
							</span>
						</li>
					))}
				</ol>
			</CardSection>

			<CardSection headingId="promotions-heading" title="Active Promotions">
				<ul className="mt-4 grid gap-3 md:grid-cols-3">
					{promotions.map((promo) => (
						<li key={promo.code} className="rounded-xl border border-slate-700 p-4">
							<p className="text-sm text-slate-200">{promo.description}</p>
							<div className="mt-3 flex flex-wrap items-center gap-2">
								<code className="select-all rounded bg-slate-800 px-2 py-1 font-mono text-emerald-200">
									{promo.code}
								</code>
								<CopyButton value={promo.code} label={`Copy code ${promo.code}`} />
							</div>
							<p className="mt-2 text-xs text-slate-400">Expires {promo.expires}</p>
						</li>
					))}
				</ul>
			</CardSection>

			<CardSection headingId="brokers-heading" title="Partner Brokers">
				<p className="mt-1 text-sm text-slate-400">
					Your money stays with the broker. We earn from broker partnerships, never from your deposits.
				</p>
				{loaderData.brokers.length === 0 ? (
					<p className="mt-4 text-sm text-slate-300">No partner brokers are available right now.</p>
				) : (
					<ul className="mt-4 grid gap-3 md:grid-cols-3">
						{loaderData.brokers.map((broker) => (
							<BrokerCard key={broker.slug} broker={broker} />
						))}
					</ul>
				)}
			</CardSection>

			<div className="grid gap-8 lg:grid-cols-2">
				<CardSection headingId="community-heading" title="Community Hub">
					<ul className="mt-4 space-y-3">
						{communityLinks.map((c) => (
							<li key={c.name}>
								<a href={c.url} target="_blank" rel="noopener noreferrer" className="link">
									{c.name}
									<NewTabMark />
								</a>
								<span className="block text-sm text-slate-400">{c.text}</span>
							</li>
						))}
					</ul>
					<p className="mt-4 text-sm text-slate-400">Support on Telegram: {site.supportHandle}</p>
				</CardSection>

				<CardSection headingId="account-heading" title="Account Overview">
					<dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
						<dt className="text-slate-400">Plan</dt>
						<dd>{loaderData.account.plan}</dd>
						<dt className="text-slate-400">Joined</dt>
						<dd>{loaderData.account.joined}</dd>
						<dt className="text-slate-400">Referral code</dt>
						<dd>
							<code className="select-all font-mono text-emerald-200">{loaderData.account.referralCode}</code>
						</dd>
						<dt className="text-slate-400">Dashboard unlocked</dt>
						<dd>{loaderData.account.unlocked}</dd>
					</dl>
				</CardSection>
			</div>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Dashboard | ${site.name}` },
	{ name: 'description', content: 'Your plan, your setup, your brokers and the live top traders to copy.' },
]

/** A trader's return in the traders table; on a phone's card it sits in the second row, in `cardColumn`. */
function ReturnCell({ label, value, cardColumn }: { label: string; value: number; cardColumn: 2 | 3 }) {
	return (
		<td
			data-label={label}
			className={cx(
				'py-2.5 pr-3 text-emerald-300',
				cardColumn === 2 ? 'max-sm:col-start-2' : 'max-sm:col-start-3',
				'max-sm:row-start-2 max-sm:text-base max-sm:font-semibold',
			)}
		>
			+{value}%
		</td>
	)
}
