import { expect } from '@playwright/test'
import { registration } from './playwright-utils.ts'
import { E2E_UNLOCK_CODE } from './setup/e2e-config.ts'
import { totpCode } from './totp.ts'

/** A JSON POST to `base`: a server a spec started itself (not the shared e2e server). */
export function jsonPoster(base: string) {
	return (url: string, body: unknown, headers: Record<string, string> = {}) =>
		fetch(`${base}${url}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...headers },
			body: JSON.stringify(body),
		})
}

/**
 * On a server a spec started: a member signed up and unlocked through the
 * API (their token and id), and the super admin's API token (signed in with
 * the current code of `totpSecret`).
 */
export async function apiPrincipals(base: string, admin: { email: string; password: string }, totpSecret: string) {
	const json = jsonPoster(base)
	const member = registration()
	const registered = await (await json('/api/auth/register', member)).json()
	const memberToken = registered.data.token as string
	const memberId = registered.data.user.id as number
	const verified = await json(
		'/api/auth/verify-code',
		{ code: E2E_UNLOCK_CODE },
		{ Authorization: `Bearer ${memberToken}` },
	)
	expect(verified.status).toBe(200)
	const adminToken = (await (await json('/api/admin/login', { ...admin, code: totpCode(totpSecret) })).json()).data
		.token as string
	return { json, member, memberToken, memberId, adminToken }
}
