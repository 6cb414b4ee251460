import { describe, expect, test } from 'vitest'
import { shareRequestSignals } from './shared-signal-request.ts'

function wrapped() {
	const target = { Request: globalThis.Request } as typeof globalThis
	shareRequestSignals(target)
	return target.Request
}

describe('requests share their signal', () => {
	test('a request made with a signal carries that very signal, and a copy of it too', () => {
		const Request = wrapped()
		const controller = new AbortController()
		const request = new Request('http://localhost/a', { signal: controller.signal })
		expect(request.signal).toBe(controller.signal)
		const copy = new Request(request)
		expect(copy.signal).toBe(controller.signal)
		const derived = new Request('http://localhost/b?index', {
			method: 'POST',
			body: 'x=1',
			headers: request.headers,
			signal: request.signal,
		})
		expect(derived.signal).toBe(controller.signal)
		expect(derived.url).toBe('http://localhost/b?index')
		expect(derived.method).toBe('POST')
	})

	test('a request given as the init of another (remix-auth does this) passes on its method, headers and body', async () => {
		const Request = wrapped()
		const controller = new AbortController()
		const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
		const first = new Request('http://localhost/login', {
			method: 'POST',
			headers,
			body: 'email=a%40b.com',
			signal: controller.signal,
		})
		const second = new Request(first.url, first)
		expect(second.method).toBe('POST')
		expect(second.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
		expect(second.signal).toBe(controller.signal)
		expect(Object.fromEntries(await second.clone().formData())).toEqual({ email: 'a@b.com' })
		expect(await second.text()).toBe('email=a%40b.com')
	})

	test('aborting reaches every request derived from the first, with the reason', () => {
		const Request = wrapped()
		const controller = new AbortController()
		const first = new Request('http://localhost/', { signal: controller.signal })
		const second = new Request(first)
		const heard: unknown[] = []
		second.signal.addEventListener('abort', () => heard.push(second.signal.reason))
		controller.abort(new Error('client left'))
		expect(first.signal.aborted).toBe(true)
		expect(second.signal.aborted).toBe(true)
		expect(heard).toEqual([new Error('client left')])
	})

	test('another signal given to a copy replaces the original one; a request without one gets its own', () => {
		const Request = wrapped()
		const a = new AbortController()
		const b = new AbortController()
		const copy = new Request(new Request('http://localhost/', { signal: a.signal }), { signal: b.signal })
		expect(copy.signal).toBe(b.signal)
		a.abort()
		expect(copy.signal.aborted).toBe(false)
		const plain = new Request('http://localhost/')
		expect(plain.signal).toBeInstanceOf(AbortSignal)
		expect(plain.signal.aborted).toBe(false)
	})

	test('requests are still requests: instanceof holds for them and for clones undici makes, bodies read', async () => {
		const Request = wrapped()
		const controller = new AbortController()
		const request = new Request('http://localhost/', { method: 'POST', body: 'a=1', signal: controller.signal })
		expect(request).toBeInstanceOf(Request)
		expect(request).toBeInstanceOf(globalThis.Request)
		const clone = request.clone()
		expect(clone).toBeInstanceOf(Request)
		expect(await clone.text()).toBe('a=1')
		expect(await request.text()).toBe('a=1')
		controller.abort()
		expect(clone.signal.aborted).toBe(true)
	})

	test('wrapping twice wraps once', () => {
		const target = { Request: globalThis.Request } as typeof globalThis
		shareRequestSignals(target)
		const once = target.Request
		shareRequestSignals(target)
		expect(target.Request).toBe(once)
	})
})
