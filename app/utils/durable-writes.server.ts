import type { MiddlewareFunction } from 'react-router'
import { settleWrites, writeMark } from '#db/client.server.ts'
import { log } from './log.server.ts'
import { plainPage } from './plain-page.server.ts'

/**
 * The one place every page and /api request passes on its way out (the
 * root route's middleware): an answer that acknowledges a write is sent only
 * once the write is on disk (docs/decisions/037-durable-writes-off-the-event-loop.md).
 * The database runs with synchronous=NORMAL, so a commit does not wait for
 * the disk on the event loop; here the answer waits for the WAL's
 * fdatasync off it instead, shared by every answer waiting at the same
 * time. An answer that wrote nothing (most reads) does not wait at all.
 *
 * A flush that fails is a server error, never the success it would have
 * acknowledged: the JSON envelope on /api, the plain error page elsewhere.
 */
export function createDurableWrites(
	writes: { mark: () => number; settle: (mark: number) => Promise<void> | undefined } = {
		mark: () => writeMark(),
		settle: (mark) => settleWrites(mark),
	},
): MiddlewareFunction<Response> {
	return async function durableWrites({ request }, next) {
		const mark = writes.mark()
		const response = await next()
		const settling = writes.settle(mark)
		if (!settling) return response
		try {
			await settling
			return response
		} catch (error) {
			await response.body?.cancel()
			const pathname = new URL(request.url).pathname
			log('db.flush_failed', { path: pathname, error: String((error as Error)?.message ?? error) }, 'error')
			return serverErrorAnswer(pathname)
		}
	}
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/** The answer to a failure no handler answered for: the /api envelope, or the plain error page. */
export function serverErrorAnswer(pathname: string) {
	return isApiPath(pathname)
		? new Response(JSON.stringify({ success: false, message: 'Internal server error' }), {
				status: 500,
				headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
			})
		: plainPage(500, 'Something went wrong', 'An unexpected error occurred on our side. Please try again in a moment.')
}
