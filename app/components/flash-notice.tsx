import { useMatches, useRouteLoaderData } from 'react-router'
import type { loader as rootLoader, RouteHandle } from '#app/root.tsx'

/**
 * The flash message the root loader read (app/utils/flash.server.ts), as a
 * status region. The root layout shows it at the top of the page; when the
 * page is a dialog route (`handle = dialogHandle`), the dialog shows it
 * instead, since with JavaScript everything outside a modal dialog is
 * inert (neither seen nor announced).
 */
export function FlashNotice({ placement }: { placement: 'page' | 'dialog' }) {
	const data = useRouteLoaderData<typeof rootLoader>('root')
	const leaf = useMatches().at(-1)
	const inDialog = (leaf?.handle as RouteHandle | undefined)?.dialog === true
	const flash = data?.flash
	if (!flash || inDialog !== (placement === 'dialog')) return null
	const notice = (
		<p
			key={flash.id}
			role="status"
			className="rounded-lg border border-emerald-400/60 bg-emerald-400/10 p-3 text-sm text-emerald-100"
		>
			{flash.message}
		</p>
	)
	if (placement === 'dialog') return <div className="mb-4">{notice}</div>
	return <div className="mx-auto max-w-7xl px-4 pt-4">{notice}</div>
}
