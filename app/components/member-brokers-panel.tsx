import { formatDate, formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import { cx } from '#app/utils/misc.ts'

/** What the member's overview shows of one connected broker (no tracking id, no click count). */
export type MemberBrokerSummary = {
	name: string
	slug: string
	active: boolean
	funded: boolean
	firstClickAt: string | null
	/** Newest first; dollars. */
	months: Array<{ month: string; deposits: number; withdrawals: number }>
	totals: { deposits: number; withdrawals: number; reportMonths: number }
}

/**
 * "Your brokers" on the member's dashboard overview: each broker they
 * connected to (clicked, or funded per the brokers' reports) and the
 * deposits the broker reported for them, always labelled as a monthly
 * report of that broker, never as a live balance. Server rendered only.
 */
export function MemberBrokersPanel({ brokers }: { brokers: MemberBrokerSummary[] }) {
	return (
		<section aria-labelledby="your-brokers-heading" className="card" id="your-brokers">
			<h2 id="your-brokers-heading" className="text-lg font-semibold">
				Your brokers
			</h2>
			{brokers.length === 0 ? (
				<p className="mt-2 text-sm text-slate-300">
					You have not opened a broker account through us yet.{' '}
					<a href="#brokers-heading" className="link">
						Pick one of the partner brokers below
					</a>{' '}
					to start.
				</p>
			) : (
				<>
					<p className="mt-1 text-sm text-slate-400">
						Figures come from the brokers&apos; monthly reports, not live balances.
					</p>
					<ul className="mt-4 grid gap-3 md:grid-cols-2">
						{brokers.map((broker) => (
							<MemberBrokerItem key={broker.slug} broker={broker} />
						))}
					</ul>
				</>
			)}
		</section>
	)
}

function MemberBrokerItem({ broker }: { broker: MemberBrokerSummary }) {
	const [latest, ...earlier] = broker.months
	const status = broker.funded
		? 'Funded'
		: broker.firstClickAt
			? `Clicked on ${formatDate(broker.firstClickAt)}`
			: 'Connected'
	return (
		<li className="min-w-0 rounded-xl border border-slate-700 p-4" data-broker={broker.slug}>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h3 className="font-semibold break-words">{broker.name}</h3>
				<span
					className={cx(
						'rounded-full px-2 py-0.5 text-xs font-semibold',
						broker.funded ? 'bg-emerald-400 text-slate-950' : 'border border-slate-600 text-slate-200',
					)}
				>
					{status}
				</span>
			</div>
			{broker.active ? null : <p className="mt-1 text-xs text-slate-400">No longer a partner broker.</p>}
			{latest ? (
				<div className="mt-3 space-y-1 text-sm">
					<p>
						Deposits reported by {broker.name} for {formatMonth(latest.month)}:{' '}
						<strong className="tabular-nums">{formatUsdCents(latest.deposits)}</strong>
					</p>
					<p className="text-slate-300">
						Withdrawals reported by {broker.name} for {formatMonth(latest.month)}:{' '}
						<span className="tabular-nums">{formatUsdCents(latest.withdrawals)}</span>
					</p>
					{broker.totals.reportMonths > 1 ? (
						<p className="text-slate-300">
							Deposits reported by {broker.name} across {broker.totals.reportMonths} months:{' '}
							<span className="tabular-nums">{formatUsdCents(broker.totals.deposits)}</span>
						</p>
					) : null}
				</div>
			) : (
				<p className="mt-3 text-sm text-slate-300">No monthly report from {broker.name} names you yet.</p>
			)}
			{earlier.length > 0 ? (
				<details className="mt-3 text-sm">
					<summary className="cursor-pointer text-slate-200">Earlier reports from {broker.name}</summary>
					<table className="mt-2 w-full text-left tabular-nums">
						<caption className="sr-only">Earlier monthly reports from {broker.name}</caption>
						<thead className="text-slate-400">
							<tr>
								<th scope="col" className="py-1 pr-2 font-medium">
									Month
								</th>
								<th scope="col" className="py-1 pr-2 text-right font-medium">
									Deposits
								</th>
								<th scope="col" className="py-1 text-right font-medium">
									Withdrawals
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-slate-800">
							{earlier.map((m) => (
								<tr key={m.month}>
									<th scope="row" className="py-1 pr-2 font-normal">
										{formatMonth(m.month)}
									</th>
									<td className="py-1 pr-2 text-right">{formatUsdCents(m.deposits)}</td>
									<td className="py-1 text-right">{formatUsdCents(m.withdrawals)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</details>
			) : null}
		</li>
	)
}
