import { Link } from 'react-router'
import { BrandLink } from '#app/components/brand-link.tsx'
import { site } from '#app/content/site.ts'
import { TERMS_LAST_UPDATED, termsSections } from '#app/content/terms.ts'
import type { Route } from './+types/terms'

export function loader() {
	return { sections: termsSections, lastUpdated: TERMS_LAST_UPDATED }
}

export default function TermsRoute({ loaderData }: Route.ComponentProps) {
	return (
		<div className="min-h-screen">
			<header className="border-b border-slate-800">
				<div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
					<BrandLink />
					<Link to="/signup" className="btn-primary px-4 py-2 text-sm">
						Get Started Free
					</Link>
				</div>
			</header>
			<main className="mx-auto max-w-3xl px-4 py-10" id="top">
				<h1 className="text-3xl font-bold sm:text-4xl">Terms &amp; Conditions</h1>
				<p className="mt-2 text-slate-300">Last updated {loaderData.lastUpdated}</p>
				<nav aria-label="Table of contents" className="card mt-8">
					<h2 className="text-lg font-semibold">Contents</h2>
					<ol className="mt-3 list-decimal space-y-1 pl-5">
						{loaderData.sections.map((s) => (
							<li key={s.id}>
								<a href={`#${s.id}`} className="link">
									{s.title}
								</a>
							</li>
						))}
					</ol>
				</nav>
				{loaderData.sections.map((s, i) => (
					<section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-6">
						<h2 id={`${s.id}-title`} className="text-xl font-semibold">
							{i + 1}. {s.title}
						</h2>
						{s.paragraphs.map((p) => (
							<p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-slate-200">
								{p}
							</p>
						))}
					</section>
				))}
				<p className="mt-12">
					<a href="#top" className="link">
						Back to top
					</a>
				</p>
			</main>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Terms & Conditions | ${site.name}` },
	{ name: 'description', content: `The terms of use of ${site.name}, last updated ${TERMS_LAST_UPDATED}.` },
]
