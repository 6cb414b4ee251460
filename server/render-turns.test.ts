import { EventEmitter } from 'node:events'
import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, test } from 'vitest'
import { createRenderTurns, RENDER_SLOTS, takesTurn } from './render-turns.ts'

/** A manual event loop: each `turn()` runs what was deferred before it, like one pass of setImmediate. */
function manualLoop() {
	let queue: Array<() => void> = []
	return {
		defer: (fn: () => void) => void queue.push(fn),
		turn() {
			const now = queue
			queue = []
			for (const fn of now) fn()
			return now.length
		},
		pending: () => queue.length,
	}
}

function response() {
	return new EventEmitter() as EventEmitter & { once(event: 'finish' | 'close', listener: () => void): unknown }
}

describe('takesTurn: which requests wait their turn', () => {
	test.each([
		['GET', '/dashboard', true],
		['HEAD', '/dashboard/referrals?tab=milestones', true],
		['GET', '/dashboard.data', true],
		['GET', '/dashboard/_.data', true],
		['POST', '/dashboard/plans', false],
		['GET', '/api/auth/me', false],
		['GET', '/api', false],
		['GET', '/healthz', false],
		['GET', '/admin/users/export.csv', false],
		['GET', '/dashboard/settings/data.json', false],
	])('%s %s -> %s', (method, url, expected) => {
		expect(takesTurn({ method, url })).toBe(expected)
	})
})

describe('createRenderTurns', () => {
	test('renders start in arrival order, one per turn of the loop, never more than the slots at once', () => {
		const loop = manualLoop()
		const turns = createRenderTurns({ slots: 2, defer: loop.defer })
		const started: number[] = []
		const responses = Array.from({ length: 5 }, () => response())
		responses.forEach((res, i) => turns.inTurn(res, () => started.push(i)))
		// Nothing runs inside the callback that read the request.
		expect(started).toEqual([])
		expect(turns.counts()).toEqual({ rendering: 0, waiting: 5 })
		loop.turn()
		expect(started).toEqual([0])
		loop.turn()
		expect(started).toEqual([0, 1])
		// Both slots busy: the loop has nothing to start.
		expect(loop.pending()).toBe(0)
		loop.turn()
		expect(started).toEqual([0, 1])
		responses[1]!.emit('finish')
		loop.turn()
		expect(started).toEqual([0, 1, 2])
		responses[0]!.emit('finish')
		responses[2]!.emit('finish')
		loop.turn()
		loop.turn()
		expect(started).toEqual([0, 1, 2, 3, 4])
		expect(turns.counts()).toEqual({ rendering: 2, waiting: 0 })
		responses[3]!.emit('finish')
		responses[4]!.emit('close')
		expect(turns.counts()).toEqual({ rendering: 0, waiting: 0 })
	})

	test('a request whose client left before its turn never renders and takes no slot', () => {
		const loop = manualLoop()
		const turns = createRenderTurns({ slots: 1, defer: loop.defer })
		const started: string[] = []
		const first = response()
		const gone = response()
		const last = response()
		turns.inTurn(first, () => started.push('first'))
		turns.inTurn(gone, () => started.push('gone'))
		turns.inTurn(last, () => started.push('last'))
		loop.turn()
		gone.emit('close')
		expect(turns.counts()).toEqual({ rendering: 1, waiting: 1 })
		// finish then close (node:http emits both): the slot is freed once.
		first.emit('finish')
		first.emit('close')
		loop.turn()
		expect(started).toEqual(['first', 'last'])
		expect(turns.counts()).toEqual({ rendering: 1, waiting: 0 })
		last.emit('close')
		expect(turns.counts()).toEqual({ rendering: 0, waiting: 0 })
	})

	test("a render runs in its own request's async context, not the one that freed its slot", () => {
		const loop = manualLoop()
		const turns = createRenderTurns({ slots: 1, defer: loop.defer })
		const context = new AsyncLocalStorage<string>()
		const seen: Array<string | undefined> = []
		const a = response()
		const b = response()
		context.run('a', () => turns.inTurn(a, () => seen.push(context.getStore())))
		context.run('b', () => turns.inTurn(b, () => seen.push(context.getStore())))
		loop.turn()
		context.run('elsewhere', () => a.emit('finish'))
		context.run('elsewhere', () => loop.turn())
		expect(seen).toEqual(['a', 'b'])
	})

	test('with the real event loop: a few slots, every request served, in order', async () => {
		const turns = createRenderTurns()
		const order: number[] = []
		const done = Array.from({ length: 12 }, (_, i) => {
			const res = response()
			return new Promise<void>((resolve) =>
				turns.inTurn(res, () => {
					order.push(i)
					setTimeout(() => {
						res.emit('finish')
						resolve()
					}, 1)
				}),
			)
		})
		await Promise.all(done)
		expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i))
		expect(turns.counts()).toEqual({ rendering: 0, waiting: 0 })
		expect(RENDER_SLOTS).toBeGreaterThanOrEqual(2)
	})
})
