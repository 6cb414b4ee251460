/** One label/value pair of an admin facts `<dl>`: a `<div>` holding its `<dt>` and `<dd>`. */
export function Fact({
	label,
	className,
	labelClassName = 'text-slate-400',
	valueClassName = 'mt-1',
	children,
}: {
	label: string
	className?: string
	labelClassName?: string
	valueClassName?: string
	children: React.ReactNode
}) {
	return (
		<div className={className}>
			<dt className={labelClassName}>{label}</dt>
			<dd className={valueClassName}>{children}</dd>
		</div>
	)
}

/** A grid of labelled figures in bordered cells (a preview's totals, a trader's metrics). */
export function FactGrid({ items }: { items: ReadonlyArray<readonly [string, React.ReactNode]> }) {
	return (
		<dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
			{items.map(([label, value]) => (
				<Fact
					key={label}
					label={label}
					className="rounded-lg border border-slate-800 p-3"
					valueClassName="mt-1 font-semibold tabular-nums"
				>
					{value}
				</Fact>
			))}
		</dl>
	)
}
