import { data, useLocation } from 'react-router'
import { EquityCurve, MonthlyBars } from '#app/components/charts.tsx'
import { RiskBadge } from '#app/components/risk-badge.tsx'
import { BrokerButton, BrokerDisclosure } from '#app/components/broker-card.tsx'
import { dialogHandle, RouteDialog } from '#app/components/route-dialog.tsx'
import { site } from '#app/content/site.ts'
import { getTraderDetail } from '#app/features/traders/traders.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { chartOnce, equityCurve, lastTwelveMonths, monthlyBars } from '#app/utils/charts.server.ts'
import { UNKNOWN_TRADER } from '#app/features/traders/schemas.ts'
import type { Route } from './+types/$traderId'

// A dialog over its parent page (the flash message shows inside it).
export const handle = dialogHandle

const numberFormat = new Intl.NumberFormat('en-US')

export async function loader({ request, url, params }: Route.LoaderArgs) {
	await requireUnlockedMember({ request, url })
	// One rule with GET /api/member/traders/:id.
	const detail = getTraderDetail(params.traderId)
	if (!detail) throw data({ error: UNKNOWN_TRADER }, { status: 404 })
	const { trader, broker } = detail
	const months = lastTwelveMonths(new Date())
	// The month labels move with the month: they are part of the key.
	const charts = chartOnce(`trader:${trader.id}:${months.join()}`, () => ({
		equity: equityCurve(trader.monthlySeries, months),
		bars: monthlyBars(trader.monthlySeries, months),
	}))
	return { trader, broker, charts }
}

export default function TraderDetailRoute({ loaderData }: Route.ComponentProps) {
	const { trader, broker, charts } = loaderData
	const { search } = useLocation()
	const rows: Array<[string, React.ReactNode]> = [
		['Weekly return', `+${trader.weeklyReturn}%`],
		['Monthly return', `+${trader.monthlyReturn}%`],
		['Monthly record', trader.monthlyRecord],
		['Win rate', `${trader.winRate}%`],
		['Total trades', numberFormat.format(trader.totalTrades)],
		['Followers', numberFormat.format(trader.followers)],
		['Risk level', <RiskBadge key="risk" risk={trader.riskLevel} />],
		['Markets', trader.markets.join(', ')],
	]
	return (
		<RouteDialog title={trader.name} closeTo={`/dashboard${search}`} description={trader.strategy}>
			<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-slate-400">{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			<div className="mt-5 grid gap-5 sm:grid-cols-2">
				<EquityCurve chart={charts.equity} title="$1,000 copied 12 months ago" />
				<MonthlyBars chart={charts.bars} title="Monthly returns" />
			</div>
			<p className="mt-4 text-xs text-slate-400">
				Sample figures. Copying happens at the broker; you can stop at any time. {site.riskWarning}
			</p>
			{broker ? (
				<>
					<BrokerButton broker={broker} className="btn-primary mt-4 w-full">
						Copy {trader.name} with {broker.name}
					</BrokerButton>
					<BrokerDisclosure broker={broker} className="mt-3" />
				</>
			) : null}
		</RouteDialog>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.trader.name ?? 'Trader'} | ${site.name}` }]
