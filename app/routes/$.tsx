import { data } from 'react-router'
import { getMember } from '#app/auth/member.server.ts'
import { ErrorPage, type NotFoundData } from '#app/components/error-page.tsx'
import type { Route } from './+types/$'

// Any path no other route matches: a real 404 page (root ErrorBoundary),
// inside the public header and footer.
export async function loader({ request }: Route.LoaderArgs) {
	throw data({ signedIn: Boolean(await getMember(request)) } satisfies NotFoundData, { status: 404 })
}

export async function action({ request }: Route.ActionArgs) {
	throw data({ signedIn: Boolean(await getMember(request)) } satisfies NotFoundData, { status: 404 })
}

export default function NotFoundRoute() {
	return (
		<ErrorPage
			status={404}
			title="Page not found"
			message="The page you are looking for does not exist."
			siteChrome={{ signedIn: false }}
		/>
	)
}
