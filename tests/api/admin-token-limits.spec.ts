import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import bcrypt from 'bcryptjs'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { BCRYPT_COST } from '#app/utils/password.server.ts'
import { bearer, uniqueAdminEmail, withE2eDatabase } from '../admin-utils.ts'
import { createSchemaValidator } from '../openapi-ajv.ts'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'

// Per-token and per-admin sliding windows on /api/admin/* (docs/security.md
// P7, decision 005) on a server of its own: RATE_LIMIT_MULTIPLIER 0.1, so a
// token has 30 requests a minute and an admin, all tokens together, 60.
const PORT = E2E_PORT + 24
const base = `http://localhost:${PORT}`
const dataDir = path.join(E2E_ROOT, 'admin-token-limits')
const TOKEN_LIMIT = 30
const ADMIN_LIMIT = 60
const PASSWORD = 'T0ken-Limits-Passw0rd'
let server: Awaited<ReturnType<typeof startServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	// startServer resolves once /healthz answers, after the migrations ran.
	server = await startServer({
		port: PORT,
		dataDir,
		env: { RATE_LIMIT_MULTIPLIER: '0.1', ADMIN_2FA_REQUIRED: 'false' },
	})
})

test.afterAll(async () => {
	await server?.stop()
})

type Admin = { id: number; email: string; tokens: string[] }

/** An admin (role admin) and `tokens` API tokens, written straight into this server's database. */
function createAdmin(tokens: number): Admin {
	return withE2eDatabase(
		(db) => {
			const email = uniqueAdminEmail('limits')
			const now = Date.now()
			const { id } = db
				.prepare(
					'insert into admins (email, name, role, password_hash, created_at) values (?, ?, ?, ?, ?) returning id',
				)
				.get(email, `Limits ${randomUUID().slice(0, 6)}`, 'admin', bcrypt.hashSync(PASSWORD, BCRYPT_COST), now) as {
				id: number
			}
			const insert = db.prepare(
				'insert into admin_sessions (token_hash, admin_id, kind, expires_at, last_used_at, created_at) values (?, ?, ?, ?, ?, ?)',
			)
			const secrets = Array.from({ length: tokens }, () => {
				const token = randomToken(32)
				insert.run(sha256(token), id, 'api', now + 12 * 60 * 60 * 1000, now, now)
				return token
			})
			return { id, email, tokens: secrets }
		},
		path.join(dataDir, 'app.db'),
	)
}

/**
 * The limits are sliding windows over fixed minutes of the clock: a run of
 * requests that crosses a minute is still limited, but the count allowed can
 * then differ by one. Start well inside a minute so the exact counts hold.
 */
async function awayFromMinuteEdge() {
	const left = 60_000 - (Date.now() % 60_000)
	if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200))
}

function me(request: APIRequestContext, token?: string) {
	return request.get(`${base}/api/admin/me`, { headers: token ? bearer(token) : {} })
}

async function statuses(request: APIRequestContext, token: string, times: number) {
	const seen: number[] = []
	for (let i = 0; i < times; i++) seen.push((await me(request, token)).status())
	return seen
}

