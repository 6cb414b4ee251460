import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import type { RouteHandle } from '#app/root.tsx'
import { FlashNotice } from './flash-notice.tsx'
import { Icon } from './icon.tsx'
import { useHydrated } from './forms.tsx'

/** The `handle` of a route whose page is a RouteDialog (the flash message shows inside it). */
export const dialogHandle = { dialog: true } as const satisfies RouteHandle

// useLayoutEffect warns on the server; the dialog only opens in the browser.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * A nested route shown as a modal dialog with JavaScript and as a section
 * of the page without it (every modal works without JavaScript). Closing goes back to
 * `closeTo`, the parent's URL: a link without JS, Escape or the close
 * button with JS. The native <dialog> keeps focus inside while open and
 * focus returns to where it was when it closes.
 */
export function RouteDialog({
	title,
	closeTo,
	children,
	description,
	wide = false,
}: {
	title: React.ReactNode
	closeTo: string
	children: React.ReactNode
	description?: React.ReactNode
	/** A wider dialog, for a table (the contest participants). */
	wide?: boolean
}) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	const descriptionId = useId()

	useBrowserLayoutEffect(() => {
		const dialog = ref.current
		if (!hydrated || !dialog) return
		const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
		if (!dialog.open) dialog.showModal()
		return () => {
			if (dialog.open) dialog.close()
			if (opener?.isConnected) opener.focus()
		}
	}, [hydrated])

	const header = (
		<div className="flex items-start justify-between gap-4">
			<div>
				<h2 id={titleId} className="text-xl font-bold">
					{title}
				</h2>
				{description ? (
					<p id={descriptionId} className="mt-1 text-sm text-slate-300">
						{description}
					</p>
				) : null}
			</div>
			<Link to={closeTo} preventScrollReset className="btn-secondary btn-sm shrink-0">
				<Icon name="x" size="sm" />
				Close
			</Link>
		</div>
	)

	if (!hydrated) {
		return (
			<section aria-labelledby={titleId} className="card mb-6 border-emerald-400/50">
				{header}
				<div className="mt-4">
					<FlashNotice placement="dialog" />
					{children}
				</div>
			</section>
		)
	}
	return (
		<dialog
			ref={ref}
			aria-labelledby={titleId}
			aria-describedby={description ? descriptionId : undefined}
			className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-2xl border border-slate-700 bg-slate-900 p-5 text-slate-100 backdrop:bg-slate-950/80 sm:p-6`}
			onCancel={(event) => {
				event.preventDefault()
				void navigate(closeTo, { preventScrollReset: true })
			}}
		>
			{header}
			<div className="mt-4">
				<FlashNotice placement="dialog" />
				{children}
			</div>
		</dialog>
	)
}
