/**
 * Markup of the reading aids of long documents (the terms): a reading
 * progress bar, a back-to-top control and a table-of-contents drawer. The
 * page is not hydrated; app/enhance/public-pages.js brings them to life
 * through their data-* attributes (the section in view, the bar, the
 * floating link, the drawer's scroll lock). Without JS the table of
 * contents is plain links, the drawer is a native <details> and the page
 * ends with a Back to top link.
 */

/** A thin bar at the top of the viewport showing how far the page is read (empty until the script runs). */
export function ReadingProgress() {
	return (
		<div
			data-reading-progress=""
			data-testid="reading-progress"
			aria-hidden="true"
			className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 origin-left bg-emerald-400"
			style={{ transform: 'scaleX(0)' }}
		/>
	)
}

/** A floating Back to top link, hidden until the script sees the reader a screen down. */
export function BackToTop({ target }: { target: string }) {
	return (
		<a
			href={`#${target}`}
			data-back-to-top=""
			hidden
			className="fixed bottom-4 right-4 z-30 rounded-full border border-slate-600 bg-slate-900 px-4 py-2.5 text-sm font-semibold shadow-lg hover:bg-slate-800"
		>
			<span aria-hidden="true">↑ </span>Back to top
		</a>
	)
}

export type TocEntry = { id: string; title: string }

/** The table of contents: numbered in-page links; the script marks the one in view (aria-current). */
export function TocList({ sections }: { sections: TocEntry[] }) {
	return (
		<ol className="space-y-0.5">
			{sections.map((s, i) => (
				<li key={s.id}>
					<a
						href={`#${s.id}`}
						data-toc-link=""
						className="block rounded-md border-l-2 border-transparent px-3 py-1.5 text-sm text-slate-300 hover:text-white aria-[current=location]:border-emerald-400 aria-[current=location]:bg-emerald-400/10 aria-[current=location]:font-semibold aria-[current=location]:text-emerald-200"
					>
						{i + 1}. {s.title}
					</a>
				</li>
			))}
		</ol>
	)
}

/**
 * The table of contents below 1024 px: a native <details> drawer pinned to
 * the top (opens without JS). With JS the page behind it stops scrolling
 * while it is open, choosing a section or pressing Escape closes it, and
 * its summary names the section in view.
 */
export function TocDrawer({ sections }: { sections: TocEntry[] }) {
	return (
		<details data-toc-drawer="" className="group sticky top-0 z-20 border-b border-slate-800 bg-slate-950 lg:hidden">
			<summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
				<span className="font-semibold">Contents</span>
				<span data-toc-current="" className="min-w-0 flex-1 truncate text-right text-sm text-slate-300" />
				<span aria-hidden="true" className="text-slate-300 transition-transform group-open:rotate-180">
					▾
				</span>
			</summary>
			<nav
				aria-label="Table of contents"
				className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-t border-slate-800 px-2 py-3"
			>
				<TocList sections={sections} />
			</nav>
		</details>
	)
}
