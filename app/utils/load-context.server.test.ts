import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getLoadContext, pageCacheRenderContext } from './load-context.server.ts'

describe('getLoadContext', () => {
	test('a RouterContextProvider (future.v8_middleware) in which a request is not a page-cache render', () => {
		const context = getLoadContext()
		expect(context).toBeInstanceOf(RouterContextProvider)
		expect(context.get(pageCacheRenderContext)).toBe(false)
	})

	test("the page cache's own renders say so", () => {
		expect(getLoadContext({ pageCacheRender: true }).get(pageCacheRenderContext)).toBe(true)
	})
})
