import { Sparkline } from '#app/components/charts.tsx'
import { chartOnce, sparkline, type SparklineChart } from '#app/utils/charts.server.ts'
import { Link } from 'react-router'
import { formatDuration } from '#app/components/countdown.tsx'
import { Icon, type IconName } from '#app/components/icon.tsx'
import { PublicHeader } from '#app/components/public-header.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { TestimonialCarousel } from '#app/components/testimonial-carousel.tsx'
import { LANDING_COUNTDOWN_START_SECONDS, landing, type LandingContent } from '#app/content/landing.ts'
import { site } from '#app/content/site.ts'
import { publicPageViewer } from '#app/features/auth/public-page.server.ts'
import { listPublicTestimonials } from '#app/features/content/testimonials.server.ts'
import { documentOnly, documentOnlyHandle } from '#app/utils/document-only.ts'
import { cx } from '#app/utils/misc.ts'
import { pageMeta } from '#app/utils/seo.ts'
import type { Route } from './+types/index'
import { BadgedTitle } from '#app/components/badged-title.tsx'

// Visitors without a session get this page from the in-memory page cache
// (server/page-cache.ts); a request with a session cookie renders it here.
// The page is not hydrated: its motion (countdown, highlight, parallax,
// carousel) comes from app/enhance/public-pages.js, driven by the data-*
// attributes below (app/root.tsx, docs/architecture.md).
export const handle = documentOnlyHandle
export const clientLoader = documentOnly

export async function loader({ request }: Route.LoaderArgs) {
	return {
		...(await publicPageViewer(request)),
		content: landing,
		// Published, unexpired, in order; the page cache renders again when they change (server/page-cache.ts).
		testimonials: listPublicTestimonials(),
		countdownSeconds: LANDING_COUNTDOWN_START_SECONDS,
		// Drawn on the server: the landing ships no chart code.
		previewCharts: chartOnce('landing-preview', () =>
			landing.hero.preview.traders.map((t) => sparkline(t.weeklySeries, `${t.name}, weekly returns`, 72, 22)),
		),
	}
}

export default function IndexRoute({ loaderData }: Route.ComponentProps) {
	const { content: c, signedIn, countdownSeconds, testimonials } = loaderData
	// No published testimonial: no Reviews section, and no link to it.
	const nav = testimonials.length > 0 ? c.nav : c.nav.filter((n) => n.id !== 'reviews')
	return (
		<div className="flex min-h-screen flex-col">
			<PublicHeader signedIn={signedIn} links={nav.map((n) => ({ href: `#${n.id}`, label: n.label }))} />
			<main className="flex-1 overflow-x-clip">
				<Hero hero={c.hero} countdownSeconds={countdownSeconds} previewCharts={loaderData.previewCharts} />
				<StatsStrip stats={c.stats} />
				<ProblemSolution problem={c.problem} />
				{testimonials.length > 0 ? (
					<Section id="reviews" title={c.reviews.title} intro={c.reviews.intro}>
						<div className="mx-auto max-w-3xl">
							<TestimonialCarousel items={testimonials} />
						</div>
					</Section>
				) : null}
				<Section id="features" title={c.features.title}>
					<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{c.features.items.map((f) => (
							<li key={f.title} className="card">
								<IconBadge name={f.icon} />
								<h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
								<p className="mt-2 leading-relaxed text-slate-300">{f.text}</p>
							</li>
						))}
					</ul>
				</Section>
				<Section id="who-it-is-for" title={c.audience.title}>
					<ul className="grid gap-4 md:grid-cols-3">
						{c.audience.items.map((a) => (
							<li key={a.title} className="rounded-2xl border border-slate-800 p-5 sm:p-6">
								<h3 className="text-lg font-semibold">{a.title}</h3>
								<p className="mt-2 leading-relaxed text-slate-300">{a.text}</p>
							</li>
						))}
					</ul>
				</Section>
				<Section id="how-it-works" title={c.steps.title}>
					<ol className="grid gap-4 md:grid-cols-3">
						{c.steps.items.map((s, i) => (
							<li key={s.title} className="card">
								<div className="flex items-center gap-3">
									<IconBadge name={s.icon} />
									<span aria-hidden="true" className="text-sm font-semibold tracking-wide text-emerald-300">
										Step {i + 1}
									</span>
								</div>
								<h3 className="mt-4 text-lg font-semibold">
									<span className="sr-only">Step {i + 1}: </span>
									{s.title}
								</h3>
								<p className="mt-2 leading-relaxed text-slate-300">{s.text}</p>
							</li>
						))}
					</ol>
				</Section>
				<Pricing pricing={c.pricing} />
				<section aria-labelledby="final-cta-title" className="px-4 py-16">
					<div className="mx-auto max-w-4xl rounded-3xl bg-emerald-400 px-6 py-12 text-center text-slate-950 sm:px-12">
						<h2 id="final-cta-title" className="text-3xl font-bold">
							{c.finalCta.title}
						</h2>
						<p className="mt-3 text-lg">{c.finalCta.text}</p>
						<Link to="/signup" className="btn-primary mt-8 bg-slate-950 px-6 text-white hover:bg-slate-800">
							{c.finalCta.cta}
						</Link>
					</div>
				</section>
				<section aria-labelledby="risk-notice-title" className="px-4 pb-16">
					<div className="mx-auto max-w-4xl rounded-2xl border border-amber-400/50 bg-amber-400/5 p-5 sm:p-8">
						<h2 id="risk-notice-title" className="text-xl font-semibold text-amber-200">
							{c.riskNotice.title}
						</h2>
						<p className="mt-3 font-medium leading-relaxed">{site.riskWarning}</p>
						{c.riskNotice.paragraphs.map((p) => (
							<p key={p.slice(0, 32)} className="mt-3 leading-relaxed text-slate-300">
								{p}
							</p>
						))}
					</div>
				</section>
			</main>
			<SiteFooter />
		</div>
	)
}

