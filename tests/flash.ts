import { readFlash } from '#app/utils/flash.server.ts'

/**
 * The notice the page after `response` (an action's redirect) shows: its
 * flash cookie read back the way the root loader reads it. Null when the
 * redirect carries none.
 */
export async function noticeAfter(response: Response) {
	const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!)
	if (cookies.length === 0) return null
	const location = new URL(response.headers.get('Location') ?? '/', 'http://localhost:3000')
	const { flash } = await readFlash(new Request(location, { headers: { Cookie: cookies.join('; ') } }))
	return flash?.message ?? null
}
