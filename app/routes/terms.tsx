import { PublicHeader } from '#app/components/public-header.tsx'
import { BackToTop, ReadingProgress, TocDrawer, TocList } from '#app/components/reading-aids.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { site } from '#app/content/site.ts'
import { TERMS_LAST_UPDATED, TERMS_LAST_UPDATED_ISO, termsSections } from '#app/content/terms.ts'
import { publicPageViewer } from '#app/features/auth/public-page.server.ts'
import { documentOnly, documentOnlyHandle } from '#app/utils/document-only.ts'
import { pageMeta } from '#app/utils/seo.ts'
import type { Route } from './+types/terms'

// Visitors without a session get this page from the in-memory page cache
// (server/page-cache.ts); a request with a session cookie renders it here.
// The page is not hydrated: its reading aids come from
// app/enhance/public-pages.js (app/root.tsx, docs/architecture.md).
export const handle = documentOnlyHandle
export const clientLoader = documentOnly

export async function loader({ request }: Route.LoaderArgs) {
	return {
		...(await publicPageViewer(request)),
		sections: termsSections,
		lastUpdated: TERMS_LAST_UPDATED,
		lastUpdatedIso: TERMS_LAST_UPDATED_ISO,
	}
}

export default function TermsRoute({ loaderData }: Route.ComponentProps) {
	const { sections } = loaderData
	const toc = sections.map((s) => ({ id: s.id, title: s.title }))
	return (
		<div id="top" className="flex min-h-screen flex-col">
			<ReadingProgress />
			<PublicHeader signedIn={loaderData.signedIn} sticky={false} />
			<TocDrawer sections={toc} />
			<div className="mx-auto w-full max-w-6xl flex-1 px-4 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
				<aside className="hidden lg:block">
					<nav aria-label="Table of contents" className="sticky top-0 max-h-screen overflow-y-auto py-10">
						<p className="px-3 text-sm font-semibold uppercase tracking-wide text-slate-400">Contents</p>
						<div className="mt-3">
							<TocList sections={toc} />
						</div>
					</nav>
				</aside>
				<main className="max-w-3xl py-10">
					<h1 className="text-3xl font-bold sm:text-4xl">Terms &amp; Conditions</h1>
					<p className="mt-2 text-slate-300">
						Last updated <time dateTime={loaderData.lastUpdatedIso}>{loaderData.lastUpdated}</time>
					</p>
					<p className="mt-6 leading-relaxed text-slate-200">
						Please read these terms carefully. They explain what {site.name} is, what it is not, and the rules that
						apply when you use it.
					</p>
					{sections.map((s, i) => (
						<section
							key={s.id}
							id={s.id}
							aria-labelledby={`${s.id}-title`}
							data-toc-title={s.title}
							className="mt-10 scroll-mt-16 lg:scroll-mt-6"
						>
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
						<a href="#top" className="link inline-block py-2">
							Back to top
						</a>
					</p>
					<BackToTop target="top" />
				</main>
			</div>
			<SiteFooter />
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
	pageMeta({
		title: `Terms & Conditions | ${site.name}`,
		description: `The terms of use of ${site.name}: risk disclosure, our revenue model, eligibility, privacy, Nigerian governing law and arbitration in Lagos. Last updated ${TERMS_LAST_UPDATED}.`,
		path: '/terms',
		origin: loaderData?.origin,
	})
