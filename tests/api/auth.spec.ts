import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import {
	createMember,
	E2E_UNLOCK_CODE,
	PASSWORD,
	registration,
	resetLinkFor,
	uniqueEmail,
} from '../playwright-utils.ts'

// Every /api/auth/* route: success, validation errors, conflicts, tokens and
// bad input. No answer may be a 500, and a refused write stores nothing.

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toContain('application/json')
	return res.json()
}

function bearer(token: string) {
	return { Authorization: `Bearer ${token}` }
}

async function loginStatus(request: APIRequestContext, email: string, password = PASSWORD) {
	return (await request.post('/api/auth/login', { data: { email, password } })).status()
}

test.describe('POST /api/auth/register', () => {
	test('creates the member and returns a token and the user', async ({ request }) => {
		const payload = registration({ email: `  ${uniqueEmail().toUpperCase()}  ` })
		const res = await request.post('/api/auth/register', { data: payload })
		expect(res.status()).toBe(201)
		const body = await json(res)
		expect(body.success).toBe(true)
		expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		const user = body.data.user
		expect(user).toMatchObject({
			name: payload.name,
			email: String(payload.email).trim().toLowerCase(),
			phone: payload.phone,
			country: payload.country,
			telegram: payload.telegram,
			investmentAmount: '$100-$500',
			plan: 'regular',
			referralCount: 0,
			referralPoints: 0,
			referredBy: null,
			isVerified: false,
		})
		expect(user.referralCode).toMatch(/^[A-Z0-9]{8}$/)
		expect(Date.parse(user.createdAt)).not.toBeNaN()
		expect(JSON.stringify(body)).not.toMatch(/passwordHash|\$2[aby]\$/)
		expect(res.headers()['cache-control']).toBe('no-store')
	})

	test('every validation error comes back with its path and message', async ({ request }) => {
		const res = await request.post('/api/auth/register', { data: {} })
		expect(res.status()).toBe(400)
		const body = await json(res)
		expect(body.success).toBe(false)
		expect(body.errors).toEqual(
			expect.arrayContaining([
				{ path: 'name', message: 'Full name is required' },
				{ path: 'email', message: 'Email is required' },
				{ path: 'password', message: 'Password is required' },
				{ path: 'phone', message: 'Required' },
				{ path: 'country', message: 'Required' },
				{ path: 'telegram', message: 'Telegram username is required' },
				{ path: 'investmentAmount', message: 'Please select an investment amount' },
			]),
		)
	})

	const cases = [
		['email', 'not-an-email', 'Invalid email address'],
		['password', 'Ab1', 'Password must be at least 8 characters'],
		['password', 'alllowercase1', 'Password must contain uppercase, lowercase, and number'],
		['password', `Aa1${'a'.repeat(70)}`, 'Password is too long (at most 72 bytes)'],
		['telegram', 'ada', 'Telegram username must start with @'],
		['investmentAmount', '$5', 'Please select an investment amount'],
		['name', 'x'.repeat(10_000), 'Full name must be at most 100 characters'],
	] as const
	for (const [field, value, message] of cases) {
		test(`${field} = ${JSON.stringify(value).slice(0, 20)} is refused: ${message}`, async ({ request }) => {
			const payload = registration({ [field]: value })
			const res = await request.post('/api/auth/register', { data: payload })
			expect(res.status()).toBe(400)
			expect((await json(res)).errors).toContainEqual({ path: field, message })
			if (field !== 'email') expect(await loginStatus(request, payload.email)).toBe(401)
		})
	}

	test('a taken email is a 409 on the email field, whatever its case', async ({ request }) => {
		const first = await createMember(request)
		const res = await request.post('/api/auth/register', {
			data: registration({ email: first.email.toUpperCase() }),
		})
		expect(res.status()).toBe(409)
		const body = await json(res)
		expect(body.errors).toEqual([{ path: 'email', message: 'An account with this email already exists' }])
		// The original password still works: nothing was overwritten.
		expect(await loginStatus(request, first.email)).toBe(200)
	})

	test('a referral code that matches no member is refused; a real one is stored', async ({ request }) => {
		const unknown = registration({ referralCode: 'NOSUCHCODE' })
		const bad = await request.post('/api/auth/register', { data: unknown })
		expect(bad.status()).toBe(400)
		expect((await json(bad)).errors).toEqual([{ path: 'referralCode', message: 'Invalid referral code' }])
		expect(await loginStatus(request, unknown.email)).toBe(401)

		const referrer = await createMember(request)
		const good = await request.post('/api/auth/register', {
			data: registration({ referralCode: referrer.user.referralCode.toLowerCase() }),
		})
		expect(good.status()).toBe(201)
		expect((await json(good)).data.user.referredBy).toBe(referrer.user.referralCode)
	})

	test('unknown keys, __proto__ and type confusion are 400 and store nothing', async ({ request }) => {
		for (const extra of [{ role: 'super_admin' }, { isVerified: true }, { referralPoints: 1000 }]) {
			const payload = { ...registration(), ...extra }
			const res = await request.post('/api/auth/register', { data: payload })
			expect(res.status()).toBe(400)
			expect(await loginStatus(request, payload.email)).toBe(401)
		}
		const polluted = registration()
		const proto = await request.post('/api/auth/register', {
			headers: { 'Content-Type': 'application/json' },
			data: `{"__proto__":{"isAdmin":true},${JSON.stringify(polluted).slice(1)}`,
		})
		expect(proto.status()).toBe(400)
		expect((await json(proto)).errors).toContainEqual({ path: '__proto__', message: 'Unknown field' })
		expect(await loginStatus(request, polluted.email)).toBe(401)

		for (const email of [['a@example.com'], { $ne: null }, 42, null, true]) {
			const res = await request.post('/api/auth/register', { data: { ...registration(), email } })
			expect(res.status()).toBe(400)
		}
	})
})