/** A 429 of the limits: Retry-After, RateLimit-*, the envelope and its message; the seconds. */
async function expectLimited(res: APIResponse, limit: number) {
	expect(res.status()).toBe(429)
	const headers = res.headers()
	const seconds = Number(headers['retry-after'])
	expect(Number.isInteger(seconds) && seconds > 0 && seconds <= 120, `Retry-After ${seconds}`).toBe(true)
	expect(headers['ratelimit-limit']).toBe(String(limit))
	expect(headers['ratelimit-remaining']).toBe('0')
	expect(headers['ratelimit-reset']).toBe(String(seconds))
	expect(headers['cache-control']).toBe('no-store')
	expect(await res.json()).toEqual({
		success: false,
		message: `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
	})
	return seconds
}

function rateLimitedLines(adminId: number) {
	return fs
		.readFileSync(server.logFile, 'utf8')
		.split('\n')
		.filter((line) => line.includes('"admin_api.rate_limited"'))
		.map((line) => JSON.parse(line) as { adminId: number; rule: string; retryAfterSeconds: number; level: string })
		.filter((record) => record.adminId === adminId)
}

test('a token has 30 requests a minute, the admin 60 over all tokens; others are not affected', async ({ request }) => {
	test.setTimeout(60_000)
	const admin = createAdmin(3)
	const other = createAdmin(1)
	const [a, b, c] = admin.tokens as [string, string, string]
	await awayFromMinuteEdge()

	// Token A: 30 answers, then 429 (again and again: refused requests do not count).
	expect(await statuses(request, a, TOKEN_LIMIT)).toEqual(Array(TOKEN_LIMIT).fill(200))
	await expectLimited(await me(request, a), TOKEN_LIMIT)
	await expectLimited(await me(request, a), TOKEN_LIMIT)
	// Any /api/admin route, not only /me.
	await expectLimited(await request.get(`${base}/api/admin/users`, { headers: bearer(a) }), TOKEN_LIMIT)

	// Token B of the same admin still has its budget: the admin's other 30.
	expect(await statuses(request, b, TOKEN_LIMIT)).toEqual(Array(TOKEN_LIMIT).fill(200))
	await expectLimited(await me(request, b), TOKEN_LIMIT)
	// The admin's 60 are spent: a third token, never used, is refused by the admin's limit.
	await expectLimited(await me(request, c), ADMIN_LIMIT)

	// Another admin's token is not affected; no token is still the 401, not a 429.
	expect((await me(request, other.tokens[0])).status()).toBe(200)
	const anonymous = await me(request)
	expect(anonymous.status()).toBe(401)
	expect(anonymous.headers()['www-authenticate']).toBe('Bearer')
	expect((await me(request, 'not-a-token-0123456789abcdef')).status()).toBe(401)

	// One log line per key and window, never the token.
	await expect.poll(() => rateLimitedLines(admin.id).length).toBe(3)
	const lines = rateLimitedLines(admin.id)
	expect(lines.map((l) => l.rule).sort()).toEqual(['admin-api:admin', 'admin-api:token', 'admin-api:token'])
	expect(lines.every((l) => l.level === 'warn' && l.retryAfterSeconds > 0)).toBe(true)
	const log = fs.readFileSync(server.logFile, 'utf8')
	for (const token of admin.tokens) {
		expect(log).not.toContain(token)
		expect(log).not.toContain(sha256(token))
	}
})

test('POST /api/admin/login is not affected; its new token shares the spent admin budget', async ({ request }) => {
	test.setTimeout(60_000)
	const admin = createAdmin(2)
	await awayFromMinuteEdge()
	for (const token of admin.tokens)
		expect(await statuses(request, token, TOKEN_LIMIT)).toEqual(Array(TOKEN_LIMIT).fill(200))
	await expectLimited(await me(request, admin.tokens[0]), TOKEN_LIMIT)

	// The sign-in has its own limits (RATE_LIMIT_MULTIPLIER 0.1: one a minute from this address).
	const login = await request.post(`${base}/api/admin/login`, { data: { email: admin.email, password: PASSWORD } })
	expect(login.status(), await login.text()).toBe(200)
	const fresh = (await login.json()).data.token as string
	await expectLimited(await me(request, fresh), ADMIN_LIMIT)
})

test('the 429 is the documented one (GET /api/openapi.json)', async ({ request }) => {
	const document = await (await request.get(`${base}/api/openapi.json`)).json()
	const validator = createSchemaValidator(document)
	const admin = createAdmin(1)
	const token = admin.tokens[0]!
	await statuses(request, token, TOKEN_LIMIT)
	let res = await me(request, token)
	// Crossing a minute may leave one more request: the next one is refused.
	if (res.status() === 200) res = await me(request, token)
	expect(res.status()).toBe(429)
	const described = document.paths['/api/admin/me'].get.responses['429']
	for (const [name, spec] of Object.entries(described.headers as Record<string, { required?: boolean }>)) {
		if (spec.required) expect(res.headers()[name.toLowerCase()], name).toBeDefined()
	}
	const schema = described.content['application/json'].schema
	expect(validator.check(schema, await res.json())).toEqual({ valid: true })
	// Sign-out takes an admin token but is outside the limits: ending a token always works.
	expect(document.paths['/api/admin/logout'].post.responses['429']).toBeUndefined()
	const logout = await request.post(`${base}/api/admin/logout`, { headers: bearer(token) })
	expect(logout.status()).toBe(200)
	expect((await me(request, token)).status()).toBe(401)
})
