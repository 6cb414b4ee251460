import { splitDuration, useCountdown } from '#app/components/countdown.tsx'
import { CardSection, TitledSection } from '#app/components/dashboard-ui.tsx'
import { dataContestRules, dataContestTexts } from '#app/content/dashboard.ts'
import { site } from '#app/content/site.ts'
import { getMemberContests } from '#app/features/contests/member-contests.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import type { ContestType } from '#app/domain/enums.ts'
import { formatCount, formatUsd } from '#app/utils/admin-format.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/contests'

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	// One rule with GET /api/member/contests.
	return getMemberContests(user.id, new Date())
}

type LoaderData = Route.ComponentProps['loaderData']

export default function ContestsRoute({ loaderData }: Route.ComponentProps) {
	const { dataContests, completed } = loaderData
	const others = (
		<>
			{dataContests.length ? <DataContests contests={dataContests} /> : null}
			{completed.length ? <RecentWinners contests={completed} /> : null}
		</>
	)
	if (!loaderData.contest) {
		return (
			<main className="space-y-6 py-8">
				<h1 className="text-2xl font-bold sm:text-3xl">Monthly Contest</h1>
				<div className="card">
					<p className="text-lg font-semibold">No referral contest is running right now.</p>
					<p className="mt-2 text-slate-300">
						Rankings reset on the 1st of each month. Your referrals still earn points on the Referrals page.
					</p>
				</div>
				{others}
			</main>
		)
	}
	const { contest, me, top } = loaderData
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Monthly Contest</h1>
				<p className="mt-2 text-lg font-semibold text-emerald-300">{contest.name}</p>
				<p className="mt-1 text-slate-300">{contest.description}</p>
				<p className="mt-1 text-sm text-slate-400">
					{contest.starts} to {contest.ends} (UTC) · {contest.participants} taking part
				</p>
			</div>

			<CardSection headingId="countdown-heading" title="Time left">
				<ContestCountdown seconds={contest.secondsLeft} />
			</CardSection>

			<div className="grid gap-6 lg:grid-cols-2">
				<CardSection headingId="standing-heading" title="Your standing">
					<dl className="mt-3 grid grid-cols-2 gap-3">
						<div className="rounded-xl border border-slate-800 p-4">
							<dt className="text-sm text-slate-400">Your rank</dt>
							<dd className={cx('font-bold text-emerald-300', me ? 'text-3xl' : 'mt-2 text-lg')}>
								{me ? `#${me.rank}` : 'Not ranked yet'}
							</dd>
						</div>
						<div className="rounded-xl border border-slate-800 p-4">
							<dt className="text-sm text-slate-400">Your referrals this month</dt>
							<dd className="text-3xl font-bold">{me?.score ?? 0}</dd>
						</div>
					</dl>
				</CardSection>

				<CardSection headingId="prizes-heading" title="Prizes">
					<ul className="mt-3 space-y-2">
						{contest.prizes.map((p) => (
							<li key={p.place} className="flex justify-between gap-3 border-b border-slate-800/70 pb-2">
								<span className="text-slate-300">{p.place}</span>
								<span className="font-semibold">{p.prize}</span>
							</li>
						))}
					</ul>
				</CardSection>
			</div>

			<CardSection headingId="rules-heading" title="Rules">
				<ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-300">
					{contest.rules.map((rule) => (
						<li key={rule}>{rule}</li>
					))}
				</ul>
			</CardSection>

			<CardSection headingId="top-heading" title="Top 10">
				{top.length === 0 ? (
					<p className="mt-2 text-sm text-slate-400">No referrals yet this month. Yours could be the first.</p>
				) : (
					<ol className="mt-3 space-y-2">
						{top.map((s) => (
							<li
								key={s.rank}
								className={cx(
									'flex items-center justify-between gap-3 rounded-lg px-3 py-2',
									s.me ? 'bg-emerald-400/10' : 'bg-slate-800/40',
								)}
							>
								<span>
									<RankedName row={s} />
								</span>
								<span className="text-sm text-slate-300">
									{s.score} {s.score === 1 ? 'referral' : 'referrals'}
								</span>
							</li>
						))}
					</ol>
				)}
			</CardSection>
			{others}
		</main>
	)
}

function ContestCountdown({ seconds, label = 'Time left in the contest' }: { seconds: number; label?: string }) {
	const remaining = useCountdown(seconds)
	const parts = splitDuration(remaining)
	const units = [
		['days', parts.days],
		['hours', parts.hours],
		['minutes', parts.minutes],
		['seconds', parts.seconds],
	] as const
	return (
		<div role="timer" aria-label={label} className="mt-3 grid max-w-md grid-cols-4 gap-2 text-center">
			{units.map(([unit, value]) => (
				<div key={unit} className="rounded-xl border border-slate-700 bg-slate-950 p-3">
					<span className="block font-mono text-2xl font-bold text-emerald-300 sm:text-3xl">
						{String(value).padStart(2, '0')}
					</span>
					<span className="text-xs text-slate-400">{unit}</span>
				</div>
			))}
		</div>
	)
}

/** A standing's rank and name, with "(you)" on the member's own row. */
function RankedName({ row }: { row: { rank: number; name: string; me: boolean } }) {
	return (
		<>
			<span className="mr-2 font-semibold">#{row.rank}</span>
			{row.name}
			{row.me ? <span className="ml-1 text-emerald-300">(you)</span> : null}
		</>
	)
}

const PLACES = ['1st', '2nd', '3rd'] as const

