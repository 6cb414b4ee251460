import { data, Form, Link } from 'react-router'
import { IndexLines, LineSample } from '#app/components/compare-chart.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { FLAG_LABELS, SampleMarker } from '#app/components/trader-parts.tsx'
import { site } from '#app/content/site.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { indexLines } from '#app/features/compare/chart.server.ts'
import {
	compareChoices,
	compareTraders,
	type CompareChoice,
	type CompareChoices,
	type Comparison,
} from '#app/features/compare/compare.server.ts'
import {
	COMPARE_LIMITS,
	COMPARE_MESSAGES,
	COMPARE_PICKER,
	COMPARE_PICKER_MESSAGES,
	readCompareIds,
	readComparePicker,
} from '#app/features/compare/schemas.ts'
import { day, decimal, metricRows, signedPercent, STATUS_LABELS } from '#app/features/traders/format.ts'
import type { Route } from './+types/compare'

/**
 * /dashboard/compare?ids=a,b (issue 40 part 3, decision 059): 2 to 4
 * traders side by side: every figure of the trader's page, the flags and
 * the status, their index curves on one chart with its figures as a table,
 * and their returns over the complete calendar months they all have. The
 * picker is a GET form (JavaScript off too): a search (`q`) and a page
 * (`page`) of choices, the traders chosen first and ticked, bounded
 * whatever the registry's size; the rules are
 * app/features/compare/compare.server.ts, as GET /api/member/compare's.
 */

const numberFormat = new Intl.NumberFormat('en-US')
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' })
// The trader page's words (a route module is not imported by another page).
const PAST_PERFORMANCE_WARNING = 'Past performance is not a reliable indicator of future results.'
const indexFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

function monthLabel(month: string) {
	return monthFormat.format(new Date(`${month}-01T00:00:00Z`))
}

export async function loader({ request, url }: Route.LoaderArgs) {
	await requireUnlockedMember({ request, url })
	const ids = readCompareIds(url.searchParams.getAll('ids'))
	const picker = readComparePicker(url.searchParams)
	const choices = compareChoices({ ids, ...picker.query })
	const empty = {
		ids,
		q: url.searchParams.get('q') ?? '',
		qError: picker.errors.q ?? null,
		searched: picker.query.q,
		choices,
		error: null as string | null,
		comparison: null as Comparison | null,
		chart: null,
	}
	if (ids.length === 0) return data(empty)
	// One rule with GET /api/member/compare.
	const result = compareTraders(ids)
	if (!result.ok) {
		// One trader chosen (the trader page's "Compare") is a start, not a mistake.
		const start = result.message === COMPARE_MESSAGES.tooFew
		return data({ ...empty, error: result.message }, { status: start ? 200 : 400 })
	}
	const comparison = result.value
	const chart =
		comparison.index.points.length > 0
			? indexLines(
					comparison.traders.map((t) => t.name),
					comparison.index.points.map((p, i) => ({
						label: i === 0 ? `start of ${monthLabel(comparison.months[0]!)}` : monthLabel(comparison.months[i - 1]!),
						values: p.values,
					})),
					{ base: comparison.index.base },
				)
			: null
	return data({ ...empty, comparison, chart })
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function CompareRoute({ loaderData }: Route.ComponentProps) {
	const { choices, ids, q, qError, searched, error, comparison, chart } = loaderData
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Compare traders</h1>
				<p className="mt-2 text-slate-300">
					Put {COMPARE_LIMITS.min} to {COMPARE_LIMITS.max} traders side by side: every figure, their red flags, how{' '}
					{COMPARE_LIMITS.indexBase} would have grown with each over the same months, and their monthly returns.
				</p>
			</div>
			{/* Once traders are compared, the picker comes after them, to change the selection. */}
			{comparison ? <ComparisonView comparison={comparison} chart={chart} /> : null}
			<Picker
				choices={choices}
				ids={ids}
				q={q}
				qError={qError}
				searched={searched}
				error={error}
				compared={comparison !== null}
			/>
		</main>
	)
}

