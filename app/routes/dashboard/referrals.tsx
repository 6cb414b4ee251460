import { PointsOverTime } from '#app/components/charts.tsx'
import { CardSection, ProgressBar, TabLinks, TableHead, TitledSection } from '#app/components/dashboard-ui.tsx'
import { CopyButton } from '#app/components/forms.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { POINTS_PER_REFERRAL } from '#app/content/dashboard.ts'
import { site } from '#app/content/site.ts'
import {
	formatPoints,
	getLeaderboardRank,
	getPointsHistory,
	getPointsStatement,
	getReferralLeaderboard,
	referralSummary,
} from '#app/features/referrals/referral.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { pointsOverTime, type PointsChart } from '#app/features/referrals/points-chart.server.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/referrals'

const TABS = [
	{ id: 'info', label: 'Referral Info' },
	{ id: 'milestones', label: 'Milestone Rewards' },
	{ id: 'leaderboard', label: 'Leaderboard' },
] as const
type Tab = (typeof TABS)[number]['id']

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const numberFormat = new Intl.NumberFormat('en-US')

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const wanted = url.searchParams.get('tab')
	const tab: Tab = TABS.some((t) => t.id === wanted) ? (wanted as Tab) : 'info'
	// The head of the page is shared with GET /api/member/referrals.
	const summary = referralSummary(user)
	return {
		tab,
		link: summary.link,
		referralCode: summary.referralCode,
		points: formatPoints(summary.points),
		referrals: summary.referrals,
		progress: summary.progress,
		milestones: tab === 'milestones' ? summary.milestones : [],
		pointsChart: tab === 'info' ? pointsChart(user.id) : null,
		statement:
			tab === 'info'
				? getPointsStatement(user.id).map((line) => ({ ...line, date: dateFormat.format(new Date(line.date)) }))
				: [],
		leaderboard:
			tab === 'leaderboard'
				? getReferralLeaderboard().map((e) => ({ ...e, points: formatPoints(e.points), me: e.userId === user.id }))
				: [],
		myRank: tab === 'leaderboard' ? getLeaderboardRank(user) : null,
	}
}

/** The member's cumulative points by week or month (app/features/referrals/referral.server.ts), drawn on the server; null without points. */
function pointsChart(userId: number) {
	const history = getPointsHistory(userId)
	return history ? { unit: history.unit, chart: pointsOverTime(history.periods, history.unit) } : null
}

export default function ReferralsRoute({ loaderData }: Route.ComponentProps) {
	const { tab, progress } = loaderData
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Referrals &amp; Invite</h1>
				<p className="mt-2 text-slate-300">
					Every friend who signs up with your link and unlocks their dashboard earns you {POINTS_PER_REFERRAL} point. No
					cap, no expiry.
				</p>
			</div>

			<CardSection headingId="link-heading" title="Your referral link">
				<div className="mt-3 flex flex-wrap items-center gap-2">
					<code className="min-w-0 break-all rounded bg-slate-800 px-3 py-2 font-mono text-sm text-emerald-200 select-all">
						{loaderData.link}
					</code>
					<CopyButton value={loaderData.link} label="Copy link" />
				</div>
				<p className="mt-2 text-sm text-slate-400">
					Your code: <code className="font-mono text-slate-200">{loaderData.referralCode}</code>
				</p>
				<dl className="mt-5 grid grid-cols-2 gap-3">
					<div className="rounded-xl border border-slate-800 p-4">
						<dt className="text-sm text-slate-400">Your points</dt>
						<dd className="text-3xl font-bold text-emerald-300">{loaderData.points}</dd>
					</div>
					<div className="rounded-xl border border-slate-800 p-4">
						<dt className="text-sm text-slate-400">Premium referrals</dt>
						<dd className="text-3xl font-bold">{loaderData.referrals}</dd>
					</div>
				</dl>
				<p className="mt-4 text-sm text-slate-300" id="milestone-progress-label">
					{progress.next
						? `Next milestone: ${numberFormat.format(progress.next.points)} points (${progress.next.reward}), ${numberFormat.format(progress.pointsToNext)} to go`
						: 'Every milestone reached'}
				</p>
				<ProgressBar labelledBy="milestone-progress-label" percent={progress.percent} className="mt-2" />
				<p className="mt-1 text-right text-xs text-slate-400">{progress.percent}%</p>
			</CardSection>

			<TabLinks label="Referral sections" tabs={TABS} current={tab} />

			{tab === 'info' ? <InfoTab statement={loaderData.statement} pointsChart={loaderData.pointsChart} /> : null}
			{tab === 'milestones' ? <MilestonesTab milestones={loaderData.milestones} /> : null}
			{tab === 'leaderboard' ? <LeaderboardTab entries={loaderData.leaderboard} myRank={loaderData.myRank} /> : null}
		</main>
	)
}

const POINTS_CHART_NOTES = {
	week: 'Each bar: all the points you held at the end of that week (weeks start on Monday, UTC).',
	month: 'Each bar: all the points you held at the end of that month (UTC).',
} as const

