import { Link } from 'react-router'
import { site } from '#app/content/site.ts'

/** The logo and product name, linking home (or to the dashboard); `compact`: the name only for screen readers below 640 px. */
export function BrandLink({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
	return (
		<Link to={to} className="flex min-h-11 items-center gap-2 text-lg font-bold">
			<img src="/favicon.svg" alt="" width={28} height={28} />
			<span className={compact ? 'max-sm:sr-only' : undefined}>{site.name}</span>
		</Link>
	)
}
