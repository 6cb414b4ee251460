import { type ReactNode } from 'react'
import { Link } from 'react-router'
import { cx } from '#app/utils/misc.ts'
import type { MemberPromotion } from '#app/features/content/responses.server.ts'
import { CopyButton } from './forms.tsx'
import { Icon, type IconName } from './icon.tsx'

/**
 * Tabs as links (`?tab=`), rendered on the server: they work without JS,
 * and the current one carries aria-current="page".
 */
export function TabLinks({
	label,
	tabs,
	current,
}: {
	label: string
	tabs: ReadonlyArray<{ id: string; label: string }>
	current: string
}) {
	return (
		<nav aria-label={label}>
			<ul className="flex flex-wrap gap-2">
				{tabs.map((t) => (
					<li key={t.id}>
						<Link
							to={`?tab=${t.id}`}
							preventScrollReset
							aria-current={t.id === current ? 'page' : undefined}
							className={cx(
								'inline-block rounded-full border px-4 py-2 text-sm font-medium',
								t.id === current
									? 'border-emerald-400 bg-emerald-400 text-slate-950'
									: 'border-slate-600 hover:bg-slate-800',
							)}
						>
							{t.label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** A 0-100 progress bar named by the element `labelledBy` points at. */
export function ProgressBar({
	labelledBy,
	percent,
	className,
}: {
	labelledBy: string
	percent: number
	className?: string
}) {
	return (
		<div
			role="progressbar"
			aria-labelledby={labelledBy}
			aria-valuenow={percent}
			aria-valuemin={0}
			aria-valuemax={100}
			className={cx('h-2.5 overflow-hidden rounded-full bg-slate-800', className)}
		>
			<div className="h-full rounded-full bg-emerald-400" style={{ width: `${percent}%` }} />
		</div>
	)
}

/**
 * A figure tile of a `<dl>` (the dashboard home's numbers): the label with
 * its icon (decorative), then the value in tabular figures.
 */
export function StatTile({ label, value, icon }: { label: string; value: string; icon: IconName }) {
	return (
		<div className="rounded-xl border border-slate-800 bg-slate-900/70 p-4">
			<dt className="flex items-start justify-between gap-2 text-sm text-slate-300">
				{label}
				<StatIcon name={icon} />
			</dt>
			<dd className="mt-1 text-2xl font-bold text-emerald-300 tabular-nums">{value}</dd>
		</div>
	)
}

/** A figure's decorative icon in its tinted square (member stat tiles, staff stat cards). */
export function StatIcon({ name }: { name: IconName }) {
	return (
		<span className="grid size-8 shrink-0 place-items-center rounded-lg bg-emerald-400/10 text-emerald-300">
			<Icon name={name} size="sm" />
		</span>
	)
}

/**
 * A `<section>` named by its own `<h2>` (id `headingId`): `className` styles
 * the section, `headingClassName` the heading (`sr-only` for a hidden title).
 */
export function TitledSection({
	headingId,
	title,
	className,
	headingClassName = 'text-lg font-semibold',
	children,
}: {
	headingId: string
	title: ReactNode
	className?: string
	headingClassName?: string
	children: ReactNode
}) {
	return (
		<section aria-labelledby={headingId} className={className}>
			<h2 id={headingId} className={headingClassName}>
				{title}
			</h2>
			{children}
		</section>
	)
}

/** A member page's card: a `<section className="card">` named by its `<h2>` title (id `headingId`). */
export function CardSection(props: { headingId: string; title: ReactNode; children: ReactNode }) {
	return <TitledSection className="card" {...props} />
}

/** A member table's `<thead>`: a column header a label, the last one without right padding (plus `lastClassName`). */
export function TableHead({ columns, lastClassName }: { columns: ReadonlyArray<string>; lastClassName?: string }) {
	return (
		<thead className="text-slate-300">
			<tr className="border-b border-slate-800">
				{columns.map((label, i) => (
					<th key={label} scope="col" className={i === columns.length - 1 ? cx('py-2', lastClassName) : 'py-2 pr-3'}>
						{label}
					</th>
				))}
			</tr>
		</thead>
	)
}

/**
 * One promotion as members see it on the dashboard's Active Promotions (and
 * as staff preview it on /admin/content/promotions): what it gives, the
 * broker it is for, the code with Copy, and its expiry. Here, with the
 * other parts both areas load, rather than a file of its own: one script
 * fewer before /dashboard's first paint (tests/api/page-scripts.spec.ts).
 */
export function PromotionCard({ promotion }: { promotion: MemberPromotion }) {
	return (
		<li className="rounded-xl border border-slate-700 p-4" data-promotion={promotion.code}>
			<p className="text-sm text-slate-200">{promotion.description}</p>
			{promotion.broker ? <p className="mt-1 text-xs text-slate-400">With {promotion.broker}</p> : null}
			<div className="mt-3 flex flex-wrap items-center gap-2">
				<code className="select-all rounded bg-slate-800 px-2 py-1 font-mono break-all text-emerald-200">
					{promotion.code}
				</code>
				<CopyButton value={promotion.code} label={`Copy code ${promotion.code}`} />
			</div>
			<p className="mt-2 text-xs text-slate-400">
				{promotion.expires ? `Expires ${promotion.expires}` : 'No expiry date'}
			</p>
		</li>
	)
}
