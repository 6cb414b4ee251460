import { getMember } from '#app/auth/member.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/** What a public page's loader gives its header and meta: whether a member is signed in, and the site's origin. */
export async function publicPageViewer(request: Request) {
	const user = await getMember(request)
	return { signedIn: Boolean(user), origin: getEnv().appOrigin }
}
