import { Form, Link, Outlet, redirect, useLocation, useSubmit, type ShouldRevalidateFunctionArgs } from 'react-router'
import {
	CardSection,
	ProgressBar,
	PromotionCard,
	StatTile,
	TableHead,
	TitledSection,
} from '#app/components/dashboard-ui.tsx'
import { NewTabMark } from '#app/components/icon.tsx'
import { useHydrated } from '#app/components/forms.tsx'
import { BrokerCard } from '#app/components/broker-card.tsx'
import { FLAG_LABELS, RiskScore, SampleMarker, WatchWarning } from '#app/components/trader-parts.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { communityLinks, quickStartGuide } from '#app/content/dashboard.ts'
import { site } from '#app/content/site.ts'
import { listMemberTraders, traderFilterChoices, unknownFilterValues } from '#app/features/traders/traders.server.ts'
import {
	DEFAULT_TRADER_SORT,
	parseMemberTraderQuery,
	readTraderFilters,
	sortWarning,
	TRADER_FILTER_MESSAGES,
	TRADER_SORTS,
	traderFilterParams,
} from '#app/features/traders/schemas.ts'
import { TraderFilterForm } from '#app/components/trader-filters.tsx'
import { RANKING_RULE } from '#app/features/traders/metrics.ts'
import { day, percent, signedPercent, STATUS_LABELS } from '#app/features/traders/format.ts'
import { chartOnce, sparkline } from '#app/utils/charts.server.ts'
import { MemberBrokersPanel } from '#app/components/member-brokers-panel.tsx'
import { getMemberOverview } from '#app/features/dashboard/overview.server.ts'
import { Sparkline } from '#app/components/charts.tsx'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { firstName } from '#app/features/users/user.server.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/_layout'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const numberFormat = new Intl.NumberFormat('en-US')

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	// A trader's own address (the nested route) loads the greeting and the
	// trader only (docs/decisions/065-read-replicas.md): the list is loaded when the member goes to it.
	if (params.traderId !== undefined) return { detailOnly: true as const, firstName: firstName(user.name) }
	// The filter form sends its empty fields too (a GET form, JS on or off): the link drops them.
	const filled = [...url.searchParams].filter(([, value]) => value !== '')
	if (filled.length < url.searchParams.size) {
		const search = new URLSearchParams(filled)
		throw redirect(search.size > 0 ? `${url.pathname}?${search}` : url.pathname)
	}
	const query = parseMemberTraderQuery(url.searchParams)
	// The overview's rule is shared with GET /api/member/overview.
	const overview = getMemberOverview(user)
	// The filters (issue 40): a bad value is named at its field and left out of the list.
	const read = readTraderFilters(url.searchParams)
	const unknown = unknownFilterValues(read.filters)
	const filters = {
		...read.filters,
		markets: unknown.markets ? [] : read.filters.markets,
		broker: unknown.broker ? null : read.filters.broker,
	}
	const filterParams = [...traderFilterParams(filters)]
	const param = (name: string) => url.searchParams.get(name) ?? ''
	// One rule with GET /api/member/traders (the registry's stored figures).
	const list = listMemberTraders({ ...query, filters })
	const past = listMemberTraders(parseMemberTraderQuery(url.searchParams, 'past'))
	return {
		detailOnly: false as const,
		firstName: overview.firstName,
		yourBrokers: overview.connectedBrokers,
		sort: query.sort,
		order: query.order,
		// The sort options and the ranking rule come with the data, so the
		// page's script does not load the traders' schemas and figures.
		sortOptions: TRADER_SORTS,
		defaultSort: DEFAULT_TRADER_SORT,
		rankingRule: RANKING_RULE,
		warning: sortWarning(query.sort),
		filterParams,
		filterValues: {
			riskMin: param('riskMin'),
			riskMax: param('riskMax'),
			maxDrawdown: param('maxDrawdown'),
			minMonths: param('minMonths'),
			markets: url.searchParams.getAll('markets').flatMap((v) => v.split(',').map((m) => m.trim().toUpperCase())),
			broker: param('broker'),
			noFlags: filters.noFlags,
			q: param('q'),
		},
		filterErrors: { ...read.errors, ...unknown },
		filterChoices: traderFilterChoices(),
		emptyText: filterParams.length > 0 ? TRADER_FILTER_MESSAGES.noMatch : 'No reviewed traders are listed right now.',
		// Only what the table shows: the page's data is sent with the HTML for hydration.
		traders: list.traders.map((t, i) => {
			const months = list.lastMonths[t.slug] ?? []
			return {
				slug: t.slug,
				name: t.name,
				sample: t.sample,
				status: t.status,
				statusNote: t.statusNote,
				flagCodes: t.flags.map((f) => f.code),
				return1w: t.return1w,
				return1m: t.metrics.return1m,
				winRate: t.metrics.winRate,
				followers: t.followers,
				riskScore: t.riskScore,
				riskMeaning: t.riskMeaning,
				rank: (list.page - 1) * list.limit + i + 1,
				// Drawn on the server from the stored monthly returns (no chart code in the browser).
				sparkline:
					months.length >= 2
						? chartOnce(`sparkline:${t.slug}:${t.statementsUntil}:${months.map((m) => m.return).join()}`, () =>
								sparkline(
									months.map((m) => m.return * 100),
									`${t.name}, monthly returns`,
									96,
									28,
									{ unit: 'months', note: 'from verified statements', since: '', period: '' },
								),
							)
						: null,
			}
		}),
		pagination: { page: list.page, totalPages: list.totalPages, totalCount: list.totalCount },
		pastTraders: past.traders.map((t) => ({
			slug: t.slug,
			name: t.name,
			sample: t.sample,
			status: t.status,
			statusNote: t.statusNote,
			returnSinceStart: t.metrics.returnSinceStart,
			maxDrawdown: t.metrics.maxDrawdown,
			statementsUntil: t.statementsUntil,
		})),
		pastPagination: { page: past.page, totalPages: past.totalPages, totalCount: past.totalCount },
		stats: overview.tiles,
		setupProgressPercent: overview.setupProgressPercent,
		brokers: overview.partnerBrokers,
		promotions: overview.promotions,
		account: {
			plan: overview.plan.name,
			joined: dateFormat.format(overview.account.joinedAt),
			referralCode: overview.account.referralCode,
			unlocked: overview.account.unlockedAt ? `Yes, since ${dateFormat.format(overview.account.unlockedAt)}` : 'Yes',
		},
	}
}

