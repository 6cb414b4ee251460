import { Link } from 'react-router'
import { site } from '#app/content/site.ts'

/** The logo and product name, linking home (or to the dashboard). */
export function BrandLink({ to = '/' }: { to?: string }) {
	return (
		<Link to={to} className="flex items-center gap-2 text-lg font-bold">
			<img src="/favicon.svg" alt="" width={28} height={28} />
			{site.name}
		</Link>
	)
}
