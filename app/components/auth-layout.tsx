import { Link } from 'react-router'
import { BrandLink } from '#app/components/brand-link.tsx'
import { site } from '#app/content/site.ts'

/** The frame of the sign-in and sign-up pages: brand, content, risk line. */
export function AuthLayout({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
	return (
		<div className="flex min-h-screen flex-col">
			<header className="border-b border-slate-800">
				<div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
					<BrandLink />
				</div>
			</header>
			<main className={`mx-auto w-full flex-1 px-4 py-8 sm:py-12 ${wide ? 'max-w-3xl' : 'max-w-md'}`}>{children}</main>
			<footer className="border-t border-slate-800 px-4 py-6 text-center text-xs text-slate-400">
				<p className="mx-auto max-w-3xl">{site.riskWarning}</p>
			</footer>
		</div>
	)
}

/**
 * An auth page's centred message card: its h1, the message, any further
 * lines (`children`), then the one button link. `status` makes it a live
 * role="status" (the outcome of a form).
 */
export function AuthNotice({
	title,
	message,
	status = false,
	link,
	children,
}: {
	title: string
	message: string
	status?: boolean
	link?: { to: string; label: string }
	children?: React.ReactNode
}) {
	return (
		<div className="card text-center" role={status ? 'status' : undefined}>
			<h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
			<p className="mt-4 text-slate-300">{message}</p>
			{children}
			{link ? (
				<Link to={link.to} className="btn-primary mt-8 w-full">
					{link.label}
				</Link>
			) : null}
		</div>
	)
}
