import { data, Form, Link } from 'react-router'
import { RiskScore, WatchWarning } from '#app/components/trader-parts.tsx'
import { ErrorList, FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { percent, STATUS_LABELS } from '#app/features/traders/format.ts'
import { WATCH_LIMITS, WATCH_MESSAGES, WatchAlertsFormSchema } from '#app/features/watchlist/schemas.ts'
import {
	listWatchlist,
	markWatchlistSeen,
	setDrawdownAlert,
	unwatchTrader,
	watchTrader,
} from '#app/features/watchlist/watchlist.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { safeRedirect } from '#app/utils/misc.ts'
import type { Route } from './+types/watchlist'

/**
 * /dashboard/watchlist (issue 40 part 2, decision 058): the traders the
 * member watches, what changed since the member marked the list as seen,
 * each trader's drawdown alert and Stop watching. Watch and Stop watching
 * on a trader's detail post here too (`back`: where to return). Plain POST
 * forms told apart by `intent`; the rules are
 * app/features/watchlist/watchlist.server.ts, as the API's.
 */

const PAGE = '/dashboard/watchlist'

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	return { watchlist: listWatchlist(user.id), defaultAlert: WATCH_LIMITS.drawdownAlert.default }
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

type ActionData = { slug: string; error: string; field?: 'drawdownAlert' } | { slug: null; error: string }

export async function action({ request, url }: Route.ActionArgs) {
	const user = await requireUnlockedMember({ request, url })
	const form = await readFormData(request)
	const intent = form.get('intent')
	const slug = String(form.get('slug') ?? '')
	const back = safeRedirect(form.get('back'), PAGE)
	if (intent === 'seen') {
		markWatchlistSeen(user.id)
		throw await redirectWithFlash(PAGE, WATCH_MESSAGES.seen)
	}
	if (intent === 'watch') {
		const result = watchTrader(user.id, { slug })
		if (!result.ok) return data<ActionData>({ slug, error: result.message }, { status: result.status })
		throw await redirectWithFlash(
			back,
			result.value.created
				? WATCH_MESSAGES.watched(result.value.name)
				: WATCH_MESSAGES.alreadyWatched(result.value.name),
		)
	}
	if (intent === 'unwatch') {
		const result = unwatchTrader(user.id, slug)
		if (!result.ok) return data<ActionData>({ slug, error: result.message }, { status: result.status })
		throw await redirectWithFlash(back, WATCH_MESSAGES.unwatched(result.value.name))
	}
	if (intent === 'alert') {
		const parsed = WatchAlertsFormSchema.safeParse({ drawdownAlert: form.get('drawdownAlert') ?? '' })
		if (!parsed.success) {
			return data<ActionData>({ slug, error: parsed.error.issues[0]!.message, field: 'drawdownAlert' }, { status: 400 })
		}
		const result = setDrawdownAlert(user.id, slug, parsed.data.drawdownAlert)
		if (!result.ok) return data<ActionData>({ slug, error: result.message }, { status: result.status })
		throw await redirectWithFlash(PAGE, WATCH_MESSAGES.thresholdSaved(result.value.name, result.value.drawdownAlert))
	}
	return data<ActionData>({ slug: null, error: 'Choose what to do with the watchlist.' }, { status: 400 })
}

export default function WatchlistRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { watchlist } = loaderData
	const result = actionData as ActionData | undefined
	const changed = watchlist.filter((w) => w.changes.length > 0).length
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Watchlist</h1>
				<p className="mt-2 text-slate-300">
					Traders you watch, and what changed since you last looked. You get an alert when one of them falls beyond your
					drawdown alert, turns riskier, gets a red flag, changes review status or stops sending statements.
				</p>
			</div>
			{result && !watchlist.some((w) => w.trader.slug === result.slug) ? <FormAlert errors={[result.error]} /> : null}
			{watchlist.length === 0 ? (
				<div className="card">
					<p className="font-semibold">You are not watching any trader yet.</p>
					<p className="mt-2 text-sm text-slate-300">
						Open a trader from{' '}
						<Link to="/dashboard#traders" className="link">
							Live Top Traders
						</Link>{' '}
						and choose Watch.
					</p>
				</div>
			) : (
				<>
					<div className="flex flex-wrap items-center justify-between gap-3">
						<p className="text-sm text-slate-300">
							{changed === 0
								? 'Nothing changed since you last looked.'
								: `${changed} of ${watchlist.length} changed since you last looked.`}
						</p>
						<Form method="post">
							<input type="hidden" name="intent" value="seen" />
							<button type="submit" className="btn-secondary btn-sm">
								Mark as seen
							</button>
						</Form>
					</div>
					<ul className="space-y-4" aria-label="Watched traders">
						{watchlist.map((w) => {
							const t = w.trader
							const error = result && result.slug === t.slug ? result : null
							const alertId = `alert-${t.slug}`
							return (
								<li key={t.slug} className="card" aria-labelledby={`watch-${t.slug}`}>
									<div className="flex flex-wrap items-start justify-between gap-3">
										<div>
											<h2 id={`watch-${t.slug}`} className="text-lg font-semibold">
												<Link to={`/dashboard/traders/${t.slug}`} className="link">
													{t.name}
												</Link>
											</h2>
											<p className="text-sm text-slate-300">
												{STATUS_LABELS[t.status]} · current drawdown {percent(t.metrics.currentDrawdown)} · max drawdown{' '}
												{percent(t.metrics.maxDrawdown)}
											</p>
											{t.status === 'watch' ? <WatchWarning note={t.statusNote} /> : null}
										</div>
										<RiskScore score={t.riskScore} meaning={t.riskMeaning} />
									</div>
									{w.changes.length > 0 ? (
										<div className="mt-3">
											<h3 className="text-sm font-semibold">Since you last looked</h3>
											<ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-amber-100">
												{w.changes.map((c) => (
													<li key={c.text}>{c.text}</li>
												))}
											</ul>
										</div>
									) : null}
									{error && !error.field ? <FormAlert errors={[error.error]} /> : null}
									<div className="mt-4 flex flex-wrap items-end gap-4">
										<Form method="post" className="flex flex-wrap items-end gap-2">
											<input type="hidden" name="intent" value="alert" />
											<input type="hidden" name="slug" value={t.slug} />
											<div>
												<label htmlFor={alertId} className="mb-1 block text-sm font-medium text-slate-200">
													Drawdown alert (%)
												</label>
												<input
													id={alertId}
													name="drawdownAlert"
													inputMode="numeric"
													autoComplete="off"
													defaultValue={String(w.drawdownAlert)}
													className="input w-24 py-2"
													aria-invalid={error?.field ? true : undefined}
													aria-describedby={error?.field ? `${alertId}-errors` : `${alertId}-hint`}
												/>
											</div>
											<button type="submit" className="btn-secondary btn-sm">
												Save alert
											</button>
											<p id={`${alertId}-hint`} className="w-full text-xs text-slate-400">
												1 to 90: you get an alert when {t.name} falls this far below its peak.
											</p>
											<ErrorList id={`${alertId}-errors`} errors={error?.field ? [error.error] : undefined} />
										</Form>
										<Form method="post">
											<input type="hidden" name="intent" value="unwatch" />
											<input type="hidden" name="slug" value={t.slug} />
											<button type="submit" className="btn-secondary btn-sm">
												Stop watching<span className="sr-only"> {t.name}</span>
											</button>
										</Form>
									</div>
								</li>
							)
						})}
					</ul>
				</>
			)}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Watchlist | ${site.name}` }]
