/**
 * The card of the admin sign-in steps (login.tsx and login/two-factor.tsx):
 * the logo, the step's heading and its line, then the step's forms and links.
 * A `+` file, so this is no route.
 */
export function SignInCard({
	title,
	description,
	children,
}: {
	title: React.ReactNode
	description: React.ReactNode
	children: React.ReactNode
}) {
	return (
		<main className="mx-auto flex min-h-screen w-full max-w-md flex-col justify-center px-4 py-10">
			<div className="card">
				<div className="flex items-center gap-3">
					<img src="/favicon.svg" alt="" width={36} height={36} />
					<div>
						<h1 className="text-2xl font-bold">{title}</h1>
						<p className="text-sm text-slate-300">{description}</p>
					</div>
				</div>
				{children}
			</div>
		</main>
	)
}
