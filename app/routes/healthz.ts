import { getDb } from '#db/client.server.ts'

/** 200 when the database answers, 503 otherwise; never cached, no details. */
export function loader() {
	const headers = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }
	try {
		getDb().$client.prepare('select 1').get()
		return new Response('OK', { headers })
	} catch {
		return new Response('Unavailable', { status: 503, headers })
	}
}
