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
