import type { BrokerCost } from '#app/features/brokers/responses.server.ts'
import { AFFILIATE_DISCLOSURE, BrokerButton, formatLossPercent } from './broker-card.tsx'
import { TableScroller } from './table-scroller.tsx'

const usd = new Intl.NumberFormat('en-US', {
	style: 'currency',
	currency: 'USD',
	minimumFractionDigits: 2,
	maximumFractionDigits: 2,
})
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })

export const BROKER_COSTS_TITLE = 'What copying costs at each broker'

/** "$0", "$10", "$10.50". */
function deposit(dollars: number) {
	return wholeUsd.format(dollars)
}

/**
 * The trader's page (issue 40 part 5, decision 060): every active partner
 * broker that offers the trader, side by side (the rule is
 * app/features/brokers/broker-costs.server.ts): the spread on the trader's
 * main market, the commission, their sum for one 1-lot trade, the copy or
 * performance fee, the minimum deposit, the broker's own loss percentage,
 * and the affiliate disclosure with how we earn from each.
 */
export function TraderBrokerCosts({ costs, trader }: { costs: readonly BrokerCost[]; trader: string }) {
	if (costs.length === 0) return null
	const market = costs[0]!.market
	return (
		<section aria-labelledby="broker-costs-heading" className="mt-5" data-broker-costs>
			<h3 id="broker-costs-heading" className="text-sm font-semibold">
				{BROKER_COSTS_TITLE}
			</h3>
			<p className="mt-1 text-xs text-slate-300">
				On {market}, this trader&rsquo;s main market, in US dollars per standard lot. The cost of a 1-lot trade is the
				spread plus the commission for opening and closing one lot; the copy or performance fee is taken from your
				profits on top of it, and swaps are not included.
			</p>
			<TableScroller className="mt-2" label="Broker costs table">
				<table className="w-full min-w-[44rem] text-left text-xs tabular-nums">
					<thead className="text-slate-300">
						<tr className="border-b border-slate-800">
							<th scope="col" className="py-2 pr-3">
								Broker
							</th>
							<th scope="col" className="py-2 pr-3">
								Spread on {market}
							</th>
							<th scope="col" className="py-2 pr-3">
								Commission per lot
							</th>
							<th scope="col" className="py-2 pr-3">
								Cost of a 1-lot trade
							</th>
							<th scope="col" className="py-2 pr-3">
								Copy or performance fee
							</th>
							<th scope="col" className="py-2 pr-3">
								Minimum deposit
							</th>
							<th scope="col" className="py-2 pr-3">
								Retail accounts that lose money
							</th>
							<th scope="col" className="py-2">
								How we earn
							</th>
						</tr>
					</thead>
					<tbody>
						{costs.map((cost) => (
							<tr key={cost.slug} data-broker-cost={cost.slug} className="border-b border-slate-800/70 align-top">
								<th scope="row" className="min-w-[7rem] py-2 pr-3 font-medium">
									<BrokerButton broker={cost} trader={trader} className="link">
										{cost.name}
									</BrokerButton>
									{cost.tradersBroker ? (
										<span className="block font-normal text-slate-300">The trader&rsquo;s broker</span>
									) : null}
								</th>
								<td className="py-2 pr-3">
									{cost.spreadPerLot === null ? 'Not recorded' : usd.format(cost.spreadPerLot)}
								</td>
								<td className="py-2 pr-3">
									{cost.commissionPerLot === 0 ? 'None' : usd.format(cost.commissionPerLot)}
								</td>
								<td className="py-2 pr-3 font-semibold">
									{cost.costPerLot === null ? 'Not known' : usd.format(cost.costPerLot)}
								</td>
								<td className="py-2 pr-3">{cost.copyFeePercent}% of profits</td>
								<td className="py-2 pr-3">{deposit(cost.minDeposit)}</td>
								<td className="py-2 pr-3">{formatLossPercent(cost.lossPercent)}%</td>
								<td className="min-w-[12rem] py-2">
									<span className="block">{AFFILIATE_DISCLOSURE}</span>
									{cost.howWeEarn ? <span className="block text-slate-300">{cost.howWeEarn}</span> : null}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</TableScroller>
		</section>
	)
}