function Picker({
	choices,
	ids,
	q,
	qError,
	searched,
	error,
	compared,
}: {
	choices: CompareChoices
	ids: string[]
	q: string
	qError: string | null
	searched: string | null
	error: string | null
	compared: boolean
}) {
	const { chosen, page, totalPages, totalCount } = choices
	const empty = chosen.length === 0 && totalCount === 0 && searched === null && qError === null
	return (
		<section aria-labelledby="compare-picker-heading" className="card">
			<h2 id="compare-picker-heading" className="text-lg font-semibold">
				{compared ? 'Change the traders' : 'Choose traders'}
			</h2>
			{empty ? (
				<p className="mt-3 text-sm text-slate-300">{COMPARE_PICKER_MESSAGES.none}</p>
			) : (
				// A new selection, search or page remounts the form: its fields show what is asked now.
				// "Search", the page buttons and "Compare" all send the whole form (the ticks are kept).
				<Form
					method="get"
					key={[ids.join(), q, page].join('|')}
					className="mt-3"
					aria-label="Choose traders to compare"
				>
					<div>
						<label htmlFor="compare-q" className="text-sm font-medium text-slate-200">
							Search traders
						</label>
						<div className="mt-1 flex flex-wrap items-center gap-2">
							<input
								id="compare-q"
								name="q"
								type="search"
								defaultValue={q}
								autoComplete="off"
								aria-invalid={qError ? true : undefined}
								aria-describedby={qError ? 'compare-q-errors' : 'compare-q-hint'}
								className="input max-w-xs"
							/>
							{/* The form's first button: Enter in the search field searches. */}
							<button type="submit" className="btn-secondary btn-sm">
								Search
							</button>
						</div>
						<p id="compare-q-hint" className="mt-1 text-xs text-slate-400">
							In the name and the strategy, at most {COMPARE_PICKER.search} characters.
						</p>
						<ErrorList id="compare-q-errors" errors={qError ? [qError] : undefined} />
					</div>
					<fieldset className="mt-4" aria-describedby={error ? 'compare-ids-errors' : 'compare-ids-hint'}>
						<legend className="text-sm font-medium text-slate-200">
							Traders to compare (choose {COMPARE_LIMITS.min} to {COMPARE_LIMITS.max})
						</legend>
						<p id="compare-ids-hint" className="mt-1 text-xs text-slate-400">
							Listed traders and traders on watch, by ranking score; the ones you chose come first.
						</p>
						<ErrorList id="compare-ids-errors" errors={error ? [error] : undefined} />
						{chosen.length ? (
							<ul
								aria-label="Chosen"
								className="mt-3 grid gap-x-4 gap-y-2 border-b border-slate-800 pb-3 sm:grid-cols-2 lg:grid-cols-3"
							>
								{chosen.map((choice) => (
									<ChoiceBox key={choice.slug} choice={choice} checked />
								))}
							</ul>
						) : null}
						{choices.choices.length ? (
							<ul aria-label="Choices" className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
								{choices.choices.map((choice) => (
									<ChoiceBox key={choice.slug} choice={choice} checked={false} />
								))}
							</ul>
						) : searched !== null ? (
							<p className="mt-3 text-sm text-slate-300">{COMPARE_PICKER_MESSAGES.noMatch(searched)}</p>
						) : null}
					</fieldset>
					{totalPages > 1 ? (
						<nav
							aria-label="Pages of traders to choose from"
							className="mt-3 flex flex-wrap items-center gap-3 text-sm"
						>
							{page > 1 ? (
								<button type="submit" name="page" value={page - 1} className="btn-secondary btn-sm">
									Previous<span className="sr-only"> page of traders</span>
								</button>
							) : null}
							<span className="text-slate-300">
								Page {page} of {totalPages} ({numberFormat.format(totalCount)} traders)
							</span>
							{page < totalPages ? (
								<button type="submit" name="page" value={page + 1} className="btn-secondary btn-sm">
									Next<span className="sr-only"> page of traders</span>
								</button>
							) : null}
						</nav>
					) : null}
					<button type="submit" className="btn-primary btn-sm mt-4">
						Compare
					</button>
				</Form>
			)}
		</section>
	)
}

