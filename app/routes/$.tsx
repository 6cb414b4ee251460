import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'

// Any path no other route matches: a real 404 page (root ErrorBoundary).
export function loader() {
	throw data(null, { status: 404 })
}

export function action() {
	throw data(null, { status: 404 })
}

export default function NotFoundRoute() {
	return <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />
}
