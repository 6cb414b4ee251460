import { Link } from 'react-router'

/**
 * The heading block of an admin page: title (the page's h1), a subtitle
 * and actions (links or buttons) on the right, wrapping on narrow screens.
 */
export function AdminPageHeader({
	title,
	description,
	children,
}: {
	title: React.ReactNode
	description?: React.ReactNode
	children?: React.ReactNode
}) {
	return (
		<div className="flex flex-wrap items-end justify-between gap-4">
			<div className="min-w-0">
				<h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
				{description ? <p className="mt-1 text-slate-300">{description}</p> : null}
			</div>
			{children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
		</div>
	)
}

/** A bordered section of an admin page with its h2. */
export function AdminSection({
	id,
	title,
	action,
	children,
	className,
}: {
	id: string
	title: React.ReactNode
	action?: React.ReactNode
	children: React.ReactNode
	className?: string
}) {
	return (
		<section
			aria-labelledby={`${id}-heading`}
			id={id}
			className={`rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:p-6 ${className ?? ''}`}
		>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id={`${id}-heading`} className="text-lg font-semibold">
					{title}
				</h2>
				{action}
			</div>
			<div className="mt-4">{children}</div>
		</section>
	)
}

/**
 * A small button-styled link among an admin page's header actions:
 * secondary ("Back to Staff") unless `primary` ("New Staff Account").
 */
export function AdminButtonLink({
	to,
	primary = false,
	children,
}: {
	to: string
	primary?: boolean
	children: React.ReactNode
}) {
	return (
		<Link to={to} className={primary ? 'btn-primary btn-sm' : 'btn-secondary btn-sm'}>
			{children}
		</Link>
	)
}