/** "$1,250 deposited", "$80,000 traded", "12 points", "1 referral". */
function formatScore(type: ContestType, score: number) {
	if (type === 'referral') return `${formatCount(score)} ${score === 1 ? 'referral' : 'referrals'}`
	if (type === 'activity') return `${formatCount(score)} ${score === 1 ? 'point' : 'points'}`
	return `${formatUsd(score)} ${dataContestTexts[type].unit}`
}

/** A list of contest cards under its xl title (the member's other contests, the recent winners). */
function ContestList({ headingId, title, children }: { headingId: string; title: string; children: React.ReactNode }) {
	return (
		<TitledSection headingId={headingId} title={title} className="space-y-4" headingClassName="text-xl font-bold">
			{children}
		</TitledSection>
	)
}

/** The deposit, trading and activity contests the member takes part in. */
function DataContests({ contests }: { contests: LoaderData['dataContests'] }) {
	return (
		<ContestList headingId="data-contests-heading" title="Your other contests">
			{contests.map((c) => (
				<article key={c.id} aria-labelledby={`contest-${c.id}-name`} className="card min-w-0 space-y-4">
					<div>
						<p className="text-sm font-semibold uppercase tracking-wide text-emerald-300">
							{dataContestTexts[c.type].label}
						</p>
						<h3 id={`contest-${c.id}-name`} className="mt-1 text-lg font-semibold break-words">
							{c.name}
						</h3>
						<p className="mt-1 break-words text-slate-300">{c.description}</p>
						<p className="mt-1 text-sm text-slate-400">
							{c.starts} to {c.ends} (UTC) · {c.participants} scoring
						</p>
					</div>
					{c.ended ? (
						<p className="text-sm text-slate-300">
							Ended on {c.ends}: the ranks become final when the contest is completed.
						</p>
					) : (
						<ContestCountdown seconds={c.secondsLeft} label={`Time left in ${c.name}`} />
					)}
					<div className="grid gap-4 lg:grid-cols-2">
						<div>
							<h4 className="font-semibold">Your standing</h4>
							{c.me ? (
								<p className="mt-2">
									<span className="text-2xl font-bold text-emerald-300">#{c.me.rank}</span>
									<span className="ml-2 text-slate-300">{formatScore(c.type, c.me.score)}</span>
								</p>
							) : (
								<p className="mt-2 text-slate-300">
									{c.full ? 'All places are taken in this contest.' : dataContestTexts[c.type].notScoring}
								</p>
							)}
							<h4 className="mt-4 font-semibold">How it scores</h4>
							<p className="mt-1 text-sm text-slate-300">{dataContestTexts[c.type].howItScores}</p>
							<ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-300">
								{[...dataContestRules, ...c.rules].map((rule) => (
									<li key={rule} className="break-words">
										{rule}
									</li>
								))}
							</ul>
							<h4 className="mt-4 font-semibold">Prizes</h4>
							<ul className="mt-1 space-y-1 text-sm">
								{c.prizes.map((prize, i) =>
									prize ? (
										<li key={PLACES[i]} className="flex justify-between gap-3">
											<span className="text-slate-300">{PLACES[i]}</span>
											<span className="break-words text-right font-semibold">{prize}</span>
										</li>
									) : null,
								)}
							</ul>
						</div>
						<div>
							<h4 className="font-semibold">Top 10</h4>
							{c.top.length === 0 ? (
								<p className="mt-2 text-sm text-slate-400">Nobody has scored yet.</p>
							) : (
								<Standings rows={c.top} type={c.type} />
							)}
						</div>
					</div>
				</article>
			))}
		</ContestList>
	)
}

function Standings({
	rows,
	type,
}: {
	rows: Array<{ rank: number; name: string; score: number; me: boolean; prize?: string | null }>
	type: ContestType
}) {
	return (
		<ol className="mt-2 space-y-2">
			{rows.map((s) => (
				<li
					key={s.rank}
					className={cx(
						'flex flex-wrap items-center justify-between gap-x-3 rounded-lg px-3 py-2',
						s.me ? 'bg-emerald-400/10' : 'bg-slate-800/40',
					)}
				>
					<span className="min-w-0 break-words">
						<RankedName row={s} />
					</span>
					<span className="text-sm text-slate-300">
						{formatScore(type, s.score)}
						{s.prize ? <span className="ml-2 font-semibold text-slate-100">· {s.prize}</span> : null}
					</span>
				</li>
			))}
		</ol>
	)
}

/** Contests completed lately with their frozen winners. */
function RecentWinners({ contests }: { contests: LoaderData['completed'] }) {
	return (
		<ContestList headingId="winners-heading" title="Recent winners">
			{contests.map((c) => (
				<article key={c.id} aria-labelledby={`completed-${c.id}-name`} className="card min-w-0">
					<h3 id={`completed-${c.id}-name`} className="text-lg font-semibold break-words">
						{c.name}
					</h3>
					<p className="mt-1 text-sm text-slate-400">
						{c.starts} to {c.ends} (UTC) · final ranks
						{c.me ? ` · you finished #${c.me.rank} with ${formatScore(c.type, c.me.score)}` : ''}
					</p>
					{c.winners.length === 0 ? (
						<p className="mt-2 text-sm text-slate-400">Nobody scored in this contest.</p>
					) : (
						<Standings rows={c.winners} type={c.type} />
					)}
				</article>
			))}
		</ContestList>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Monthly Contest | ${site.name}` }]
