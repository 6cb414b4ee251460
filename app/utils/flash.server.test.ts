import { afterEach, describe, expect, test } from 'vitest'
import { noticeAfter } from '#tests/flash.ts'
import { resetEnv } from './env.server.ts'
import { flashCookie, readFlash, redirectWithFlash, serializeFlash } from './flash.server.ts'

function request(cookie?: string) {
	return new Request('http://localhost:3000/admin/users', cookie ? { headers: { Cookie: cookie } } : {})
}

afterEach(() => {
	delete process.env.APP_ORIGIN
	resetEnv()
})

describe('flash messages', () => {
	test('a redirect carries the message to the next page, read once', async () => {
		const response = await redirectWithFlash('/admin/users?status=banned', 'User created')
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin/users?status=banned')
		expect(await noticeAfter(response)).toBe('User created')

		const cookie = response.headers.getSetCookie()[0]!
		expect(cookie).toMatch(/^flash=/)
		expect(cookie).toMatch(/; Path=\//)
		expect(cookie).toMatch(/; HttpOnly/)
		expect(cookie).toMatch(/; SameSite=Lax/)
		expect(cookie).not.toMatch(/Secure/)

		// Reading it answers the header that clears it.
		const { flash, headers } = await readFlash(request(cookie.split(';')[0]))
		expect(flash).toMatchObject({ message: 'User created' })
		expect(headers?.['Set-Cookie']).toMatch(/^flash=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/)
	})

	test('no cookie: nothing to show, nothing to clear', async () => {
		expect(await readFlash(request())).toEqual({ flash: null, headers: undefined })
		expect(await readFlash(request('session=abc'))).toEqual({ flash: null, headers: undefined })
	})

	test('a tampered or unsigned cookie shows nothing and is cleared', async () => {
		const [value] = (await serializeFlash('Contest started.')).split(';')
		const forged = `flash=${Buffer.from(JSON.stringify({ id: 'x', message: '<b>Hacked</b>' })).toString('base64')}`
		for (const cookie of [forged, `${value!.slice(0, -4)}AAAA`, 'flash=', 'flash=%%%']) {
			const { flash, headers } = await readFlash(request(cookie))
			expect(flash, cookie).toBeNull()
			expect(headers?.['Set-Cookie'], cookie).toMatch(/^flash=; Max-Age=0/)
		}
	})

	test('two equal messages are told apart (each one is announced)', async () => {
		const a = await readFlash(request((await serializeFlash('Score updated.')).split(';')[0]))
		const b = await readFlash(request((await serializeFlash('Score updated.')).split(';')[0]))
		expect(a.flash?.message).toBe(b.flash?.message)
		expect(a.flash?.id).not.toBe(b.flash?.id)
	})

	test('over https: __Host-flash, Secure', async () => {
		process.env.APP_ORIGIN = 'https://trade.example'
		resetEnv()
		expect(flashCookie().name).toBe('__Host-flash')
		const cookie = await serializeFlash('Contest deleted.')
		expect(cookie).toMatch(/^__Host-flash=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
		expect((await readFlash(request(cookie.split(';')[0]))).flash?.message).toBe('Contest deleted.')
	})

	test('other headers of the redirect are kept', async () => {
		const response = await redirectWithFlash('/admin/contests', 'Contest created as a draft.', {
			headers: { 'Set-Cookie': 'other=1; Path=/' },
		})
		expect(response.headers.getSetCookie()).toHaveLength(2)
		expect(await noticeAfter(response)).toBe('Contest created as a draft.')
	})
})
