// The accounts the steps sign in with: members registered and unlocked
// through the API, and the bench admin (enrolled with a known TOTP secret).
// Setup requests go on connections of their own (freshFetch) and are never
// retried: sign-ups and sign-ins are not idempotent.
import { freshFetch } from '../fresh-fetch.mjs'
import { totpCode } from '../totp.mjs'
import { ADMIN, UNLOCK_CODE } from './servers.mjs'

export const MEMBER_PASSWORD = 'Bench-Passw0rd'

/**
 * An unlocked member on the server at `port`: registered and unlocked through
 * the API (with an optional referral code), then signed in through the login
 * form for a session cookie. Returns the bearer token, cookie and referral code.
 */
export async function unlockedMember(port, email, referralCode) {
	const base = `http://127.0.0.1:${port}`
	const reg = await freshFetch(`${base}/api/auth/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			name: 'Bench Member',
			email,
			password: MEMBER_PASSWORD,
			phone: '+2348000000000',
			country: 'Nigeria',
			telegram: '@bench',
			investmentAmount: '$100-$500',
			...(referralCode ? { referralCode } : {}),
		}),
	})
	const body = await reg.json()
	if (!body.success) throw new Error(`bench sign-up failed: ${JSON.stringify(body)}`)
	const token = body.data.token
	const unlock = await freshFetch(`${base}/api/auth/verify-code`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
		body: JSON.stringify({ code: UNLOCK_CODE }),
	})
	if (!unlock.ok) throw new Error(`bench unlock failed: ${unlock.status}`)
	const login = await freshFetch(`${base}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
		body: new URLSearchParams({ email, password: MEMBER_PASSWORD }),
	})
	const cookie = login.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	if (!cookie) throw new Error(`bench sign-in failed: ${login.status}`)
	return { email, token, cookie, referralCode: body.data.user.referralCode }
}

/**
 * `bench-<tag>@example.com` with 12 referred members who unlocked (a filled
 * points statement and leaderboard): the same member on the app and on the
 * bare server.
 */
export async function memberWithReferrals(port, tag) {
	const member = await unlockedMember(port, `bench-${tag}@example.com`)
	for (let i = 0; i < 12; i++) await unlockedMember(port, `bench-${tag}-friend${i}@example.com`, member.referralCode)
	return member
}

const adminSignIns = new Map()
/**
 * The bench admin's cookie (the admin sign-in form) and bearer token (the
 * API) on the app at `port`, signed in once: each TOTP code is accepted
 * once, so every step reuses them.
 */
export function benchAdmin(port) {
	if (!adminSignIns.has(port)) adminSignIns.set(port, signInBenchAdmin(port))
	return adminSignIns.get(port)
}
/** The bench admin signed in afresh (after its sessions were ended): its cookie and bearer token. The TOTP codes of the last sign-in must be past. */
export async function signInBenchAdmin(port) {
	const base = `http://127.0.0.1:${port}`
	const login = await freshFetch(`${base}/admin/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
		body: new URLSearchParams(ADMIN),
	})
	// The password, then the code step (ADMIN_TOTP_SECRET enrolled the bench admin).
	const pending = login.headers.getSetCookie()[0]?.split(';')[0]
	if (login.status !== 302 || !pending) throw new Error(`bench admin sign-in failed: ${login.status}`)
	const step = await freshFetch(`${base}/admin/login/two-factor`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Cookie: pending },
		body: new URLSearchParams({ intent: 'code', code: totpCode() }),
	})
	const cookie = step.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.filter((c) => c.startsWith('admin_session='))
		.join('; ')
	if (step.status !== 302 || !cookie) throw new Error(`bench admin code step failed: ${step.status}`)
	// Each code is accepted once: the API sign-in takes the next step's (one step of drift is allowed).
	const apiLogin = await freshFetch(`${base}/api/admin/login`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ ...ADMIN, code: totpCode(Date.now() + 30_000) }),
	})
	const token = (await apiLogin.json()).data?.token
	if (!token) throw new Error(`bench admin API sign-in failed: ${apiLogin.status}`)
	return { cookie, token }
}
