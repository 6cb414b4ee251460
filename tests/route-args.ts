/**
 * A loader's or action's arguments for a unit test's request, with `url` as
 * React Router gives it beside the request (app/utils/request.server.ts,
 * RequestArgs). A test's request is never a data request, so `url` is the
 * request's own URL.
 */
export function routeArgs(request: Request): { request: Request; url: URL }
export function routeArgs<T extends { request: Request }>(args: T): T & { url: URL }
export function routeArgs(input: Request | { request: Request }) {
	const args = input instanceof Request ? { request: input } : input
	return { ...args, url: new URL(args.request.url) }
}
