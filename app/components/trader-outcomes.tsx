import { TableHead } from '#app/components/dashboard-ui.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import type { TraderOutcomes } from '#app/features/copier-outcomes/responses.server.ts'
import { percent, signedPercent } from '#app/features/traders/format.ts'

/**
 * "Members who copied through TradeCircle" on a trader's page (issue 40
 * part 4, decision 061): how many members copied, and per cohort by the
 * month they started the members, the median net result since start over
 * net deposits and the share in profit, each with the members behind it.
 * Cohorts under 5 members are not shown and the text says how many.
 */

const numberFormat = new Intl.NumberFormat('en-US')
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

function monthText(month: string) {
	return monthFormat.format(new Date(`${month}-01T00:00:00Z`))
}

function members(count: number) {
	return `${numberFormat.format(count)} ${count === 1 ? 'member' : 'members'}`
}

export function TraderOutcomesSection({ outcomes }: { outcomes: TraderOutcomes }) {
	return (
		<section aria-labelledby="copier-outcomes-heading" className="mt-5 text-sm">
			<h3 id="copier-outcomes-heading" className="font-semibold">
				Members who copied through TradeCircle
			</h3>
			{outcomes.members === 0 ? (
				<p className="mt-1 text-slate-300">
					No member has copied this trader through TradeCircle in the broker reports yet.
				</p>
			) : (
				<>
					<p className="mt-1 text-slate-200">
						{members(outcomes.members)} copied this trader through TradeCircle
						{outcomes.firstMonth && outcomes.lastMonth
							? `, from ${monthText(outcomes.firstMonth)} to ${monthText(outcomes.lastMonth)}`
							: ''}
						. Results are after the broker’s fees, since each member started, as reported by the brokers.
					</p>
					{outcomes.cohorts.length > 0 ? (
						<TableScroller className="mt-2" label="Members who copied, by the month they started">
							<table className="w-full min-w-[30rem] text-left text-sm tabular-nums">
								<caption className="sr-only">Members who copied through TradeCircle, by the month they started</caption>
								<TableHead columns={['Started', 'Members', 'Median result since start', 'In profit']} />
								<tbody>
									{outcomes.cohorts.map((c) => (
										<tr key={c.month} className="border-b border-slate-800/70">
											<th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
												{monthText(c.month)}
											</th>
											<td className="py-2 pr-3">{numberFormat.format(c.members)}</td>
											<td className="py-2 pr-3">
												{c.medianReturn === null ? (
													<span className="text-slate-300">
														Not shown: fewer than {outcomes.minCohortMembers} members with net deposits
													</span>
												) : (
													<>
														{signedPercent(c.medianReturn)} of net deposits{' '}
														<span className="text-slate-300">({members(c.measured)})</span>
													</>
												)}
											</td>
											<td className="py-2">
												{percent(c.profitShare, 0)}{' '}
												<span className="text-slate-300">
													({numberFormat.format(c.inProfit)} of {members(c.members)})
												</span>
											</td>
										</tr>
									))}
								</tbody>
							</table>
						</TableScroller>
					) : null}
					{outcomes.hiddenText ? <p className="mt-2 text-slate-300">{outcomes.hiddenText}</p> : null}
					<p className="mt-2 text-xs text-slate-400">
						Median result: half the members did better, half worse, as a percentage of what they deposited less what
						they withdrew since they started. Members who took out at least what they put in are counted in the share in
						profit only.
					</p>
				</>
			)}
		</section>
	)
}
