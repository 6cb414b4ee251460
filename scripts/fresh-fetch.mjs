// One request on a connection of its own, for the bench scripts (scripts/bench/, scripts/heap-caps.mjs, scripts/profile.mjs).
import http from 'node:http'

/**
 * One request on a connection of its own (node:http, no keep-alive): its
 * status, its headers as sent (a flat name, value list in their order and
 * spelling) and its body. Never retried.
 */
export function freshAnswer(url, { method = 'GET', headers = {}, body } = {}) {
	const payload = body === undefined ? undefined : Buffer.from(String(body))
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{ method, agent: false, headers: payload ? { ...headers, 'Content-Length': payload.length } : headers },
			(res) => {
				const chunks = []
				res.on('data', (c) => chunks.push(c))
				res.on('error', reject)
				res.on('end', () =>
					resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
				)
			},
		)
		req.on('error', reject)
		req.end(payload)
	})
}

/**
 * One request on a connection of its own, as a fetch Response. The setup
 * steps use it: with the global fetch, a request sent on a kept-alive socket
 * just as the server closed it as idle failed with "fetch failed / other
 * side closed" (once, signing in after the users seed). Never retried:
 * sign-ups and sign-ins are not idempotent.
 */
export async function freshFetch(url, options = {}) {
	const { status, rawHeaders, body } = await freshAnswer(url, options)
	const out = new Headers()
	for (let i = 0; i < rawHeaders.length; i += 2) out.append(rawHeaders[i], rawHeaders[i + 1])
	const empty = status === 204 || status === 304 || options.method === 'HEAD'
	return new Response(empty ? null : body, { status, headers: out })
}

/**
 * Throws unless `url` answers 200 (redirects are not followed). Before a
 * load run: wrk counts a redirect, such as a signed-out visitor sent to
 * sign in, as answered.
 */
export async function assertAnswers200(url, headers = {}) {
	const { status } = await freshAnswer(url, { headers })
	if (status !== 200) throw new Error(`${url}: ${status}`)
}
