import { useEffect, useRef, useState } from 'react'
import { scrollProgress } from '#app/enhance/reading-aids.js'
import { cx } from '#app/utils/misc.ts'

/**
 * Helpers for long documents (the terms): which section is in view, a
 * reading progress bar, a back-to-top control and a table-of-contents
 * drawer. All are enhancements: without JS the table of contents is plain
 * links, the drawer is a native <details> and the page ends with a
 * Back to top link.
 */

// The arithmetic is plain JS, shared with the unit tests.
export { scrollProgress } from '#app/enhance/reading-aids.js'

/**
 * The id of the section being read: the last one whose top has passed 15%
 * of the viewport's height (a section reached from the table of contents
 * sits just below that line), or the last section once the page is scrolled
 * to the bottom. IntersectionObserver says when a section crosses that
 * line, so nothing runs while the reader stays inside one section.
 */
export function useSectionInView(ids: string[]) {
	const [active, setActive] = useState<string | null>(null)
	const key = ids.join(' ')
	useEffect(() => {
		const sections = key
			.split(' ')
			.map((id) => document.getElementById(id))
			.filter((el): el is HTMLElement => el !== null)
		if (sections.length === 0) return
		const compute = () => {
			const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
			if (atBottom && window.scrollY > 0) return setActive(sections[sections.length - 1]!.id)
			const line = window.innerHeight * 0.15
			let current: string | null = null
			for (const s of sections) if (s.getBoundingClientRect().top <= line) current = s.id
			setActive(current)
		}
		const observer = new IntersectionObserver(compute, { rootMargin: '0px 0px -85% 0px' })
		for (const s of sections) observer.observe(s)
		let frame = 0
		const onScroll = () => {
			if (!frame)
				frame = requestAnimationFrame(() => {
					frame = 0
					if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) compute()
				})
		}
		window.addEventListener('scroll', onScroll, { passive: true })
		compute()
		return () => {
			observer.disconnect()
			window.removeEventListener('scroll', onScroll)
			if (frame) cancelAnimationFrame(frame)
		}
	}, [key])
	return active
}

/** A thin bar at the top of the viewport showing how far the page is read. */
export function ReadingProgress() {
	const bar = useRef<HTMLDivElement>(null)
	useEffect(() => {
		const el = bar.current
		if (!el) return
		let frame = 0
		const paint = () => {
			frame = 0
			const doc = document.documentElement
			el.style.transform = `scaleX(${scrollProgress(window.scrollY, doc.scrollHeight, window.innerHeight).toFixed(4)})`
		}
		const onScroll = () => {
			if (!frame) frame = requestAnimationFrame(paint)
		}
		paint()
		window.addEventListener('scroll', onScroll, { passive: true })
		window.addEventListener('resize', onScroll, { passive: true })
		return () => {
			window.removeEventListener('scroll', onScroll)
			window.removeEventListener('resize', onScroll)
			if (frame) cancelAnimationFrame(frame)
		}
	}, [])
	return (
		<div
			ref={bar}
			data-testid="reading-progress"
			aria-hidden="true"
			className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 origin-left bg-emerald-400"
			style={{ transform: 'scaleX(0)' }}
		/>
	)
}

/** A floating Back to top link, shown once the reader is a screen down. */
export function BackToTop({ target }: { target: string }) {
	const [visible, setVisible] = useState(false)
	useEffect(() => {
		const onScroll = () => setVisible(window.scrollY > window.innerHeight)
		onScroll()
		window.addEventListener('scroll', onScroll, { passive: true })
		return () => window.removeEventListener('scroll', onScroll)
	}, [])
	if (!visible) return null
	return (
		<a
			href={`#${target}`}
			className="fixed bottom-4 right-4 z-30 rounded-full border border-slate-600 bg-slate-900 px-4 py-2.5 text-sm font-semibold shadow-lg hover:bg-slate-800"
		>
			<span aria-hidden="true">↑ </span>Back to top
		</a>
	)
}

export type TocEntry = { id: string; title: string }

/** The table of contents: numbered in-page links, the one in view marked. */
export function TocList({
	sections,
	active,
	onNavigate,
}: {
	sections: TocEntry[]
	active: string | null
	onNavigate?: () => void
}) {
	return (
		<ol className="space-y-0.5">
			{sections.map((s, i) => (
				<li key={s.id}>
					<a
						href={`#${s.id}`}
						onClick={onNavigate}
						aria-current={active === s.id ? 'location' : undefined}
						className={cx(
							'block rounded-md border-l-2 px-3 py-1.5 text-sm',
							active === s.id
								? 'border-emerald-400 bg-emerald-400/10 font-semibold text-emerald-200'
								: 'border-transparent text-slate-300 hover:text-white',
						)}
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
 * while it is open, and choosing a section or pressing Escape closes it.
 */
export function TocDrawer({ sections, active }: { sections: TocEntry[]; active: string | null }) {
	const drawer = useRef<HTMLDetailsElement>(null)
	const [open, setOpen] = useState(false)
	useEffect(() => {
		if (!open) return
		const body = document.body
		const previous = body.style.overflow
		body.style.overflow = 'hidden'
		const onKey = (event: KeyboardEvent) => {
			if (event.key !== 'Escape' || !drawer.current) return
			drawer.current.open = false
			drawer.current.querySelector('summary')?.focus()
		}
		document.addEventListener('keydown', onKey)
		return () => {
			body.style.overflow = previous
			document.removeEventListener('keydown', onKey)
		}
	}, [open])
	const current = sections.find((s) => s.id === active)
	return (
		<details
			ref={drawer}
			onToggle={(event) => setOpen(event.currentTarget.open)}
			className="group sticky top-0 z-20 border-b border-slate-800 bg-slate-950 lg:hidden"
		>
			<summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
				<span className="font-semibold">Contents</span>
				<span className="min-w-0 flex-1 truncate text-right text-sm text-slate-300">{current?.title}</span>
				<span aria-hidden="true" className="text-slate-300 transition-transform group-open:rotate-180">
					▾
				</span>
			</summary>
			<nav
				aria-label="Table of contents"
				className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-t border-slate-800 px-2 py-3"
			>
				<TocList
					sections={sections}
					active={active}
					onNavigate={() => {
						if (drawer.current) drawer.current.open = false
					}}
				/>
			</nav>
		</details>
	)
}
