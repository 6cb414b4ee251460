import { redirect } from 'react-router'

// /admin itself shows nothing: the dashboard is the admin's home.
export function loader() {
	throw redirect('/admin/dashboard')
}
