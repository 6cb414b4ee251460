/**
 * A `Request` whose signal is the one it was given, not a new signal that
 * follows it (docs/decisions/031-requests-share-their-signal.md).
 *
 * Node's `Request` (undici) makes every request with a signal follow it
 * through a signal of its own, a `WeakRef` and a `FinalizationRegistry`
 * entry that holds the given signal. React Router derives two or three
 * requests from each one it handles, each following the last. V8's young
 * generation collector never clears weak references, so the whole chain,
 * and every listener on it (React Router's per-request state among them),
 * outlives the requests and fills the old generation: on `/api/auth/me`
 * that was a full collection every 0.8 s per serving process, and a
 * quarter of its throughput.
 *
 * Here a request made with a signal (given in `init`, or taken from a
 * request it copies) carries that same object as its `signal`; undici is
 * told there is none to follow. Aborting it reaches every request that
 * shares it, as following did. The constructor is wrapped, not
 * subclassed, so every request is still a native one (`instanceof`
 * holds); `clone()` gives the copy the same signal.
 */
/** The constructors and `clone` methods made here (so that wrapping twice wraps once). */
const ours = new WeakSet<object>()

/**
 * The members of `RequestInit` that undici reads, signal aside. They are
 * read one by one, as undici does, not spread: an init can be another
 * request (remix-auth passes one), whose members are getters.
 */
const INIT_MEMBERS = [
	'method',
	'headers',
	'body',
	'referrer',
	'referrerPolicy',
	'mode',
	'credentials',
	'cache',
	'redirect',
	'integrity',
	'keepalive',
	'window',
	'duplex',
	'dispatcher',
] as const

/** `init` without its signal (and `{ signal: null }` when there is no init). */
function withoutSignal(init: RequestInit | undefined) {
	const copy: Record<string, unknown> = { signal: null }
	if (init)
		for (const member of INIT_MEMBERS) {
			const value = (init as Record<string, unknown>)[member]
			if (value !== undefined) copy[member] = value
		}
	return copy as RequestInit
}

/** Gives `request` the signal it shares (an own property over undici's getter). */
function withSignal<T extends Request>(request: T, signal: AbortSignal) {
	Object.defineProperty(request, 'signal', { value: signal, enumerable: true })
	return request
}

/** Wraps `target.Request` (once). */
export function shareRequestSignals(target: typeof globalThis = globalThis) {
	const Native = target.Request
	if (ours.has(Native)) return
	// A clone shares the signal too (undici's clone follows the one it made).
	const nativeClone = Native.prototype.clone
	if (!ours.has(nativeClone)) {
		const clone = function clone(this: Request) {
			const copy = nativeClone.call(this)
			return Object.hasOwn(this, 'signal') ? withSignal(copy, this.signal) : copy
		}
		ours.add(clone)
		Object.defineProperty(Native.prototype, 'clone', { configurable: true, writable: true, value: clone })
	}
	const wrapped = new Proxy(Native, {
		construct(Request, args: ConstructorParameters<typeof Native>, newTarget) {
			const [input, init] = args
			const signal = init?.signal !== undefined ? init.signal : input instanceof Native ? input.signal : null
			if (!signal) return Reflect.construct(Request, args, newTarget) as object
			return withSignal(Reflect.construct(Request, [input, withoutSignal(init)], newTarget) as Request, signal)
		},
	})
	ours.add(wrapped)
	target.Request = wrapped
}
