import { redirect } from 'react-router'
import { memberAuth } from '#app/auth/member.server.ts'
import type { Route } from './+types/logout'

// Signing out changes state, so it is POST only; a GET just goes home.
export function loader() {
	return redirect('/')
}

export function action({ request }: Route.ActionArgs) {
	return memberAuth.signOutWithForm(request)
}