test.describe('POST /api/auth/login', () => {
	test('signs in and returns a token', async ({ request }) => {
		const member = await createMember(request)
		const res = await request.post('/api/auth/login', {
			data: { email: member.email.toUpperCase(), password: PASSWORD },
		})
		expect(res.status()).toBe(200)
		const body = await json(res)
		expect(body.success).toBe(true)
		expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(body.data.token).not.toBe(member.token)
		expect(body.data.user.email).toBe(member.email)
	})

	test('wrong password and unknown email answer exactly alike', async ({ request }) => {
		const member = await createMember(request)
		const wrong = await request.post('/api/auth/login', { data: { email: member.email, password: 'Wr0ngPassword' } })
		const unknown = await request.post('/api/auth/login', { data: { email: uniqueEmail(), password: 'Wr0ngPassword' } })
		expect(wrong.status()).toBe(401)
		expect(unknown.status()).toBe(401)
		expect(await wrong.json()).toEqual({ success: false, message: 'Invalid email or password' })
		expect(await unknown.json()).toEqual(await wrong.json())
	})

	test('validation errors and no case folding of passwords', async ({ request }) => {
		const res = await request.post('/api/auth/login', { data: {} })
		expect(res.status()).toBe(400)
		expect((await json(res)).errors).toEqual([
			{ path: 'email', message: 'Email is required' },
			{ path: 'password', message: 'Password is required' },
		])
		const badEmail = await request.post('/api/auth/login', { data: { email: 'nope', password: 'x' } })
		expect((await json(badEmail)).errors).toEqual([{ path: 'email', message: 'Invalid email address' }])
		const member = await createMember(request)
		expect(await loginStatus(request, member.email, PASSWORD.toUpperCase())).toBe(401)
		expect(await loginStatus(request, member.email, ` ${PASSWORD} `)).toBe(401)
		const long = await request.post('/api/auth/login', {
			data: { email: member.email, password: `${PASSWORD}${'x'.repeat(80)}` },
		})
		expect(long.status()).toBe(400)
	})
})

test.describe('GET /api/auth/me and POST /api/auth/logout', () => {
	test('me needs a valid bearer token; logout revokes it', async ({ request }) => {
		const member = await createMember(request)
		const me = await request.get('/api/auth/me', { headers: bearer(member.token) })
		expect(me.status()).toBe(200)
		const body = await json(me)
		expect(body).toMatchObject({ success: true, data: { user: { email: member.email, isVerified: false } } })
		expect(me.headers()['cache-control']).toBe('no-store')

		const missing = await request.get('/api/auth/me')
		expect(missing.status()).toBe(401)
		expect(missing.headers()['www-authenticate']).toBe('Bearer')
		expect((await request.get('/api/auth/me', { headers: bearer('x'.repeat(43)) })).status()).toBe(401)
		expect((await request.get(`/api/auth/me?access_token=${member.token}`)).status()).toBe(401)
		expect((await request.get('/api/auth/me', { headers: { Cookie: `session=${member.token}` } })).status()).toBe(401)

		const logout = await request.post('/api/auth/logout', { headers: bearer(member.token) })
		expect(logout.status()).toBe(200)
		expect((await json(logout)).success).toBe(true)
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(401)
		expect((await request.post('/api/auth/logout', { headers: bearer(member.token) })).status()).toBe(401)
	})
})

