import { Link } from 'react-router'
import { BrandLink } from '#app/components/brand-link.tsx'
import { LogoutButton } from '#app/components/logout-button.tsx'
import { cx } from '#app/utils/misc.ts'

/**
 * The public pages' header. Visitors get Sign In and Get Started Free,
 * signed-in members Dashboard and Sign Out (a POST form: works without JS).
 * `links` are in-page anchors; below 1024 px they wrap onto their own row.
 */
export function PublicHeader({
	signedIn,
	links = [],
	sticky = true,
}: {
	signedIn: boolean
	links?: Array<{ href: string; label: string }>
	/** From 768 px up the header stays at the top while the page scrolls. */
	sticky?: boolean
}) {
	return (
		<header className={cx('border-b border-slate-800 bg-slate-950', sticky && 'md:sticky md:top-0 md:z-30')}>
			<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3">
				<BrandLink />
				{links.length > 0 ? (
					<nav aria-label="Sections" className="order-last w-full lg:order-none lg:w-auto">
						<ul className="-mx-2 flex flex-wrap items-center gap-x-1 text-sm lg:mx-0 lg:gap-x-2">
							{links.map((l) => (
								<li key={l.href}>
									<a href={l.href} className="block rounded-md px-2 py-2 text-slate-200 hover:text-emerald-300">
										{l.label}
									</a>
								</li>
							))}
						</ul>
					</nav>
				) : null}
				<div className="flex items-center gap-2">
					{signedIn ? (
						<>
							<Link to="/dashboard" className="btn-primary btn-sm sm:px-4">
								Dashboard
							</Link>
							<LogoutButton />
						</>
					) : (
						<>
							<Link to="/login" className="btn-secondary btn-sm sm:px-4">
								Sign In
							</Link>
							<Link to="/signup" className="btn-primary btn-sm sm:px-4">
								Get Started Free
							</Link>
						</>
					)}
				</div>
			</div>
		</header>
	)
}
