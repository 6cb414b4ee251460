import { splitDuration, useCountdown } from '#app/components/countdown.tsx'
import { monthlyContestPrizes } from '#app/content/dashboard.ts'
import { site } from '#app/content/site.ts'
import {
	contestWindow,
	countParticipants,
	getContestStanding,
	getContestTop,
	getRunningReferralContest,
	secondsUntilEnd,
} from '#app/models/contest.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/dashboard.contests'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUnlockedMember(request)
	const now = new Date()
	const contest = getRunningReferralContest(now)
	if (!contest) return { contest: null }
	const { startsAt, endsAt } = contestWindow(contest)
	const top = getContestTop(contest.id)
	return {
		contest: {
			id: contest.id,
			name: contest.name,
			description: contest.description,
			starts: dateFormat.format(startsAt),
			// The last day of the contest (it ends at midnight UTC after it).
			ends: dateFormat.format(new Date(endsAt.getTime() - 1)),
			secondsLeft: secondsUntilEnd(contest, now),
			prizes: [
				{ place: '1st', prize: contest.prizeFirst },
				...(contest.prizeSecond ? [{ place: '2nd', prize: contest.prizeSecond }] : []),
				...(contest.prizeThird ? [{ place: '3rd', prize: contest.prizeThird }] : []),
				{ place: '4th to 10th', prize: monthlyContestPrizes.fourthToTenth },
			],
			rules: contest.rules
				.split('\n')
				.map((r) => r.trim())
				.filter(Boolean),
			participants: countParticipants(contest.id),
		},
		me: getContestStanding(contest.id, user.id),
		top: top.map((s) => ({ rank: s.rank, name: s.name, score: s.score, me: s.userId === user.id })),
	}
}

export default function ContestsRoute({ loaderData }: Route.ComponentProps) {
	if (!loaderData.contest) {
		return (
			<main className="py-8">
				<h1 className="text-2xl font-bold sm:text-3xl">Monthly Contest</h1>
				<div className="card mt-6">
					<p className="text-lg font-semibold">No referral contest is running right now.</p>
					<p className="mt-2 text-slate-300">
						Rankings reset on the 1st of each month. Your referrals still earn points on the Referrals page.
					</p>
				</div>
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

			<section aria-labelledby="countdown-heading" className="card">
				<h2 id="countdown-heading" className="text-lg font-semibold">
					Time left
				</h2>
				<ContestCountdown seconds={contest.secondsLeft} />
			</section>

			<div className="grid gap-6 lg:grid-cols-2">
				<section aria-labelledby="standing-heading" className="card">
					<h2 id="standing-heading" className="text-lg font-semibold">
						Your standing
					</h2>
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
				</section>

				<section aria-labelledby="prizes-heading" className="card">
					<h2 id="prizes-heading" className="text-lg font-semibold">
						Prizes
					</h2>
					<ul className="mt-3 space-y-2">
						{contest.prizes.map((p) => (
							<li key={p.place} className="flex justify-between gap-3 border-b border-slate-800/70 pb-2">
								<span className="text-slate-300">{p.place}</span>
								<span className="font-semibold">{p.prize}</span>
							</li>
						))}
					</ul>
				</section>
			</div>

			<section aria-labelledby="rules-heading" className="card">
				<h2 id="rules-heading" className="text-lg font-semibold">
					Rules
				</h2>
				<ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-300">
					{contest.rules.map((rule) => (
						<li key={rule}>{rule}</li>
					))}
				</ul>
			</section>

			<section aria-labelledby="top-heading" className="card">
				<h2 id="top-heading" className="text-lg font-semibold">
					Top 10
				</h2>
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
									<span className="mr-2 font-semibold">#{s.rank}</span>
									{s.name}
									{s.me ? <span className="ml-1 text-emerald-300">(you)</span> : null}
								</span>
								<span className="text-sm text-slate-300">
									{s.score} {s.score === 1 ? 'referral' : 'referrals'}
								</span>
							</li>
						))}
					</ol>
				)}
			</section>
		</main>
	)
}

function ContestCountdown({ seconds }: { seconds: number }) {
	const remaining = useCountdown(seconds)
	const parts = splitDuration(remaining)
	const units = [
		['days', parts.days],
		['hours', parts.hours],
		['minutes', parts.minutes],
		['seconds', parts.seconds],
	] as const
	return (
		<div
			role="timer"
			aria-label="Time left in the contest"
			className="mt-3 grid max-w-md grid-cols-4 gap-2 text-center"
		>
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

export const meta: Route.MetaFunction = () => [{ title: `Monthly Contest | ${site.name}` }]