test.describe('POST /api/auth/verify-code', () => {
	test('wrong, empty and right codes', async ({ request }) => {
		const member = await createMember(request)
		const headers = bearer(member.token)
		const empty = await request.post('/api/auth/verify-code', { headers, data: { code: '   ' } })
		expect(empty.status()).toBe(400)
		expect((await json(empty)).errors).toEqual([{ path: 'code', message: 'Please enter your unlock code' }])
		const wrong = await request.post('/api/auth/verify-code', { headers, data: { code: '000000' } })
		expect(wrong.status()).toBe(400)
		expect((await json(wrong)).message).toBe('Invalid code. Please try again.')
		const injection = await request.post('/api/auth/verify-code', { headers, data: { code: "' OR 1=1 --" } })
		expect(injection.status()).toBe(400)
		const right = await request.post('/api/auth/verify-code', {
			headers,
			data: { code: ` ${E2E_UNLOCK_CODE.toLowerCase()} ` },
		})
		expect(right.status()).toBe(200)
		expect((await json(right)).data.user.isVerified).toBe(true)
		const me = await request.get('/api/auth/me', { headers })
		expect((await me.json()).data.user.isVerified).toBe(true)
	})

	test('needs a token', async ({ request }) => {
		const res = await request.post('/api/auth/verify-code', { data: { code: E2E_UNLOCK_CODE } })
		expect(res.status()).toBe(401)
	})
})

test.describe('forgot and reset password', () => {
	test('same answer for known and unknown emails; the mailed token resets once', async ({ request }) => {
		const member = await createMember(request)
		const known = await request.post('/api/auth/forgot-password', { data: { email: member.email } })
		const unknown = await request.post('/api/auth/forgot-password', { data: { email: uniqueEmail() } })
		expect(known.status()).toBe(200)
		expect(unknown.status()).toBe(200)
		expect(await known.json()).toEqual(await unknown.json())
		expect((await known.json()).success).toBe(true)

		const link = await resetLinkFor(member.email)
		expect(link.startsWith('http://localhost:')).toBe(true)
		const token = decodeURIComponent(new URL(link).searchParams.get('token')!)

		// The member can still sign in until the token is used.
		expect(await loginStatus(request, member.email)).toBe(200)

		const weak = await request.post('/api/auth/reset-password', { data: { token, password: 'short' } })
		expect(weak.status()).toBe(400)
		expect((await json(weak)).errors).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }])

		const reset = await request.post('/api/auth/reset-password', { data: { token, password: 'N3wPassword!' } })
		expect(reset.status()).toBe(200)
		expect((await json(reset)).success).toBe(true)
		// Every session ends with a reset, the old password stops working.
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(401)
		expect(await loginStatus(request, member.email)).toBe(401)
		expect(await loginStatus(request, member.email, 'N3wPassword!')).toBe(200)

		const again = await request.post('/api/auth/reset-password', { data: { token, password: 'An0therPassword' } })
		expect(again.status()).toBe(400)
		expect((await json(again)).success).toBe(false)
	})

	test('links are built from APP_ORIGIN, never from Host headers', async ({ request }) => {
		const member = await createMember(request)
		await request.post('/api/auth/forgot-password', {
			data: { email: member.email },
			headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
		})
		const link = await resetLinkFor(member.email)
		expect(link).not.toContain('evil.example')
	})

	test('validation errors', async ({ request }) => {
		const forgot = await request.post('/api/auth/forgot-password', { data: {} })
		expect(forgot.status()).toBe(400)
		expect((await json(forgot)).errors).toEqual([{ path: 'email', message: 'Email is required' }])
		const reset = await request.post('/api/auth/reset-password', { data: { password: 'N3wPassword!' } })
		expect(reset.status()).toBe(400)
		expect((await json(reset)).errors).toEqual([{ path: 'token', message: 'Invalid reset token' }])
		const forged = await request.post('/api/auth/reset-password', {
			data: { token: 'a'.repeat(43), password: 'N3wPassword!' },
		})
		expect(forged.status()).toBe(400)
	})
})

