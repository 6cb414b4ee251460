import { AsyncResource } from 'node:async_hooks'

/**
 * Page renders take turns in the order their requests came
 * (docs/decisions/028-memory-and-tails.md).
 *
 * A render is CPU work with nothing to wait for. Run inside the callback
 * that read its request, it delays the reading of every other socket, and
 * under load the event loop served some requests within a fraction of a
 * second while others waited seconds (p99 twenty times p50; a bare
 * node:http server doing the same work did the same). With turns, a page
 * load is only queued when its request is read; renders start from the
 * queue in arrival order, one per turn of the event loop (so sockets are
 * read between them), at most `slots` at once. Throughput is unchanged;
 * the wait is shared fairly.
 *
 * Only page loads take turns (GET and HEAD outside /api, not a file
 * export): form posts, the API, health checks, static files and cached
 * pages never wait behind them.
 */

/** What the turns need of a request and its response (node:http's, or a test's). */
export type TurnRequest = { method?: string | undefined; url?: string | undefined }
export type TurnResponse = { once(event: 'finish' | 'close', listener: () => void): unknown }

export const RENDER_SLOTS = 4

export function takesTurn(req: TurnRequest) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	const url = req.url ?? '/'
	if (url === '/healthz' || url === '/api' || url.startsWith('/api/')) return false
	const pathname = url.split('?')[0]!
	return !pathname.endsWith('.csv') && !pathname.endsWith('.json')
}

type Turn = { state: 'waiting' | 'running' | 'done'; start: () => void }

export function createRenderTurns({
	slots = RENDER_SLOTS,
	defer = setImmediate as (fn: () => void) => unknown,
}: { slots?: number; defer?: (fn: () => void) => unknown } = {}) {
	let rendering = 0
	const waiting: Turn[] = []
	let pumpScheduled = false

	function schedulePump() {
		if (pumpScheduled || waiting.length === 0 || rendering >= slots) return
		pumpScheduled = true
		defer(pump)
	}

	/** Starts the oldest waiting render when a slot is free: one per turn of the event loop. */
	function pump() {
		pumpScheduled = false
		if (rendering < slots) {
			const next = waiting.shift()
			if (next) {
				rendering++
				next.start()
			}
		}
		schedulePump()
	}

	return {
		/** Runs `run` when this request's turn comes; its slot is free again when the response ends or its connection closes. */
		inTurn(res: TurnResponse, run: () => void) {
			const turn: Turn = {
				state: 'waiting',
				// Started later, in this request's own async context (the server's lookup of the request an error belongs to).
				start: AsyncResource.bind(() => {
					turn.state = 'running'
					run()
				}),
			}
			const finished = () => {
				if (turn.state === 'running') {
					rendering--
					schedulePump()
				} else if (turn.state === 'waiting') {
					// Gone before its turn (the client left): it never renders.
					const at = waiting.indexOf(turn)
					if (at !== -1) waiting.splice(at, 1)
				}
				turn.state = 'done'
			}
			res.once('finish', finished)
			res.once('close', finished)
			waiting.push(turn)
			schedulePump()
		},
		/** Renders running and waiting (tests, logs). */
		counts() {
			return { rendering, waiting: waiting.length }
		},
	}
}
