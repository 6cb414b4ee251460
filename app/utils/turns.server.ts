/** A turn of a long scheduler job: items one after another for about this long... */
export const TURN_MS = 10
/** ...then a rest this many times as long, so the job takes at most a third of the process's time. */
export const REST_FACTOR = 2

/**
 * Runs `each` over `items` in turns, for a job that runs in a serving
 * process: after about TURN_MS of items it gives the event loop back and
 * rests REST_FACTOR times as long, so requests keep being answered
 * meanwhile. Work that fits in one turn (small data, the tests) is done at
 * once and `done()` is answered as a plain result; otherwise a promise of
 * it (the scheduler keeps its lease until the promise settles).
 */
export function inTurns<T, R>(
	items: readonly T[],
	each: (item: T) => void,
	done: () => R,
	clock: () => number = () => performance.now(),
): R | Promise<R> {
	let next = 0
	let lastTurnMs = 0
	/** Items until the turn is used up; true once none is left. */
	const turn = () => {
		const started = clock()
		while (next < items.length) {
			each(items[next++]!)
			lastTurnMs = clock() - started
			if (lastTurnMs >= TURN_MS) break
		}
		return next >= items.length
	}
	if (turn()) return done()
	return (async () => {
		do {
			await new Promise((resolve) => setTimeout(resolve, Math.ceil(lastTurnMs * REST_FACTOR)))
		} while (!turn())
		return done()
	})()
}

/**
 * `then` for a job's result that may or may not be a promise (inTurns'
 * answer): a plain value goes on at once, so work that fits in one turn
 * stays one plain result.
 */
export function andThen<A, B>(value: A | Promise<A>, next: (value: A) => B | Promise<B>): B | Promise<B> {
	return value instanceof Promise ? value.then(next) : next(value)
}