function InfoTab({
	statement,
	pointsChart,
}: {
	statement: Array<{
		date: string
		reason: string
		points: number
		status: 'credited' | 'held' | 'rejected'
		reviewReason: string | null
	}>
	pointsChart: { unit: 'week' | 'month'; chart: PointsChart } | null
}) {
	return (
		<section aria-labelledby="info-heading" className="card space-y-5">
			<div>
				<h2 id="info-heading" className="text-lg font-semibold">
					How it works
				</h2>
				<ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-300">
					<li>Share your link. It opens sign-up with your code filled in.</li>
					<li>Your friend creates an account and unlocks their dashboard with the channel code.</li>
					<li>You get 1 point and 1 premium referral, once per friend. Points never expire.</li>
				</ol>
			</div>
			<div>
				<h2 className="text-lg font-semibold">Your points over time</h2>
				{pointsChart ? (
					<div className="mt-3 max-w-xl">
						<PointsOverTime
							chart={pointsChart.chart}
							title={`Cumulative points by ${pointsChart.unit}`}
							note={POINTS_CHART_NOTES[pointsChart.unit]}
						/>
					</div>
				) : (
					<p className="mt-2 text-sm text-slate-400">
						No points yet: your chart starts with your first premium referral.
					</p>
				)}
			</div>
			<div>
				<h2 className="text-lg font-semibold">Your points statement</h2>
				{statement.length === 0 ? (
					<p className="mt-2 text-sm text-slate-400">No points yet. Share your link to earn your first point.</p>
				) : (
					<TableScroller className="mt-3" label="Points statement">
						<table className="w-full min-w-[28rem] text-left text-sm">
							<TableHead columns={['Date', 'Reason', 'Points']} lastClassName="text-right" />
							<tbody>
								{statement.map((line, i) => (
									<tr key={i} className="border-b border-slate-800/70">
										<td className="py-2 pr-3 whitespace-nowrap">{line.date}</td>
										<td className="py-2 pr-3">
											{line.reason}
											{line.status === 'held' ? (
												<span className="mt-1 block text-amber-200">
													Pending review: counts once our team approves it
												</span>
											) : line.status === 'rejected' ? (
												<span className="mt-1 block text-red-200">
													Not counted: {line.reviewReason ?? 'rejected on review'}
												</span>
											) : null}
										</td>
										<td className="py-2 text-right whitespace-nowrap">
											{line.status === 'credited' ? (
												<span className="text-emerald-300">+{line.points}</span>
											) : (
												<span className="text-slate-300">
													{line.status === 'held' ? 'Pending review' : 'Not counted'}
												</span>
											)}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableScroller>
				)}
			</div>
		</section>
	)
}

function MilestonesTab({
	milestones,
}: {
	milestones: Array<{ points: number; reward: string; description: string; achieved: boolean }>
}) {
	return (
		<TitledSection headingId="milestones-heading" title="Milestone Rewards">
			<ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
				{milestones.map((m) => (
					<li
						key={m.points}
						className={cx(
							'rounded-xl border p-4',
							m.achieved ? 'border-emerald-400 bg-emerald-400/10' : 'border-slate-800 bg-slate-900/70',
						)}
					>
						<p className="text-sm text-slate-400">{numberFormat.format(m.points)} points</p>
						<h3 className="font-semibold">{m.reward}</h3>
						<p className="text-sm text-slate-300">{m.description}</p>
						<p className={cx('mt-2 text-sm font-semibold', m.achieved ? 'text-emerald-300' : 'text-slate-400')}>
							{m.achieved ? 'Achieved' : 'Locked'}
						</p>
					</li>
				))}
			</ul>
		</TitledSection>
	)
}

function LeaderboardTab({
	entries,
	myRank,
}: {
	entries: Array<{
		rank: number
		name: string
		points: string
		referrals: number
		change: number
		prize: string | null
		me: boolean
	}>
	myRank: number | null
}) {
	return (
		<CardSection headingId="leaderboard-heading" title="Leaderboard">
			<p className="mt-1 text-sm text-slate-300">
				{myRank ? `Your rank: #${myRank}` : 'You are not ranked yet: your first point puts you on the board.'}
			</p>
			{entries.length === 0 ? (
				<p className="mt-3 text-sm text-slate-400">No points earned yet by anyone. Be the first.</p>
			) : (
				<TableScroller className="mt-3" label="Referral leaderboard">
					<table className="w-full min-w-[30rem] text-left text-sm">
						<TableHead columns={['Rank', 'Member', 'Points', 'This week', 'Prize']} />
						<tbody>
							{entries.map((e) => (
								<tr key={e.rank} className={cx('border-b border-slate-800/70', e.me && 'bg-emerald-400/10')}>
									<td className="py-2 pr-3 font-semibold">#{e.rank}</td>
									<td className="py-2 pr-3">
										{e.name}
										{e.me ? <span className="ml-1 text-emerald-300">(you)</span> : null}
									</td>
									<td className="py-2 pr-3">{e.points}</td>
									<td className="py-2 pr-3">{e.change > 0 ? `+${e.change}` : '0'}</td>
									<td className="py-2">{e.prize ?? '—'}</td>
								</tr>
							))}
						</tbody>
					</table>
				</TableScroller>
			)}
		</CardSection>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Referrals & Invite | ${site.name}` }]
