import { redirect } from 'react-router'
import { staffAuth } from '#app/auth/staff.server.ts'
import type { Route } from './+types/admin_.logout'

// Signing out changes state, so it is POST only; a GET goes back to the panel.
export function loader() {
	return redirect('/admin')
}

export function action({ request }: Route.ActionArgs) {
	return staffAuth.signOutWithForm(request)
}
