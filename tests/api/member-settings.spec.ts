import type { APIRequestContext } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { PASSWORD, uniqueEmail, waitForMail } from '../playwright-utils.ts'

// /api/member/settings/*, /api/member/sessions*, /api/member/data and
// /api/member/account/close: the member's bearer token, the envelope, the
// page's rules (issue 15 parts 1 and 2) and every bad input of the issue
// for these parts, refused with the message at the field and nothing changed.

const NEW_PASSWORD = 'N3wPassw0rdNow'

function user(id: number) {
	return withE2eDatabase(
		(db) =>
			db.prepare('select email, name, telegram, password_hash, closed_at from users where id = ?').get(id) as {
				email: string
				name: string
				telegram: string
				password_hash: string
				closed_at: number | null
			},
	)
}

async function login(request: APIRequestContext, email: string, password = PASSWORD) {
	const res = await request.post('/api/auth/login', { data: { email, password } })
	return { status: res.status(), token: res.ok() ? ((await res.json()).data.token as string) : null }
}

test.describe('member settings API', () => {
	test('every route needs a member token (401 with WWW-Authenticate)', async ({ request }) => {
		for (const [method, url] of [
			['GET', '/api/member/settings/profile'],
			['PATCH', '/api/member/settings/profile'],
			['POST', '/api/member/settings/password'],
			['POST', '/api/member/settings/email'],
			['GET', '/api/member/sessions'],
			['DELETE', '/api/member/sessions/1'],
			['DELETE', '/api/member/sessions/others'],
			['GET', '/api/member/data'],
			['POST', '/api/member/account/close'],
		] as const) {
			const res = await request.fetch(url, { method, data: method === 'GET' || method === 'DELETE' ? undefined : {} })
			expect(res.status(), `${method} ${url}`).toBe(401)
			expect(res.headers()['www-authenticate']).toBe('Bearer')
		}
	})

	test('profile: GET, PATCH with the sign-up messages; bad input changes nothing', async ({
		request,
		createMember,
	}) => {
		const member = await createMember()
		const headers = bearer(member.token)
		const got = await (await request.get('/api/member/settings/profile', { headers })).json()
		expect(got).toMatchObject({ success: true, data: { profile: { id: member.id, email: member.email } } })

		const bad = await request.patch('/api/member/settings/profile', {
			headers,
			data: { telegram: 'no_at', phone: 'x', name: '' },
		})
		expect(bad.status()).toBe(400)
		const body = await bad.json()
		expect(body.errors).toEqual(
			expect.arrayContaining([
				{ path: 'telegram', message: 'Telegram username must start with @' },
				{ path: 'phone', message: 'Enter a valid phone number' },
				{ path: 'name', message: 'Full name is required' },
			]),
		)
		const unknown = await request.patch('/api/member/settings/profile', { headers, data: { email: 'a@b.co' } })
		expect((await unknown.json()).errors).toContainEqual({ path: 'email', message: 'Unknown field' })
		expect(user(member.id).telegram).toBe(member.telegram)

		const saved = await request.patch('/api/member/settings/profile', { headers, data: { telegram: '@api_name' } })
		expect(saved.status()).toBe(200)
		expect((await saved.json()).data.profile.telegram).toBe('@api_name')
		expect(user(member.id).telegram).toBe('@api_name')
	})

	test('password: wrong current, equal to the old; then every session ends and a new token comes back', async ({
		request,
		createMember,
	}) => {
		const member = await createMember()
		const headers = bearer(member.token)
		const other = (await login(request, member.email)).token!
		const hash = user(member.id).password_hash

		const wrong = await request.post('/api/member/settings/password', {
			headers,
			data: { currentPassword: 'Wr0ngPassword', newPassword: NEW_PASSWORD },
		})
		expect(wrong.status()).toBe(400)
		expect((await wrong.json()).errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }])
		const same = await request.post('/api/member/settings/password', {
			headers,
			data: { currentPassword: PASSWORD, newPassword: PASSWORD },
		})
		expect(same.status()).toBe(400)
		expect((await same.json()).errors).toEqual([
			{ path: 'newPassword', message: 'The new password must be different from the current one' },
		])
		expect(user(member.id).password_hash).toBe(hash)

		const done = await request.post('/api/member/settings/password', {
			headers,
			data: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
		})
		expect(done.status()).toBe(200)
		const token = (await done.json()).data.token as string
		expect(token).not.toBe(member.token)
		expect((await request.get('/api/auth/me', { headers })).status()).toBe(401)
		expect((await request.get('/api/auth/me', { headers: bearer(other) })).status()).toBe(401)
		expect((await request.get('/api/auth/me', { headers: bearer(token) })).status()).toBe(200)
		expect((await login(request, member.email, NEW_PASSWORD)).status).toBe(200)
	})

	test('email: taken (409 at the field), wrong password; the change waits for the link', async ({
		request,
		createMember,
	}) => {
		const member = await createMember()
		const taken = await createMember()
		const headers = bearer(member.token)
		const conflict = await request.post('/api/member/settings/email', {
			headers,
			data: { newEmail: taken.email, currentPassword: PASSWORD },
		})
		expect(conflict.status()).toBe(409)
		expect((await conflict.json()).errors).toEqual([
			{ path: 'newEmail', message: 'An account with this email already exists' },
		])
		const wanted = uniqueEmail('api-new')
		const wrong = await request.post('/api/member/settings/email', {
			headers,
			data: { newEmail: wanted, currentPassword: 'Wr0ngPassword' },
		})
		expect(wrong.status()).toBe(400)

		const asked = await request.post('/api/member/settings/email', {
			headers,
			data: { newEmail: wanted, currentPassword: PASSWORD },
		})
		expect(asked.status()).toBe(202)
		expect((await asked.json()).data.pendingEmail).toBe(wanted)
		expect(user(member.id).email).toBe(member.email)
		const mail = await waitForMail(wanted, { subject: 'Confirm your new email address' })
		const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!

		// The link stays a page: its POST changes the email once.
		const page = await request.get(`/confirm-email?token=${token}`)
		expect(page.status()).toBe(200)
		const origin = new URL(page.url()).origin
		const first = await request.post('/confirm-email', {
			form: { token },
			headers: { Origin: origin },
			maxRedirects: 0,
		})
		expect(first.status()).toBe(200)
		expect(user(member.id).email).toBe(wanted)
		const again = await request.post('/confirm-email', {
			form: { token },
			headers: { Origin: origin },
			maxRedirects: 0,
		})
		expect(again.status()).toBe(400)
	})

	test('an expired link changes nothing', async ({ request, createMember }) => {
		const member = await createMember()
		const wanted = uniqueEmail('api-late')
		await request.post('/api/member/settings/email', {
			headers: bearer(member.token),
			data: { newEmail: wanted, currentPassword: PASSWORD },
		})
		const mail = await waitForMail(wanted, { subject: 'Confirm your new email address' })
		const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
		withE2eDatabase((db) =>
			db.prepare('update email_change_tokens set expires_at = ? where user_id = ?').run(Date.now() - 1000, member.id),
		)
		const res = await request.post('/confirm-email', {
			form: { token },
			headers: { Origin: new URL((await request.get('/confirm-email')).url()).origin },
		})
		expect(res.status()).toBe(400)
		expect(user(member.id).email).toBe(member.email)
	})

	test("sessions: the list marks this token's; another member's id is a 404; others end", async ({
		request,
		createMember,
	}) => {
		const member = await createMember()
		const stranger = await createMember()
		const headers = bearer(member.token)
		const second = (await login(request, member.email)).token!
		const list = (await (await request.get('/api/member/sessions', { headers })).json()).data.sessions as Array<{
			id: number
			current: boolean
			device: string
		}>
		expect(list).toHaveLength(2)
		expect(list[0]!.current).toBe(true)
		expect(JSON.stringify(list)).not.toContain(member.token)

		const theirs = (
			(await (await request.get('/api/member/sessions', { headers: bearer(stranger.token) })).json()).data
				.sessions as Array<{ id: number }>
		)[0]!.id
		const probe = await request.delete(`/api/member/sessions/${theirs}`, { headers })
		expect(probe.status()).toBe(404)
		expect((await probe.json()).message).toBe('Session not found')
		expect((await request.get('/api/auth/me', { headers: bearer(stranger.token) })).status()).toBe(200)
		expect((await request.delete('/api/member/sessions/abc', { headers })).status()).toBe(404)

		const others = await request.delete('/api/member/sessions/others', { headers })
		expect((await others.json()).data.ended).toBe(1)
		expect((await request.get('/api/auth/me', { headers: bearer(second) })).status()).toBe(401)
		expect((await request.get('/api/auth/me', { headers })).status()).toBe(200)
	})

	test('data: every section, no secret', async ({ request, createMember }) => {
		const member = await createMember({ unlocked: true })
		const res = await request.get('/api/member/data', { headers: bearer(member.token) })
		expect(res.status()).toBe(200)
		const { data } = await res.json()
		expect(data.profile).toMatchObject({ id: member.id, email: member.email })
		expect(Object.keys(data)).toEqual(
			expect.arrayContaining(['consents', 'referrals', 'planHistory', 'offerClaims', 'lessons', 'contestEntries']),
		)
		expect(JSON.stringify(data)).not.toContain(member.token)
		expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokenHash|\$2[aby]\$/)
	})

	test('close: wrong password and a missing confirmation refused; then erased, every token ended, audited', async ({
		request,
		createMember,
		superAdminToken,
	}) => {
		const referrer = await createMember({ unlocked: true })
		const member = await createMember({ referrer })
		const headers = bearer(member.token)
		const wrong = await request.post('/api/member/account/close', {
			headers,
			data: { currentPassword: 'Wr0ngPassword', confirm: true },
		})
		expect(wrong.status()).toBe(400)
		expect((await wrong.json()).errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }])
		const unconfirmed = await request.post('/api/member/account/close', {
			headers,
			data: { currentPassword: PASSWORD, confirm: false },
		})
		expect(unconfirmed.status()).toBe(400)
		expect(user(member.id).closed_at).toBeNull()

		const closed = await request.post('/api/member/account/close', {
			headers,
			data: { currentPassword: PASSWORD, confirm: true },
		})
		expect(closed.status()).toBe(200)
		expect(user(member.id)).toMatchObject({ name: 'Closed account' })
		expect(user(member.id).closed_at).not.toBeNull()
		expect((await request.get('/api/auth/me', { headers })).status()).toBe(401)
		expect((await login(request, member.email)).status).toBe(401)

		// Staff see it in the audit log: the member as actor, no personal field.
		const audit = await request.get(`/api/admin/audit?action=user.close&targetType=user&targetId=${member.id}`, {
			headers: bearer(superAdminToken),
		})
		expect(audit.status()).toBe(200)
		const entries = (await audit.json()).data.entries as Array<{ adminEmail: string; adminId: number | null }>
		expect(entries).toEqual([expect.objectContaining({ adminEmail: `member #${member.id}`, adminId: null })])
		expect(JSON.stringify(entries)).not.toContain(member.email)

		// The staff user API marks the row closed.
		const staffView = await request.get(`/api/admin/users/${member.id}/stats`, { headers: bearer(superAdminToken) })
		expect((await staffView.json()).data.user).toMatchObject({ name: 'Closed account', closedAt: expect.any(String) })
	})
})