function ChoiceBox({ choice, checked }: { choice: CompareChoice; checked: boolean }) {
	return (
		<li className="flex items-center gap-2">
			<input
				id={`compare-${choice.slug}`}
				name="ids"
				type="checkbox"
				value={choice.slug}
				defaultChecked={checked}
				className="size-4 accent-emerald-400"
			/>
			<label htmlFor={`compare-${choice.slug}`} className="text-sm text-slate-200">
				{choice.name}
				{choice.status === 'watch' ? <span className="text-amber-200"> (on watch)</span> : null}
			</label>
		</li>
	)
}

type Trader = Comparison['traders'][number]

function ComparisonView({
	comparison,
	chart,
}: {
	comparison: Comparison
	chart: ReturnType<typeof indexLines> | null
}) {
	const { traders, months } = comparison
	const metricLabels = metricRows(traders[0]!.metrics, traders[0]!.currency).map(([label]) => label)
	const metricValues = traders.map((t) => metricRows(t.metrics, t.currency).map(([, value]) => value))
	const rows: Array<[string, (t: Trader, i: number) => React.ReactNode]> = [
		[
			'Status',
			(t) => (
				<>
					{STATUS_LABELS[t.status]}
					{t.status === 'watch' && t.statusNote ? (
						<span className="block text-xs text-amber-200">{t.statusNote}</span>
					) : null}
				</>
			),
		],
		[
			'Risk score',
			(t) => (
				<>
					{t.riskScore === null ? 'Not rated' : `${t.riskScore}/10`}
					<span className="block text-xs text-slate-400">{t.riskMeaning}</span>
				</>
			),
		],
		['Ranking score', (t) => decimal(t.score)],
		['Weekly return', (t) => signedPercent(t.return1w)],
		...metricLabels.map((label, k): [string, (t: Trader, i: number) => React.ReactNode] => [
			label,
			(_, i) => metricValues[i]![k],
		]),
		['Followers', (t) => numberFormat.format(t.followers)],
		['Markets', (t) => t.markets.join(', ')],
		[
			'Red flags',
			(t) =>
				t.flags.length === 0 ? (
					'None'
				) : (
					<ul className="space-y-1">
						{t.flags.map((flag) => (
							<li key={flag.code}>
								<span className="font-semibold text-amber-200">{FLAG_LABELS[flag.code] ?? flag.code}</span>
								<span className="block text-xs text-slate-300">{flag.detail}</span>
							</li>
						))}
					</ul>
				),
		],
		['Statements', (t) => `${day(t.statementsFrom)} to ${day(t.statementsUntil)}`],
	]
	const traderHeads = traders.map((t, i) => (
		<th key={t.slug} scope="col" className="py-2 pr-3 align-bottom">
			<span className="flex items-center gap-2">
				<LineSample index={i} />
				<Link to={`/dashboard/traders/${t.slug}`} className="link">
					{t.name}
				</Link>
			</span>
			{t.sample ? <SampleMarker /> : null}
		</th>
	))
	return (
		<>
			<section aria-labelledby="compare-figures-heading" className="card">
				<h2 id="compare-figures-heading" className="text-lg font-semibold">
					Side by side
				</h2>
				<TableScroller className="mt-3" label="Figures table">
					<table className="w-full min-w-[36rem] text-left text-sm tabular-nums" data-compare="figures">
						<caption className="sr-only">Every figure of the traders compared</caption>
						<thead className="text-slate-300">
							<tr className="border-b border-slate-800">
								<th scope="col" className="py-2 pr-3">
									Figure
								</th>
								{traderHeads}
							</tr>
						</thead>
						<tbody>
							{rows.map(([label, cell]) => (
								<tr key={label} className="border-b border-slate-800/70 align-top">
									<th scope="row" className="py-2 pr-3 text-left font-normal text-slate-400">
										{label}
									</th>
									{traders.map((t, i) => (
										<td key={t.slug} className="py-2 pr-3">
											{cell(t, i)}
										</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				</TableScroller>
			</section>

			<section aria-labelledby="compare-index-heading" className="card">
				<h2 id="compare-index-heading" className="text-lg font-semibold">
					Index over the same months
				</h2>
				{chart ? (
					<>
						<p className="mt-1 text-sm text-slate-300">
							Each trader’s return compounded month by month over the {months.length} complete calendar{' '}
							{months.length === 1 ? 'month' : 'months'} they all have, from {comparison.index.base} at the start.
						</p>
						<div className="mt-3">
							<IndexLines
								chart={chart}
								title={`Index, ${comparison.index.base} at the start of ${monthLabel(months[0]!)}`}
							/>
						</div>
						<TableScroller className="mt-4" label="Index table">
							<table className="w-full min-w-[28rem] text-left text-sm tabular-nums" data-compare="index">
								<caption className="text-left text-sm font-semibold">The index’s figures</caption>
								<thead className="text-slate-300">
									<tr className="border-b border-slate-800">
										<th scope="col" className="py-2 pr-3">
											Date
										</th>
										{traders.map((t) => (
											<th key={t.slug} scope="col" className="py-2 pr-3">
												{t.name}
											</th>
										))}
									</tr>
								</thead>
								<tbody>
									{comparison.index.points.map((point) => (
										<tr key={point.date} className="border-b border-slate-800/70">
											<th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-400">
												{day(point.date)}
											</th>
											{point.values.map((value, i) => (
												<td key={traders[i]!.slug} className="py-1.5 pr-3">
													{indexFormat.format(value)}
												</td>
											))}
										</tr>
									))}
								</tbody>
							</table>
						</TableScroller>
					</>
				) : (
					<p className="mt-2 text-sm text-slate-300">{COMPARE_MESSAGES.noCommonMonths}</p>
				)}
			</section>

			<section aria-labelledby="compare-monthly-heading" className="card">
				<h2 id="compare-monthly-heading" className="text-lg font-semibold">
					Monthly returns
				</h2>
				{months.length > 0 ? (
					<>
						<p className="mt-1 text-sm text-slate-300">
							The complete calendar months every one of these traders has, from {monthLabel(months[0]!)} to{' '}
							{monthLabel(months.at(-1)!)}.
						</p>
						<TableScroller className="mt-3" label="Monthly returns table">
							<table className="w-full min-w-[28rem] text-left text-sm tabular-nums" data-compare="monthly">
								<caption className="sr-only">Monthly returns over the same months</caption>
								<thead className="text-slate-300">
									<tr className="border-b border-slate-800">
										<th scope="col" className="py-2 pr-3">
											Month
										</th>
										{traders.map((t) => (
											<th key={t.slug} scope="col" className="py-2 pr-3">
												{t.name}
											</th>
										))}
									</tr>
								</thead>
								<tbody>
									{comparison.monthlyReturns.map((row) => (
										<tr key={row.month} className="border-b border-slate-800/70">
											<th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-400">
												{monthLabel(row.month)}
											</th>
											{row.returns.map((value, i) => (
												<td
													key={traders[i]!.slug}
													className={value >= 0 ? 'py-1.5 pr-3 text-emerald-300' : 'py-1.5 pr-3 text-red-300'}
												>
													{signedPercent(value)}
												</td>
											))}
										</tr>
									))}
								</tbody>
							</table>
						</TableScroller>
					</>
				) : (
					<p className="mt-2 text-sm text-slate-300">{COMPARE_MESSAGES.noCommonMonths}</p>
				)}
			</section>

			<p className="text-xs text-slate-400">
				Figures from each trader’s verified broker statements, before fees. {PAST_PERFORMANCE_WARNING}{' '}
				{site.riskWarning}
			</p>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Compare traders | ${site.name}` }]
