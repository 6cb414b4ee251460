import { redirect } from 'react-router'
import { endMemberSession, getMember } from '#app/utils/auth.server.ts'
import { log } from '#app/utils/log.server.ts'
import { clientIp } from '#app/utils/request.server.ts'
import type { Route } from './+types/logout'

// Signing out changes state, so it is POST only; a GET just goes home.
export function loader() {
	return redirect('/')
}

export async function action({ request }: Route.ActionArgs) {
	const user = await getMember(request)
	const cookie = await endMemberSession(request)
	log('auth.logout', { ip: clientIp(request), userId: user?.id, via: 'web', result: 'success' })
	return redirect('/', { headers: { 'Set-Cookie': cookie } })
}
