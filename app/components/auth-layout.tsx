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
