import { redirect } from 'react-router'
import { endAdminSession, getAdmin } from '#app/utils/admin-auth.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'
import type { Route } from './+types/admin_.logout'

// Signing out changes state, so it is POST only; a GET goes back to the panel.
export function loader() {
	return redirect('/admin')
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await getAdmin(request)
	const cookie = await endAdminSession(request)
	log('admin.logout', { ip: clientIp(request), adminId: admin?.id, via: 'web', result: 'success' })
	return redirect('/admin/login', { headers: { 'Set-Cookie': cookie } })
}