/**
 * In the browser: whether the page's data holds the traders list. A trader's
 * dialog opened from the list keeps the list behind it; one opened at its
 * own address loads the list when the member closes it.
 */
let holdsList = false

export function shouldRevalidate({ nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	if (nextParams.traderId !== undefined) return holdsList ? false : defaultShouldRevalidate
	return holdsList ? defaultShouldRevalidate : true
}

type HomeData = Extract<Route.ComponentProps['loaderData'], { detailOnly: false }>

export default function DashboardHomeRoute({ loaderData }: Route.ComponentProps) {
	// Only the browser's copy matters (shouldRevalidate runs there); the server's module is shared by every request.
	if (typeof document !== 'undefined') holdsList = !loaderData.detailOnly
	return loaderData.detailOnly ? <TraderOnly firstName={loaderData.firstName} /> : <Home loaderData={loaderData} />
}

/** A trader's page at its own address: the greeting, the trader (a dialog with JS, a section without) and the way to the list. */
function TraderOnly({ firstName }: { firstName: string }) {
	const { search } = useLocation()
	return (
		<main className="space-y-8 py-8">
			<Outlet />
			<Greeting firstName={firstName} />
			<p>
				<Link to={`/dashboard${search}#traders`} className="link">
					All reviewed traders
				</Link>
			</p>
		</main>
	)
}

function Greeting({ firstName }: { firstName: string }) {
	return (
		<div>
			<h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {firstName}!</h1>
			<p className="mt-2 text-slate-300">Find a trader, open a partner broker account and start copying from $50.</p>
		</div>
	)
}

function Home({ loaderData }: { loaderData: HomeData }) {
	const { sort, order, pagination, pastPagination, sortOptions, defaultSort, rankingRule, filterParams } = loaderData
	const hydrated = useHydrated()
	const submit = useSubmit()
	const sorting: Array<[string, string]> = []
	if (sort !== defaultSort) sorting.push(['sort', sort])
	if (order !== 'desc') sorting.push(['order', order])
	const keep = new URLSearchParams([...sorting, ...filterParams])
	if (pagination.page > 1) keep.set('page', String(pagination.page))
	if (pastPagination.page > 1) keep.set('pastPage', String(pastPagination.page))
	const detailSearch = keep.size > 0 ? `?${keep}` : ''
	const pageHref = (name: 'page' | 'pastPage', page: number) => {
		const next = new URLSearchParams(keep)
		if (page > 1) next.set(name, String(page))
		else next.delete(name)
		return next.size > 0 ? `?${next}` : '?'
	}
	return (
		<main className="space-y-8 py-8">
			{/* A trader's detail (nested route): a dialog with JS, a section here without. */}
			<Outlet />
			<Greeting firstName={loaderData.firstName} />

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
							Reviewed traders, figures computed from their broker statements. Past performance is not a reliable
							indicator of future results.
						</p>
						<p className="mt-1 text-sm">
							<Link to="/dashboard/compare" className="link">
								Compare traders side by side
							</Link>
						</p>
					</div>
					<Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
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
								{sortOptions.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
								{sortOptions.some((o) => o.value === sort) ? null : <option value={sort}>{sort}</option>}
							</select>
						</div>
						{order === 'asc' ? <input type="hidden" name="order" value="asc" /> : null}
						{filterParams.map(([name, value]) => (
							<input key={name} type="hidden" name={name} value={value} />
						))}
						<button type="submit" className={cx('btn-secondary btn-sm', hydrated && 'sr-only')}>
							Sort
						</button>
					</Form>
				</div>
				{loaderData.warning ? (
					<p id="trader-sort-warning" className="mt-2 text-sm text-amber-200">
						{loaderData.warning}
					</p>
				) : null}
				<TraderFilterForm
					values={loaderData.filterValues}
					errors={loaderData.filterErrors}
					markets={loaderData.filterChoices.markets}
					brokers={loaderData.filterChoices.brokers}
					keep={sorting}
					clearTo={sorting.length > 0 ? `?${new URLSearchParams(sorting)}` : '?'}
					active={new Set(filterParams.map(([name]) => name)).size}
				/>
				{loaderData.traders.length === 0 ? (
					<p className="mt-4 text-sm text-slate-300">{loaderData.emptyText}</p>
				) : (
					/* Its own name: a second landmark named like the section is a duplicate (axe landmark-unique). */
					<TableScroller className="mt-4" label="Traders table">
						{/* Below 640 px each row is a card (app.css .card-table): rank, name, risk, sparkline, returns; the whole card opens the detail. */}
						<table className="card-table w-full text-left text-sm tabular-nums sm:min-w-[42rem]">
							<TableHead
								columns={[
									'Trader',
									'Weekly Return',
									'Last 12 Months',
									'Monthly Return',
									'Win Rate',
									'Followers',
									'Risk',
								]}
							/>
							<tbody>
								{loaderData.traders.map((trader) => (
									<tr
										key={trader.slug}
										data-trader={trader.slug}
										className="border-b border-slate-800/70 [--card-columns:auto_minmax(0,1fr)_minmax(0,1fr)] max-sm:hover:border-emerald-400/60"
									>
										<td className="py-2.5 pr-3 max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:self-center">
											<span className="mr-2 text-slate-400">{trader.rank}.</span>
											{/* On a phone the link covers the whole card: one tap to the detail. */}
											<Link
												to={`traders/${trader.slug}${detailSearch}`}
												preventScrollReset
												className="link max-sm:text-base max-sm:after:absolute max-sm:after:inset-0 max-sm:after:rounded-xl max-sm:after:content-['']"
											>
												{trader.name}
											</Link>
											{trader.sample ? <SampleMarker /> : null}
											{trader.status === 'watch' ? <WatchWarning note={trader.statusNote} /> : null}
											{trader.flagCodes.length > 0 ? (
												<span className="mt-1 block text-xs text-amber-200">
													Red flags: {trader.flagCodes.map((code) => FLAG_LABELS[code] ?? code).join(', ')}
												</span>
											) : null}
										</td>
										<ReturnCell label="Weekly" value={trader.return1w} cardColumn={2} />
										<td className="py-1.5 pr-3 max-sm:col-start-1 max-sm:row-start-2 max-sm:self-end">
											{trader.sparkline ? (
												<Sparkline chart={trader.sparkline} />
											) : (
												<span className="text-slate-400">—</span>
											)}
										</td>
										<ReturnCell label="Monthly" value={trader.return1m} cardColumn={3} />
										<td data-cell="desktop" className="py-2.5 pr-3">
											{percent(trader.winRate)}
										</td>
										<td data-cell="desktop" className="py-2.5 pr-3">
											{numberFormat.format(trader.followers)}
										</td>
										<td className="py-2.5 max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end max-sm:self-center">
											<RiskScore score={trader.riskScore} meaning={trader.riskMeaning} compact />
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableScroller>
				)}
				<Pager
					label="Traders pages"
					page={pagination.page}
					totalPages={pagination.totalPages}
					href={(p) => pageHref('page', p)}
				/>
				<details className="mt-4 text-sm text-slate-300">
					<summary className="cursor-pointer font-medium text-slate-200">How we rank</summary>
					<p className="mt-2">{rankingRule}</p>
				</details>
			</section>

			<section aria-labelledby="past-traders-heading" className="card" id="past-traders">
				<h2 id="past-traders-heading" className="text-lg font-semibold">
					Past traders
				</h2>
				<p className="text-sm text-slate-400">
					Suspended and retired traders stay here with their final record and the reason, so the list above is not only
					the survivors.
				</p>
				{loaderData.pastTraders.length === 0 ? (
					<p className="mt-4 text-sm text-slate-300">No trader has been suspended or retired.</p>
				) : (
					<TableScroller className="mt-4" label="Past traders table">
						<table className="w-full text-left text-sm tabular-nums sm:min-w-[42rem]">
							<TableHead
								columns={['Trader', 'Status', 'Reason', 'Return since start', 'Max drawdown', 'Statements until']}
							/>
							<tbody>
								{loaderData.pastTraders.map((trader) => (
									<tr key={trader.slug} data-past-trader={trader.slug} className="border-b border-slate-800/70">
										<td className="py-2.5 pr-3">
											<Link to={`traders/${trader.slug}${detailSearch}`} preventScrollReset className="link">
												{trader.name}
											</Link>
											{trader.sample ? <SampleMarker /> : null}
										</td>
										<td className="py-2.5 pr-3">{STATUS_LABELS[trader.status]}</td>
										<td className="py-2.5 pr-3">{trader.statusNote}</td>
										<td className="py-2.5 pr-3">{signedPercent(trader.returnSinceStart)}</td>
										<td className="py-2.5 pr-3">{percent(trader.maxDrawdown)}</td>
										<td className="py-2.5 pr-3">{day(trader.statementsUntil)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableScroller>
				)}
				<Pager
					label="Past traders pages"
					page={pastPagination.page}
					totalPages={pastPagination.totalPages}
					href={(p) => pageHref('pastPage', p)}
				/>
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
				{loaderData.promotions.length === 0 ? (
					<p className="mt-4 text-sm text-slate-300">No promotions are running right now.</p>
				) : (
					<ul className="mt-4 grid gap-3 md:grid-cols-3">
						{loaderData.promotions.map((promo, i) => (
							<PromotionCard key={`${promo.code}-${i}`} promotion={promo} />
						))}
					</ul>
				)}
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
function ReturnCell({ label, value, cardColumn }: { label: string; value: number | null; cardColumn: 2 | 3 }) {
	return (
		<td
			data-label={label}
			className={cx(
				'py-2.5 pr-3',
				value === null ? 'text-slate-300' : value >= 0 ? 'text-emerald-300' : 'text-red-300',
				cardColumn === 2 ? 'max-sm:col-start-2' : 'max-sm:col-start-3',
				'max-sm:row-start-2 max-sm:text-base max-sm:font-semibold',
			)}
		>
			{signedPercent(value)}
		</td>
	)
}

/** Previous / next links (GET, works without JavaScript); nothing for a single page. */
function Pager({
	label,
	page,
	totalPages,
	href,
}: {
	label: string
	page: number
	totalPages: number
	href: (page: number) => string
}) {
	if (totalPages <= 1 && page <= 1) return null
	return (
		<nav aria-label={label} className="mt-3 flex items-center gap-3 text-sm">
			{page > 1 ? (
				<Link to={href(page - 1)} preventScrollReset className="link">
					Previous
				</Link>
			) : null}
			<span className="text-slate-400">
				Page {page} of {totalPages}
			</span>
			{page < totalPages ? (
				<Link to={href(page + 1)} preventScrollReset className="link">
					Next
				</Link>
			) : null}
		</nav>
	)
}
