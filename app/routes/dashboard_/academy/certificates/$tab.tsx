import { data, Link } from 'react-router'
import type { NotFoundData } from '#app/components/error-page.tsx'
import { CertificateCard } from '#app/components/academy.tsx'
import { BrandLink } from '#app/components/brand-link.tsx'
import { site } from '#app/content/site.ts'
import { certificateStates, certificateView, getLessonCompletions } from '#app/features/academy/academy.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import type { Route } from './+types/$tab'

/**
 * An earned certificate on a page of its own, outside the dashboard layout
 * so that it prints on its own. A topic whose certificate is not earned (or
 * no topic) is a 404.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const certificate = certificateStates(getLessonCompletions(user.id)).find((c) => c.tab === params.tab)
	// The printable page stands outside the member area's layout: the site's 404, signed in.
	if (!certificate?.earnedAt) {
		throw data(
			{ error: 'This certificate has not been earned', signedIn: true } satisfies NotFoundData & { error: string },
			{
				status: 404,
			},
		)
	}
	const view = certificateView(certificate)
	return { memberName: user.name, certificate: { ...view, earned: view.earned! } }
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function CertificateRoute({ loaderData }: Route.ComponentProps) {
	const { certificate } = loaderData
	return (
		// Printed on white (the page's dark background is the body's).
		<div className="min-h-screen print:bg-white print:text-slate-950">
			<div className="mx-auto max-w-3xl px-4 print:max-w-none">
				<header className="flex flex-wrap items-center justify-between gap-3 py-4 print:hidden">
					<BrandLink to="/dashboard" />
					<Link to="/dashboard/academy" className="link text-sm">
						<span aria-hidden="true">← </span>Back to the Academy
					</Link>
				</header>
				<main className="py-8 print:py-0">
					<CertificateCard
						name={loaderData.memberName}
						topic={certificate.topic}
						lessonTotal={certificate.lessonTotal}
						earned={certificate.earned}
						headingLevel={1}
					/>
					<p className="mt-6 text-center text-sm text-slate-400 print:text-slate-700">
						A record of lessons completed in the {site.name} Academy; not a professional or regulatory qualification.
					</p>
					<p className="mt-2 text-center text-sm text-slate-400 print:hidden">
						To keep a copy, print this page or save it as a PDF from your browser’s menu.
					</p>
				</main>
			</div>
		</div>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? `Certificate: ${data.certificate.topic}` : 'Certificate'} | Academy | ${site.name}` },
]
