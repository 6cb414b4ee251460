// One request on a connection of its own, for the bench scripts (scripts/bench.mjs, scripts/heap-caps.mjs).
import http from 'node:http'

/**
 * One request on a connection of its own (node:http, no keep-alive), as a
 * fetch Response. The setup steps use it: with the global fetch, a request
 * sent on a kept-alive socket just as the server closed it as idle failed
 * with "fetch failed / other side closed" (once, signing in after the users
 * seed). Never retried: sign-ups and sign-ins are not idempotent.
 */
export function freshFetch(url, { method = 'GET', headers = {}, body } = {}) {
	const payload = body === undefined ? undefined : Buffer.from(String(body))
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{ method, agent: false, headers: payload ? { ...headers, 'Content-Length': payload.length } : headers },
			(res) => {
				const chunks = []
				res.on('data', (c) => chunks.push(c))
				res.on('error', reject)
				res.on('end', () => {
					const out = new Headers()
					for (const [name, value] of Object.entries(res.headers)) {
						for (const one of [].concat(value)) out.append(name, one)
					}
					const empty = res.statusCode === 204 || res.statusCode === 304 || method === 'HEAD'
					resolve(new Response(empty ? null : Buffer.concat(chunks), { status: res.statusCode, headers: out }))
				})
			},
		)
		req.on('error', reject)
		req.end(payload)
	})
}
