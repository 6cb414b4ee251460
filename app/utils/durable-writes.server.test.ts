import { describe, expect, test } from 'vitest'
import { createDurableWrites } from './durable-writes.server.ts'

// The root middleware that holds an answer back until what it wrote is on
// disk (docs/decisions/037): a fake connection whose "flush" the test resolves.
function withWrites() {
	let count = 0
	const flushes: { resolve: () => void; reject: (e: Error) => void }[] = []
	const middleware = createDurableWrites({
		mark: () => count,
		settle: (mark) =>
			count === mark ? undefined : new Promise<void>((resolve, reject) => flushes.push({ resolve, reject })),
	})
	const run = (path: string, write: boolean) =>
		middleware(
			{ request: new Request(`http://localhost${path}`, { method: 'POST' }), params: {}, context: {} } as never,
			async () => {
				if (write) count++
				return new Response('saved', { status: 201 })
			},
		) as Promise<Response>
	return { run, flushes }
}

describe('an answer that acknowledges a write waits until the write is on disk', () => {
	test('a request that wrote is answered only after its flush resolves', async () => {
		const { run, flushes } = withWrites()
		let answered = false
		const pending = run('/dashboard/settings', true).then((r) => {
			answered = true
			return r
		})
		await expect.poll(() => flushes.length).toBe(1)
		await new Promise((r) => setTimeout(r, 20))
		expect(answered).toBe(false)
		flushes[0]!.resolve()
		const response = await pending
		expect(response.status).toBe(201)
		expect(await response.text()).toBe('saved')
	})

	test('a request that wrote nothing does not wait for any flush', async () => {
		const { run, flushes } = withWrites()
		const response = await run('/dashboard', false)
		expect(response.status).toBe(201)
		expect(flushes).toHaveLength(0)
	})

	test('a flush that fails answers as a server error, never the success it would have acknowledged', async () => {
		for (const [path, type, text] of [
			['/dashboard/settings', 'text/html', 'Something went wrong'],
			['/api/member/settings', 'application/json', '"success":false'],
		] as const) {
			const { run, flushes } = withWrites()
			const pending = run(path, true)
			await expect.poll(() => flushes.length).toBe(1)
			flushes[0]!.reject(new Error('EIO'))
			const response = await pending
			expect(response.status).toBe(500)
			expect(response.headers.get('content-type')).toContain(type)
			expect(await response.text()).toContain(text)
		}
	})
})
