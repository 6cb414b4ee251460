import path from 'node:path'
import { expect, test } from '@playwright/test'
import { adminApiLogin, bearer } from '../admin-utils.ts'
import { registration } from '../playwright-utils.ts'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { newTotpSecret } from '../totp.ts'

// A manufactured referral burst, on a server of its own with the referral
// integrity defaults (the shared suite raises them: tests/referral-e2e-utils.ts)
// behind a trusted proxy, so each request names its client address: many
// sign-ups from one address with a member's public code are held, count
// for nothing, and count once approved.
const PORT = E2E_PORT + 33
const base = `http://localhost:${PORT}`
const UNLOCK = 'BURST-UNLOCK-2026'
const ADMIN = { email: 'burst-root@admin.example', password: 'Burst-Admin-Passw0rd', totpSecret: newTotpSecret() }
let server: Awaited<ReturnType<typeof startServer>>
let address = 0
const fresh = () => `10.30.${Math.floor(++address / 250)}.${address % 250}`

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	server = await startServer({
		port: PORT,
		dataDir: path.join(E2E_ROOT, 'referral-burst'),
		env: {
			// The rate limits are not what this test is about.
			RATE_LIMIT_MULTIPLIER: '1000',
			TRUST_PROXY: 'true',
			UNLOCK_CODE: UNLOCK,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_TOTP_SECRET: ADMIN.totpSecret,
		},
	})
})

test.afterAll(async () => {
	await server?.stop()
})

test('a burst of sign-ups from one address with the public code is held and counts only once approved', async ({
	request,
}) => {
	let phone = 7_000_000
	const signUp = async (ip: string, overrides: Record<string, unknown> = {}) => {
		const res = await request.post(`${base}/api/auth/register`, {
			headers: { 'X-Forwarded-For': ip },
			data: registration({ phone: `+1 555 ${++phone}`, ...overrides }),
		})
		expect(res.status(), await res.text()).toBe(201)
		return (await res.json()).data as { token: string; user: { id: number; referralCode: string } }
	}
	const unlock = async (token: string, ip = fresh()) => {
		const res = await request.post(`${base}/api/auth/verify-code`, {
			headers: { 'X-Forwarded-For': ip, ...bearer(token) },
			data: { code: UNLOCK },
		})
		expect(res.status()).toBe(200)
	}
	const points = async (token: string) => {
		const res = await request.get(`${base}/api/auth/me`, { headers: bearer(token) })
		return (await res.json()).data.user.referralPoints as number
	}

	const referrer = await signUp(fresh())
	await unlock(referrer.token)
	// One honest referral from an address of its own: credited at once.
	const honest = await signUp(fresh(), { referralCode: referrer.user.referralCode })
	await unlock(honest.token)
	expect(await points(referrer.token)).toBe(1)

	// The burst: six sign-ups from one address (the default allows 3 per hour), each unlocking elsewhere.
	const burst = []
	for (let i = 0; i < 6; i++) burst.push(await signUp('203.0.113.77', { referralCode: referrer.user.referralCode }))
	for (const member of burst) await unlock(member.token)
	expect(await points(referrer.token)).toBe(1)

	const admin = bearer(await adminApiLogin(request, ADMIN, base, () => ({ 'X-Forwarded-For': fresh() })))
	const list = await request.get(`${base}/api/admin/referrals?status=held&limit=100`, { headers: admin })
	expect(list.status()).toBe(200)
	const held = (await list.json()).data.referrals as Array<{
		id: number
		referred: { id: number }
		signals: { code: string }[]
	}>
	expect(held.map((r) => r.referred.id).sort()).toEqual(burst.map((m) => m.user.id).sort())
	expect(held.every((r) => r.signals.some((s) => s.code === 'client_signups'))).toBe(true)

	// Approved one by one, each counts; the rest stay out.
	const approve = await request.post(`${base}/api/admin/referrals/${held[0]!.id}/approve`, { headers: admin })
	expect(approve.status()).toBe(200)
	expect(await points(referrer.token)).toBe(2)
	const reject = await request.post(`${base}/api/admin/referrals/${held[1]!.id}/reject`, {
		headers: admin,
		data: { reason: 'Manufactured sign-ups' },
	})
	expect(reject.status()).toBe(200)
	expect(await points(referrer.token)).toBe(2)
})
