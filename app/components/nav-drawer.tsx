import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { cx } from '#app/utils/misc.ts'
import { Icon } from './icon.tsx'

/** The entry of `items` the path is in (the longest matching prefix), for the drawer's summary. */
export function currentSection<T extends { to: string; label: string }>(items: readonly T[], pathname: string) {
	const matches = items.filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
	return matches.sort((a, b) => b.to.length - a.to.length)[0]?.label
}

/**
 * The navigation drawer of the member and staff areas below 1024 px: a
 * native <details> (opens without JS) whose summary says "Menu" and the
 * section you are in; open, it is a panel sliding over the page from the
 * right with a dimmed backdrop. Without JS the backdrop and Close are links
 * to the same page (which starts closed); with JS they, Escape and any
 * navigation close it, and the page behind does not scroll while it is open
 * (app.css).
 */
export function NavDrawer({
	current,
	className,
	children,
}: {
	/** The current section's name, shown in the summary. */
	current?: string
	className?: string
	children: React.ReactNode
}) {
	const drawer = useRef<HTMLDetailsElement>(null)
	const location = useLocation()
	const here = `${location.pathname}${location.search}`
	useEffect(() => {
		if (drawer.current) drawer.current.open = false
	}, [location.key])
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			const details = drawer.current
			if (event.key !== 'Escape' || !details?.open) return
			details.open = false
			details.querySelector('summary')?.focus()
		}
		document.addEventListener('keydown', onKey)
		return () => document.removeEventListener('keydown', onKey)
	}, [])
	const close = (event: React.MouseEvent) => {
		if (!drawer.current) return
		event.preventDefault()
		drawer.current.open = false
		drawer.current.querySelector('summary')?.focus()
	}
	return (
		<details ref={drawer} data-nav-drawer="" className={cx('nav-drawer group min-w-0', className)}>
			<summary className="flex min-h-11 min-w-0 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-700 px-3 py-2 text-sm hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
				<Icon name="menu" className="shrink-0" />
				<span className="shrink-0 font-semibold">Menu</span>
				{current ? (
					<span className="min-w-0 max-w-[9rem] flex-1 truncate text-emerald-200">
						<span className="sr-only">, current section: </span>
						<span aria-hidden="true">· </span>
						{current}
					</span>
				) : null}
			</summary>
			<Link
				to={here}
				replace
				preventScrollReset
				onClick={close}
				tabIndex={-1}
				aria-hidden="true"
				className="fixed inset-0 z-40 bg-slate-950/75"
			/>
			<div className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-4 overflow-y-auto overscroll-contain border-l border-slate-800 bg-slate-950 p-4 shadow-2xl">
				<div className="flex justify-end">
					<Link to={here} replace preventScrollReset onClick={close} className="btn-secondary">
						<Icon name="x" size="sm" />
						Close<span className="sr-only"> the menu</span>
					</Link>
				</div>
				{children}
			</div>
		</details>
	)
}
