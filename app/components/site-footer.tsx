import { Link } from 'react-router'
import { site } from '#app/content/site.ts'
import { NewTabMark } from './icon.tsx'

/**
 * The public pages' footer: the risk warning, the business facts (free to
 * use, how we earn, no funds held, not a broker or adviser, Nigerian
 * registered business) and the support handle.
 */
export function SiteFooter() {
	return (
		<footer className="border-t border-slate-800 bg-slate-950">
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-300 md:grid-cols-2">
				<section aria-labelledby="footer-risk">
					<h2 id="footer-risk" className="font-semibold text-amber-200">
						Risk warning
					</h2>
					<p className="mt-2 leading-relaxed">{site.riskWarning}</p>
				</section>
				<section aria-labelledby="footer-about">
					<h2 id="footer-about" className="font-semibold text-slate-100">
						About {site.name}
					</h2>
					<p className="mt-2 leading-relaxed">{site.businessFacts}</p>
					<p className="mt-3">
						Support on Telegram:{' '}
						<a href={site.supportUrl} className="link" target="_blank" rel="noopener noreferrer">
							{site.supportHandle}
							<NewTabMark />
						</a>
					</p>
				</section>
			</div>
			<div className="border-t border-slate-800">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-slate-400">
					<p>© {site.name}</p>
					<Link to="/terms" className="inline-block py-2 hover:text-emerald-300">
						Terms &amp; Conditions
					</Link>
				</div>
			</div>
		</footer>
	)
}
