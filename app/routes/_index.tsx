import { Link } from 'react-router'
import { LogoutButton } from '#app/components/logout-button.tsx'
import { BrandLink } from '#app/components/brand-link.tsx'
import { site } from '#app/content/site.ts'
import { getMember } from '#app/utils/auth.server.ts'
import type { Route } from './+types/_index'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await getMember(request)
	return { signedIn: Boolean(user) }
}

export default function IndexRoute({ loaderData }: Route.ComponentProps) {
	return (
		<div className="flex min-h-screen flex-col">
			<header className="border-b border-slate-800">
				<nav className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-4" aria-label="Main">
					<BrandLink />
					<div className="flex items-center gap-2">
						{loaderData.signedIn ? (
							<>
								<Link to="/dashboard" className="btn-primary px-4 py-2 text-sm">
									Dashboard
								</Link>
								<LogoutButton />
							</>
						) : (
							<>
								<Link to="/login" className="btn-secondary px-4 py-2 text-sm">
									Sign In
								</Link>
								<Link to="/signup" className="btn-primary px-4 py-2 text-sm">
									Get Started Free
								</Link>
							</>
						)}
					</div>
				</nav>
			</header>
			<main className="mx-auto w-full max-w-6xl flex-1 px-4 py-16">
				<h1 className="max-w-3xl text-4xl font-bold sm:text-5xl">{site.tagline}</h1>
				<p className="mt-6 max-w-2xl text-lg text-slate-300">
					Find ranked, manually reviewed traders, connect to a partner broker and copy them, starting from $50.
				</p>
				<div className="mt-8 flex flex-wrap gap-3">
					<Link to="/signup" className="btn-primary">
						Get Started Free
					</Link>
					<Link to="/terms" className="btn-secondary">
						Read the Terms
					</Link>
				</div>
				<section className="mt-16 rounded-xl border border-amber-400/40 bg-amber-400/5 p-5">
					<h2 id="risk-heading" className="font-semibold text-amber-200">
						Risk notice
					</h2>
					<p className="mt-2 text-sm text-slate-300">{site.riskWarning}</p>
				</section>
			</main>
			<footer className="border-t border-slate-800 px-4 py-8 text-sm text-slate-400">
				<div className="mx-auto max-w-6xl space-y-2">
					<p>{site.businessFacts}</p>
					<p>
						Support on Telegram:{' '}
						<a href={site.supportUrl} className="link" target="_blank" rel="noopener noreferrer">
							{site.supportHandle}
						</a>
					</p>
				</div>
			</footer>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `${site.name}: copy verified traders from $50` },
	{ name: 'description', content: `${site.name} helps retail investors find ranked, manually reviewed traders and copy them through partner brokers.` },
]
