import { data, Form, Link, useLocation } from 'react-router'
import { EquityCurve, MonthlyBars } from '#app/components/charts.tsx'
import { BrokerButton, BrokerDisclosure } from '#app/components/broker-card.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { FlagList, RiskScore, SampleMarker, WatchWarning } from '#app/components/trader-parts.tsx'
import { TraderBrokerCosts } from '#app/components/trader-broker-costs.tsx'
import { TraderOutcomesSection } from '#app/components/trader-outcomes.tsx'
import { traderOutcomesBySlug } from '#app/features/copier-outcomes/outcomes.server.ts'
import { site } from '#app/content/site.ts'
import { day, metricRows, signedPercent, STATUS_LABELS } from '#app/features/traders/format.ts'
import { getMemberTraderDetail } from '#app/features/traders/traders.server.ts'
import { watchedSlugs } from '#app/features/watchlist/watchlist.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { chartOnce, equityCurve, monthlyBars } from '#app/utils/charts.server.ts'
import { UNKNOWN_TRADER } from '#app/features/traders/schemas.ts'
import type { Route } from './+types/$traderId'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

const numberFormat = new Intl.NumberFormat('en-US')
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' })

export const PAST_PERFORMANCE_WARNING = 'Past performance is not a reliable indicator of future results.'

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	// One rule with GET /api/member/traders/:slug.
	const detail = getMemberTraderDetail(params.traderId, { drawdownSeries: false })
	if (!detail) throw data({ error: UNKNOWN_TRADER }, { status: 404 })
	const { trader, broker } = detail
	// The last 12 complete months with a return, drawn on the server from the stored series.
	const months = trader.monthlyReturns.filter((m) => m.return !== null).slice(-12) as Array<{
		month: string
		return: number
	}>
	const labels = months.map((m) => monthFormat.format(new Date(`${m.month}-01T00:00:00Z`)))
	const values = months.map((m) => m.return * 100)
	const wording = {
		unit: 'months',
		note: 'from verified statements',
		since: `at the start of ${labels[0] ?? 'the record'}`,
		period: `${months.length} complete months`,
	}
	const charts =
		months.length >= 2
			? chartOnce(`trader:${trader.slug}:${trader.statementsUntil}:${values.join()}`, () => ({
					equity: equityCurve(values, labels, 1000, 320, 140, wording),
					bars: monthlyBars(values, labels, 320, 120, wording),
				}))
			: null
	const watching = watchedSlugs(user.id).has(trader.slug)
	// The daily drawdown series is the API's (GET /api/member/traders/:id): the
	// page draws the monthly figures, so it neither reads nor carries years of days.
	const { drawdownSeries: _series, ...shown } = trader
	return {
		trader: shown,
		broker,
		brokerCosts: detail.brokerCosts,
		charts,
		chartMonths: months.length,
		watching,
		outcomes: traderOutcomesBySlug(trader.slug),
		// Members watch listed and watch traders; a past trader can only be let go.
		canWatch: watching || trader.status === 'listed' || trader.status === 'watch',
		back: `${url.pathname}${url.search}`,
	}
}

export default function TraderDetailRoute({ loaderData }: Route.ComponentProps) {
	const { trader, broker, charts, chartMonths } = loaderData
	const { search } = useLocation()
	const m = trader.metrics
	const past = trader.status === 'suspended' || trader.status === 'retired'
	const rows: Array<[string, React.ReactNode]> = [
		['Status', STATUS_LABELS[trader.status]],
		['Weekly return', signedPercent(trader.return1w)],
		...metricRows(m, trader.currency),
		['Followers', numberFormat.format(trader.followers)],
		['Markets', trader.markets.join(', ')],
	]
	return (
		<RouteDialog title={trader.name} closeTo={`/dashboard${search}`} description={trader.strategy}>
			<p className="text-sm">
				{trader.sample ? <SampleMarker /> : null}
				{trader.status === 'watch' ? <WatchWarning note={trader.statusNote} /> : null}
				{past ? (
					<span className="block text-amber-200">
						{STATUS_LABELS[trader.status]}: {trader.statusNote}
					</span>
				) : null}
			</p>
			<div className="mt-3 flex flex-wrap items-start justify-between gap-3">
				<RiskScore score={trader.riskScore} meaning={trader.riskMeaning} />
				<div className="flex flex-wrap gap-2">
					{trader.status === 'listed' || trader.status === 'watch' ? (
						// Starts a comparison with this trader (issue 40 part 3): the picker adds the others.
						<Link to={`/dashboard/compare?ids=${trader.slug}`} className="btn-secondary btn-sm">
							Compare
						</Link>
					) : null}
					{loaderData.canWatch ? (
						<Form method="post" action="/dashboard/watchlist">
							<input type="hidden" name="intent" value={loaderData.watching ? 'unwatch' : 'watch'} />
							<input type="hidden" name="slug" value={trader.slug} />
							<input type="hidden" name="back" value={loaderData.back} />
							<button type="submit" className="btn-secondary btn-sm">
								{loaderData.watching ? 'Stop watching' : 'Watch'}
							</button>
						</Form>
					) : null}
				</div>
			</div>
			<p className="mt-3 text-sm text-slate-200">{trader.review.text}</p>
			<p className="mt-1 text-sm text-slate-300">Source: {trader.source.text}.</p>
			<dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-slate-400">{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			<h3 className="mt-5 text-sm font-semibold">Red flags</h3>
			<div className="mt-2">
				<FlagList flags={trader.flags} />
			</div>
			{charts ? (
				<div className="mt-5 grid gap-5 sm:grid-cols-2">
					<EquityCurve chart={charts.equity} title={`$1,000 copied over the last ${chartMonths} complete months`} />
					<MonthlyBars chart={charts.bars} title="Monthly returns" />
				</div>
			) : (
				<p className="mt-5 text-sm text-slate-300">Fewer than 2 complete months of statements: no charts yet.</p>
			)}
			<section aria-labelledby="past-performance-heading" className="mt-5 text-xs text-slate-300">
				<h3 id="past-performance-heading" className="font-semibold">
					Past performance, complete 12-month periods
				</h3>
				{trader.periods.length === 0 ? (
					<p className="mt-1">
						No complete 12-month period yet (statements {day(trader.statementsFrom)} to {day(trader.statementsUntil)}).
					</p>
				) : (
					<ul className="mt-1 space-y-0.5">
						{trader.periods.map((p) => (
							<li key={p.from}>
								{day(p.from)} to {day(p.to)}: {signedPercent(p.return)}
							</li>
						))}
					</ul>
				)}
				<p className="mt-1">
					Source: {trader.source.brokerName} statements, in {trader.currency}, up to {day(trader.source.until)}.{' '}
					{PAST_PERFORMANCE_WARNING}
				</p>
			</section>
			<TraderBrokerCosts costs={loaderData.brokerCosts} trader={trader.slug} />
			{loaderData.outcomes ? <TraderOutcomesSection outcomes={loaderData.outcomes} /> : null}
			<p className="mt-4 text-xs text-slate-400">
				Copying happens at the broker; you can stop at any time. {site.riskWarning}
			</p>
			{broker && !past ? (
				<>
					<BrokerButton broker={broker} trader={trader.slug} className="btn-primary mt-4 w-full">
						Copy {trader.name} with {broker.name}
					</BrokerButton>
					<BrokerDisclosure broker={broker} className="mt-3" />
				</>
			) : null}
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.trader.name ?? 'Trader'} | ${site.name}` }]
