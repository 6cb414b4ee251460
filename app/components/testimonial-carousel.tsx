import type { PublicTestimonial } from '#app/features/content/responses.server.ts'

export const reviewId = (index: number) => `review-${index + 1}`

/**
 * Testimonials in a scroll-snap track with one dot per item, rendered with
 * the first selected. Without JS the dots are plain anchors (#review-N) and
 * the browser scrolls the track to the item; with JS
 * (app/enhance/public-pages.js, data-carousel*) a dot selects its item
 * without touching the URL, and swiping the track moves the selection along.
 * The items are the published testimonials (issue 41 part 4), any count: one
 * dot per item; a single one is a plain card (nothing to scroll to, no dot);
 * nothing at all without any (the landing hides the section).
 */
export function TestimonialCarousel({
	items,
	label = 'Member testimonials',
}: {
	items: PublicTestimonial[]
	/** The track's name (the staff preview names its own). */
	label?: string
}) {
	const selected = 0
	if (items.length === 0) return null
	if (items.length === 1)
		return (
			<div role="group" aria-label={label}>
				<figure className="card">
					<TestimonialCardBody t={items[0]!} />
				</figure>
			</div>
		)
	return (
		<div data-carousel="">
			{/* data-scroll-cue: the dots below are the visible cue that the track scrolls sideways (tests/e2e/screens.spec.ts). */}
			<div
				data-carousel-track=""
				data-scroll-cue="dots"
				className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl [scrollbar-width:none]"
				// Scrollable, so reachable by keyboard (arrow keys scroll it).
				tabIndex={0}
				role="group"
				aria-roledescription="carousel"
				aria-label={label}
			>
				{items.map((t, i) => (
					<figure
						key={`${i}-${t.name}`}
						id={reviewId(i)}
						className="card w-full shrink-0 snap-start snap-always"
						aria-roledescription="slide"
						aria-label={`${i + 1} of ${items.length}`}
						data-selected={i === selected ? 'true' : undefined}
					>
						<TestimonialCardBody t={t} />
					</figure>
				))}
			</div>
			<div className="mt-4 flex justify-center gap-1" data-scroll-cue-hint="">
				{items.map((t, i) => (
					<a
						key={`${i}-${t.name}`}
						href={`#${reviewId(i)}`}
						data-carousel-dot=""
						aria-label={`Show testimonial ${i + 1} of ${items.length}: ${t.name}`}
						aria-current={i === selected ? 'true' : undefined}
						className="group grid size-11 place-items-center rounded-full"
					>
						{/* The selected dot (aria-current) is filled; the others light up on hover. */}
						<span className="block size-3 rounded-full bg-slate-600 transition-colors group-hover:bg-slate-400 group-aria-[current=true]:bg-emerald-400" />
					</a>
				))}
			</div>
		</div>
	)
}

/** One testimonial's words, who said them, and the figure quoted. */
function TestimonialCardBody({ t }: { t: PublicTestimonial }) {
	return (
		<>
			<blockquote className="text-lg leading-relaxed text-slate-100 sm:text-xl">
				<p>“{t.text}”</p>
			</blockquote>
			<figcaption className="mt-6 flex flex-wrap items-end justify-between gap-4">
				<div>
					<p className="font-semibold">{t.name}</p>
					<p className="text-sm text-slate-300">
						{t.role} · {t.country}
					</p>
				</div>
				<p className="rounded-full bg-emerald-400/10 px-3 py-1 text-sm font-semibold text-emerald-300">{t.profit}</p>
			</figcaption>
		</>
	)
}
