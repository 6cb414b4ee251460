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
