import { Link } from 'react-router'
import { site } from '#app/content/site.ts'

export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
	return (
		<main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-16 text-center">
			<title>{`${title} | ${site.name}`}</title>
			<p className="text-sm font-semibold tracking-widest text-emerald-300">Error {status}</p>
			<h1 className="mt-3 text-3xl font-bold">{title}</h1>
			<p className="mt-4 text-slate-300">{message}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<Link to="/" className="btn-primary">
					Go to the home page
				</Link>
				<Link to="/login" className="btn-secondary">
					Sign In
				</Link>
			</div>
		</main>
	)
}
