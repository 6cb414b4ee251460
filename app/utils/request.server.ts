/**
 * What a guard or helper takes of a loader's or action's arguments: the
 * request (cookies, headers, body) and `url`, the URL as React Router gives
 * it, without a data request's `.data` suffix, `_routes` and bare `index`.
 * Loaders, actions and what they call read the path and query from `url`,
 * not from `request.url`: with `future.v8_passThroughRequests` the request
 * is the one the browser sent (docs/decisions/043-v8-future-flags.md).
 */
export type RequestArgs = { request: Request; url: URL }

/**
 * The client's IP as the production server saw it (server.js sets this
 * header after removing any copy the client sent).
 */
export function clientIp(request: Request) {
	return request.headers.get('x-client-ip') ?? 'unknown'
}

export function requestMeta(request: Request) {
	return { ip: clientIp(request) }
}