test.describe('bad input on every route never gives a 500', () => {
	const routes = ['register', 'login', 'verify-code', 'forgot-password', 'reset-password', 'logout']

	for (const route of routes) {
		test(`/api/auth/${route}`, async ({ request }) => {
			const member = await createMember(request)
			const headers = bearer(member.token)
			const url = `/api/auth/${route}`
			const cases: Array<{ headers?: Record<string, string>; data?: string | Buffer; expect: number[] }> = [
				{ headers: { 'Content-Type': 'application/json' }, data: '{', expect: [400, 401] },
				{ headers: { 'Content-Type': 'application/json' }, data: '{"a":}', expect: [400, 401] },
				{ headers: { 'Content-Type': 'application/json' }, data: '[]', expect: [400, 401] },
				{ headers: { 'Content-Type': 'application/json' }, data: 'null', expect: [400, 401] },
				{ headers: { 'Content-Type': 'application/json' }, data: '"x"', expect: [400, 401] },
				{ headers: { 'Content-Type': 'text/plain' }, data: '{"email":"a@b.co"}', expect: [415, 401] },
				{
					headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
					data: 'email=a%40b.co',
					expect: [415, 401],
				},
				{ headers: { 'Content-Type': 'application/json; charset=utf-7' }, data: '{}', expect: [415, 401] },
				{ headers: { 'Content-Type': 'application/json' }, data: Buffer.alloc(2 * 1024 * 1024, 'a'), expect: [413] },
				{
					headers: { 'Content-Type': 'application/json' },
					data: JSON.stringify({
						email: 'a'.repeat(50_000) + '@',
						code: 'x'.repeat(10_000),
						token: 'y'.repeat(10_000),
						password: 'z'.repeat(10_000),
					}),
					expect: [400, 401],
				},
			]
			for (const c of cases) {
				const auth = route === 'logout' || route === 'verify-code' ? headers : {}
				const res = await request.post(url, { headers: { ...auth, ...c.headers }, data: c.data })
				expect(c.expect, `${url} ${c.headers?.['Content-Type']} ${String(c.data).slice(0, 20)}`).toContain(res.status())
				const body = await json(res)
				expect(body.success).toBe(false)
				expect(JSON.stringify(body)).not.toMatch(/\bat \S+ \(|node_modules|SqliteError|"stack"/i)
			}
			// The token is still valid: logout was never executed by a bad request.
			expect((await request.get('/api/auth/me', { headers })).status()).toBe(200)
		})
	}

	test('other methods get 405 with Allow; unknown paths a JSON 404', async ({ request }) => {
		for (const route of routes) {
			const res = await request.fetch(`/api/auth/${route}`, { method: 'PUT', data: {} })
			expect(res.status()).toBe(405)
			expect(res.headers()['allow']).toBe('POST')
			expect((await res.json()).success).toBe(false)
			expect((await request.get(`/api/auth/${route}`)).status()).toBe(405)
		}
		const me = await request.post('/api/auth/me', { data: {} })
		expect(me.status()).toBe(405)
		expect(me.headers()['allow']).toBe('GET, HEAD')
		const unknown = await request.get('/api/nothing/here', { headers: { Accept: 'text/html' } })
		expect(unknown.status()).toBe(404)
		expect(await unknown.json()).toEqual({ success: false, message: 'Not found' })
		const deleteUnknown = await request.delete('/api/auth/nothing')
		expect(deleteUnknown.status()).toBe(404)
	})
})

test('an expired reset link is refused by the page and the API', async ({ request }) => {
	const { default: Database } = await import('better-sqlite3')
	const { E2E_DATA_DIR } = await import('../setup/e2e-config.ts')
	const member = await createMember(request)
	await request.post('/api/auth/forgot-password', { data: { email: member.email } })
	const link = await resetLinkFor(member.email)
	const token = decodeURIComponent(new URL(link).searchParams.get('token')!)
	// Move the token's expiry one second into the past (an hour has passed).
	const db = new Database(`${E2E_DATA_DIR}/app.db`, { timeout: 5000 })
	const changed = db
		.prepare(
			'update password_reset_tokens set expires_at = ? where user_id = (select id from users where email = ?) and used_at is null',
		)
		.run(Date.now() - 1000, member.email).changes
	db.close()
	expect(changed).toBe(1)
	const page = await request.get(new URL(link).pathname + new URL(link).search)
	expect(await page.text()).toContain('Invalid Reset Link')
	const res = await request.post('/api/auth/reset-password', { data: { token, password: 'N3wPassword!' } })
	expect(res.status()).toBe(400)
	expect(await loginStatus(request, member.email)).toBe(200)
})
