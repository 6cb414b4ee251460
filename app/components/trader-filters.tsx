import { Form, Link } from 'react-router'
import { cx } from '#app/utils/misc.ts'
import { ErrorList } from './forms.tsx'

/** The filter form's values as the query string had them (strings), and the markets ticked. */
export type TraderFilterValues = {
	riskMin: string
	riskMax: string
	maxDrawdown: string
	minMonths: string
	markets: string[]
	broker: string
	noFlags: boolean
	q: string
}

type FilterErrors = Partial<Record<keyof TraderFilterValues, string>>

const RISK_SCORES = Array.from({ length: 10 }, (_, i) => String(i + 1))

function describedBy(name: string, errors: FilterErrors, hint?: boolean) {
	return cx(hint && `filter-${name}-hint`, errors[name as keyof FilterErrors] && `filter-${name}-errors`) || undefined
}

function FieldErrors({ name, errors }: { name: keyof TraderFilterValues; errors: FilterErrors }) {
	const message = errors[name]
	return <ErrorList id={`filter-${name}-errors`} errors={message ? [message] : undefined} />
}

/**
 * The members' trader filters (issue 40 part 1): a GET form, so a filtered
 * list is a link and works without JavaScript. The sort in use goes along;
 * each bad value is named at its field (and left out of the list).
 */
export function TraderFilterForm({
	values,
	errors,
	markets,
	brokers,
	keep,
	clearTo,
	active,
}: {
	values: TraderFilterValues
	errors: FilterErrors
	markets: string[]
	brokers: Array<{ slug: string; name: string }>
	/** The sort and order to keep (hidden fields). */
	keep: Array<[string, string]>
	clearTo: string
	active: number
}) {
	const hasErrors = Object.keys(errors).length > 0
	const input = (name: keyof TraderFilterValues) => ({
		id: `filter-${name}`,
		name,
		'aria-invalid': errors[name] ? true : undefined,
	})
	return (
		<details className="mt-4 rounded-xl border border-slate-800 p-3" open={active > 0 || hasErrors}>
			<summary className="cursor-pointer text-sm font-medium text-slate-200">
				Filter traders{active > 0 ? ` (${active} in use)` : ''}
			</summary>
			<Form
				method="get"
				preventScrollReset
				className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
				aria-label="Filter traders"
			>
				{keep.map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				{(
					[
						['riskMin', 'Risk score from'],
						['riskMax', 'Risk score up to'],
					] as const
				).map(([name, label]) => (
					<div key={name}>
						<label htmlFor={`filter-${name}`} className="mb-1 block text-sm font-medium text-slate-200">
							{label}
						</label>
						<select
							{...input(name)}
							defaultValue={values[name]}
							className="input py-2"
							aria-describedby={describedBy(name, errors)}
						>
							<option value="">Any</option>
							{RISK_SCORES.map((n) => (
								<option key={n} value={n}>
									{n}
								</option>
							))}
						</select>
						<FieldErrors name={name} errors={errors} />
					</div>
				))}
				<div>
					<label htmlFor="filter-maxDrawdown" className="mb-1 block text-sm font-medium text-slate-200">
						Max drawdown up to (%)
					</label>
					<input
						{...input('maxDrawdown')}
						defaultValue={values.maxDrawdown}
						inputMode="decimal"
						autoComplete="off"
						className="input py-2"
						aria-describedby={describedBy('maxDrawdown', errors, true)}
					/>
					<p id="filter-maxDrawdown-hint" className="mt-1 text-xs text-slate-400">
						1 to 100
					</p>
					<FieldErrors name="maxDrawdown" errors={errors} />
				</div>
				<div>
					<label htmlFor="filter-minMonths" className="mb-1 block text-sm font-medium text-slate-200">
						History of at least (months)
					</label>
					<input
						{...input('minMonths')}
						defaultValue={values.minMonths}
						inputMode="numeric"
						autoComplete="off"
						className="input py-2"
						aria-describedby={describedBy('minMonths', errors, true)}
					/>
					<p id="filter-minMonths-hint" className="mt-1 text-xs text-slate-400">
						0 to 120
					</p>
					<FieldErrors name="minMonths" errors={errors} />
				</div>
				<div>
					<label htmlFor="filter-broker" className="mb-1 block text-sm font-medium text-slate-200">
						Broker
					</label>
					<select
						{...input('broker')}
						defaultValue={values.broker}
						className="input py-2"
						aria-describedby={describedBy('broker', errors)}
					>
						<option value="">Any broker</option>
						{brokers.map((b) => (
							<option key={b.slug} value={b.slug}>
								{b.name}
							</option>
						))}
					</select>
					<FieldErrors name="broker" errors={errors} />
				</div>
				<div className="sm:col-span-2">
					<label htmlFor="filter-q" className="mb-1 block text-sm font-medium text-slate-200">
						Search name or strategy
					</label>
					<input
						{...input('q')}
						type="search"
						defaultValue={values.q}
						autoComplete="off"
						className="input py-2"
						aria-describedby={describedBy('q', errors)}
					/>
					<FieldErrors name="q" errors={errors} />
				</div>
				<div className="flex items-start gap-3 self-end pb-2">
					<input
						id="filter-noFlags"
						name="noFlags"
						type="checkbox"
						value="1"
						defaultChecked={values.noFlags}
						className="mt-1 size-4 accent-emerald-400"
					/>
					<label htmlFor="filter-noFlags" className="text-sm text-slate-200">
						No red flags
					</label>
				</div>
				{markets.length > 0 ? (
					<fieldset
						className="sm:col-span-2 lg:col-span-4"
						aria-describedby={errors.markets ? 'filter-markets-errors' : undefined}
					>
						<legend className="mb-1 text-sm font-medium text-slate-200">Markets (any of them)</legend>
						<div className="flex flex-wrap gap-x-4 gap-y-2">
							{markets.map((market) => (
								<div key={market} className="flex items-center gap-2">
									<input
										id={`filter-market-${market}`}
										name="markets"
										type="checkbox"
										value={market}
										defaultChecked={values.markets.includes(market)}
										className="size-4 accent-emerald-400"
									/>
									<label htmlFor={`filter-market-${market}`} className="text-sm text-slate-200">
										{market}
									</label>
								</div>
							))}
						</div>
						<FieldErrors name="markets" errors={errors} />
					</fieldset>
				) : null}
				<div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
					<button type="submit" className="btn-primary btn-sm">
						Apply filters
					</button>
					{active > 0 || hasErrors ? (
						<Link to={clearTo} preventScrollReset className="link text-sm">
							Clear filters
						</Link>
					) : null}
				</div>
			</Form>
		</details>
	)
}