/** A feature's or a step's icon on a tinted tile (decorative: the heading says it). */
function IconBadge({ name }: { name: IconName }) {
	return (
		<span className="grid size-11 place-items-center rounded-xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/30">
			<Icon name={name} size="lg" />
		</span>
	)
}

function Section({
	id,
	title,
	intro,
	children,
}: {
	id: string
	title: string
	intro?: string
	children: React.ReactNode
}) {
	return (
		<section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-28 px-4 py-16 lg:scroll-mt-20">
			<div className="mx-auto max-w-6xl">
				<h2 id={`${id}-title`} className="text-center text-3xl font-bold sm:text-4xl">
					{title}
				</h2>
				{intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">{intro}</p> : null}
				<div className="mt-10">{children}</div>
			</div>
		</section>
	)
}

function Hero({
	hero,
	countdownSeconds,
	previewCharts,
}: {
	hero: LandingContent['hero']
	countdownSeconds: number
	previewCharts: SparklineChart[]
}) {
	return (
		<section
			aria-labelledby="hero-title"
			className="border-b border-slate-900 bg-gradient-to-b from-emerald-950/40 to-slate-950"
		>
			{/* The parallax target: no transform in the HTML, so nothing is hidden without JS. */}
			<div
				data-parallax=""
				className="mx-auto grid max-w-6xl origin-top gap-10 px-4 py-12 md:py-20 lg:grid-cols-2 lg:items-center"
			>
				<div>
					<p className="text-sm font-semibold tracking-wide text-emerald-300">{hero.eyebrow}</p>
					<h1 id="hero-title" className="mt-3 text-4xl font-bold leading-tight sm:text-5xl">
						{hero.title}
					</h1>
					<p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-300">{hero.text}</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/signup" className="btn-primary">
							{hero.primaryCta}
						</Link>
						<a href="#how-it-works" className="btn-secondary">
							{hero.secondaryCta}
						</a>
					</div>
					<OfferCountdown startSeconds={countdownSeconds} countdown={hero.countdown} />
				</div>
				<DashboardPreview preview={hero.preview} charts={previewCharts} />
			</div>
		</section>
	)
}

function OfferCountdown({
	startSeconds,
	countdown,
}: {
	startSeconds: number
	countdown: LandingContent['hero']['countdown']
}) {
	return (
		<div className="mt-8 max-w-xl rounded-xl border border-emerald-400/30 bg-slate-900/80 p-4">
			<p className="text-sm font-semibold text-emerald-300">{countdown.title}</p>
			<p className="mt-1 flex flex-wrap items-baseline gap-x-2">
				<span className="text-sm text-slate-300">{countdown.label}</span>
				{/* The starting value; the script ticks it down from data-countdown (seconds). */}
				<span
					role="timer"
					aria-label={countdown.label}
					data-countdown={startSeconds}
					className="font-mono text-2xl font-bold tabular-nums text-white"
				>
					{formatDuration(startSeconds)}
				</span>
			</p>
			<p className="mt-2 text-sm leading-relaxed text-slate-300">{countdown.text}</p>
		</div>
	)
}

/**
 * The first row is highlighted in the HTML; the script moves the highlight
 * on (data-highlight, data-highlighted) and holds it while the pointer is
 * over the preview (data-highlight-pause).
 */
function DashboardPreview({
	preview,
	charts,
}: {
	preview: LandingContent['hero']['preview']
	charts: SparklineChart[]
}) {
	const active = 0
	return (
		<figure data-highlight-pause="" className="card shadow-2xl shadow-emerald-950/50">
			<div className="flex items-center justify-between gap-3">
				<p className="font-semibold">{preview.title}</p>
				<span className="flex items-center gap-1.5 text-xs font-semibold text-emerald-300">
					<span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
					{preview.alertLabel}
				</span>
			</div>
			<ul className="mt-4 space-y-3" data-highlight={active}>
				{preview.traders.map((t, i) => (
					<li
						key={t.name}
						data-highlighted={i === active ? 'true' : undefined}
						className="rounded-xl border border-slate-800 bg-slate-950/60 p-3 transition-colors duration-500 data-highlighted:border-emerald-400 data-highlighted:bg-emerald-400/10"
					>
						<div className="flex items-center justify-between gap-3">
							<span className="font-medium">{t.name}</span>
							<Sparkline chart={charts[i]!} className="ml-auto" />
							<span className="font-semibold text-emerald-300 tabular-nums">{t.weeklyReturn} this week</span>
						</div>
						<div className="mt-1 flex items-center justify-between gap-3 text-sm text-slate-300">
							<span>{t.alert}</span>
							<span>Win rate {t.winRate}</span>
						</div>
					</li>
				))}
			</ul>
			<figcaption className="mt-4 text-xs text-slate-400">{preview.caption}</figcaption>
		</figure>
	)
}

function StatsStrip({ stats }: { stats: LandingContent['stats'] }) {
	return (
		<section aria-labelledby="stats-title" className="border-b border-slate-900 px-4 py-10">
			<h2 id="stats-title" className="sr-only">
				{stats.title}
			</h2>
			<dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 text-center md:grid-cols-4">
				{stats.items.map((s) => (
					<div key={s.label} className="flex flex-col-reverse">
						<dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
						<dd className="text-3xl font-bold text-emerald-300">{s.value}</dd>
					</div>
				))}
			</dl>
			<p className="mx-auto mt-6 max-w-3xl text-center text-xs text-slate-400">{stats.source}</p>
		</section>
	)
}

function ProblemSolution({ problem }: { problem: LandingContent['problem'] }) {
	return (
		<section aria-labelledby="problem-title" className="px-4 py-16">
			<div className="mx-auto max-w-6xl">
				<h2 id="problem-title" className="mx-auto max-w-3xl text-center text-3xl font-bold sm:text-4xl">
					{problem.title}
				</h2>
				<div className="mt-10 grid gap-4 md:grid-cols-2">
					<PointColumn tone="problem" title={problem.problemTitle} points={problem.problem} />
					<PointColumn tone="solution" title={problem.solutionTitle} points={problem.solution} />
				</div>
			</div>
		</section>
	)
}

const pointTones = {
	problem: { box: 'border-red-400/30 bg-red-400/5', title: 'text-red-200', icon: 'x', mark: 'text-red-300' },
	solution: {
		box: 'border-emerald-400/30 bg-emerald-400/5',
		title: 'text-emerald-200',
		icon: 'check',
		mark: 'text-emerald-300',
	},
} as const

/** One column of the problem/solution block: its title, then its points each behind an ✗ or a ✓. */
function PointColumn({
	tone,
	title,
	points,
}: {
	tone: keyof typeof pointTones
	title: string
	points: ReadonlyArray<string>
}) {
	const t = pointTones[tone]
	return (
		<div className={cx('rounded-2xl border', t.box, 'p-5 sm:p-8')}>
			<h3 className={cx('text-lg font-semibold', t.title)}>{title}</h3>
			<ul className="mt-4 space-y-3">
				{points.map((p) => (
					<li key={p} className="flex gap-3 leading-relaxed text-slate-200">
						<Icon name={t.icon} size="md" className={cx('mt-0.5', t.mark)} />
						{p}
					</li>
				))}
			</ul>
		</div>
	)
}

function Pricing({ pricing }: { pricing: LandingContent['pricing'] }) {
	return (
		<Section id="pricing" title={pricing.title} intro={pricing.intro}>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				{pricing.tiers.map((t) => (
					<li
						key={t.name}
						className={cx(
							'flex flex-col rounded-2xl border p-5 sm:p-6',
							t.popular
								? 'border-emerald-400 bg-emerald-400/5 ring-1 ring-emerald-400'
								: 'border-slate-800 bg-slate-900/70',
						)}
					>
						<BadgedTitle
							title={<h3 className="text-lg font-semibold">{t.name}</h3>}
							badge={t.popular ? pricing.popularLabel : null}
							badgeClassName="rounded-full bg-emerald-400 px-2.5 py-0.5 text-xs font-bold text-slate-950"
						/>
						<p className="mt-4">
							<span className="text-4xl font-bold tabular-nums">{t.capital}</span>
							<span className="ml-2 text-sm text-slate-300">starting capital</span>
						</p>
						<p className="mt-1 text-sm text-slate-400">Capital {t.capitalRange}</p>
						<ul className="mt-5 flex-1 space-y-2 text-sm text-slate-200">
							{t.features.map((f) => (
								<li key={f} className="flex gap-2">
									<Icon name="check" size="sm" className="mt-0.5 text-emerald-300" />
									{f}
								</li>
							))}
						</ul>
						<Link to="/signup" className={cx('mt-6', t.popular ? 'btn-primary' : 'btn-secondary')}>
							Start with {t.capital}
						</Link>
					</li>
				))}
			</ul>
		</Section>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
	pageMeta({
		title: `${site.name}: copy verified traders from $50`,
		description: `${site.name} helps retail investors find ranked, manually reviewed traders and copy them through partner brokers. Free to use, from a $50 minimum start.`,
		path: '/',
		origin: loaderData?.origin,
	})
