import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { totpCode, wrongCode } from '../totp.ts'

// The staff second factor through /api/admin (docs/decisions/014-staff-second-factor.md):
// enrolment, sign-in with a code or a recovery code, the refusals, the reset
// by a super admin. The browser flows are in tests/e2e/admin-two-factor.spec.ts.

const json = (res: { json(): Promise<any> }) => res.json()

test('enrolment through the API, then sign-in with a code, once, and with a recovery code, once', async ({
	request,
	createAdmin,
}) => {
	const staff = await createAdmin({ role: 'admin', twoFactor: false })
	const { email, password } = staff
	// Before enrolment: signed in (no code asked), but only the set-up routes and /me open.
	const login = await request.post('/api/admin/login', { data: { email, password } })
	expect(login.status()).toBe(200)
	const token = (await json(login)).data.token as string
	const other = staff.token
	expect((await request.get('/api/admin/me', { headers: bearer(token) })).status()).toBe(200)
	const refused = await request.get('/api/admin/users', { headers: bearer(token) })
	expect(refused.status()).toBe(403)
	expect((await json(refused)).message).toMatch(/^Set up two-factor authentication first/)
	expect((await json(await request.get('/api/admin/two-factor', { headers: bearer(token) }))).data).toEqual({
		enabled: false,
		enabledAt: null,
		required: true,
		recoveryCodesLeft: 0,
	})

	const setup = await request.post('/api/admin/two-factor/setup', { headers: bearer(token), data: {} })
	expect(setup.status()).toBe(200)
	const { secret, otpauthUri } = (await json(setup)).data
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)
	expect(otpauthUri).toContain(`secret=${secret}`)
	// The same secret until confirmed (30 minutes), unless asked for a fresh one.
	const again = await request.post('/api/admin/two-factor/setup', { headers: bearer(token), data: {} })
	expect((await json(again)).data.secret).toBe(secret)

	// Bad input: letters, a wrong length, a wrong code. Nothing changes.
	for (const code of ['abcdef', '12345', wrongCode(secret)]) {
		const bad = await request.post('/api/admin/two-factor/confirm', { headers: bearer(token), data: { code } })
		expect(bad.status(), code).toBe(400)
		expect((await json(bad)).errors[0].path).toBe('code')
	}
	expect((await request.get('/api/admin/users', { headers: bearer(token) })).status()).toBe(403)

	const confirm = await request.post('/api/admin/two-factor/confirm', {
		headers: bearer(token),
		data: { code: totpCode(secret) },
	})
	expect(confirm.status()).toBe(200)
	const recoveryCodes = (await json(confirm)).data.recoveryCodes as string[]
	expect(recoveryCodes).toHaveLength(10)
	// This token goes on; the other session (opened with the password alone) ended.
	expect((await request.get('/api/admin/users', { headers: bearer(token) })).status()).toBe(200)
	expect((await request.get('/api/admin/me', { headers: bearer(other) })).status()).toBe(401)

	// Sign-in now needs the second factor.
	const missing = await request.post('/api/admin/login', { data: { email, password } })
	expect(missing.status()).toBe(401)
	expect((await json(missing)).message).toBe('Two-factor authentication code required')
	const wrong = await request.post('/api/admin/login', { data: { email, password, code: wrongCode(secret) } })
	expect(await json(wrong)).toEqual({ success: false, message: 'Invalid admin credentials' })
	// The code that confirmed was used: the next step's is accepted (one step of drift), once.
	const next = totpCode(secret, Date.now() + 30_000)
	expect((await request.post('/api/admin/login', { data: { email, password, code: next } })).status()).toBe(200)
	const replay = await request.post('/api/admin/login', { data: { email, password, code: next } })
	expect(replay.status()).toBe(401)
	expect((await json(replay)).message).toBe('Invalid admin credentials')

	const recoveryCode = recoveryCodes[0]!
	expect((await request.post('/api/admin/login', { data: { email, password, recoveryCode } })).status()).toBe(200)
	const twice = await request.post('/api/admin/login', { data: { email, password, recoveryCode } })
	expect(twice.status()).toBe(401)
	expect((await json(twice)).message).toBe('Invalid admin credentials')
	expect(
		(await json(await request.get('/api/admin/two-factor', { headers: bearer(token) }))).data.recoveryCodesLeft,
	).toBe(9)

	// Bad shapes at sign-in: a 400 naming the field, before any check.
	for (const data of [
		{ code: '12ab56' },
		{ code: 123456 },
		{ recoveryCode: 'x' },
		{ code: '123456', recoveryCode: recoveryCodes[1] },
	]) {
		expect((await request.post('/api/admin/login', { data: { email, password, ...data } })).status()).toBe(400)
	}
})

test('a super admin resets a second factor: audited, sessions ended, set up again at the next sign-in', async ({
	request,
	superAdminToken,
	createAdmin,
}) => {
	const staff = await createAdmin({ role: 'admin' })
	const res = await request.post(`/api/admin/staff/${staff.id}/reset-two-factor`, { headers: bearer(superAdminToken) })
	expect(res.status()).toBe(200)
	expect(await json(res)).toEqual({
		success: true,
		message: 'Second factor reset. Their sessions have ended; they set it up again at their next sign-in.',
		data: { sessionsEnded: 1 },
	})
	expect((await request.get('/api/admin/me', { headers: bearer(staff.token) })).status()).toBe(401)
	const audit = await request.get(
		`/api/admin/audit?action=staff.two-factor-reset&targetType=admin&targetId=${staff.id}`,
		{
			headers: bearer(superAdminToken),
		},
	)
	expect((await json(audit)).data.entries).toHaveLength(1)
	// The password alone signs in again, to the set-up only.
	const login = await request.post('/api/admin/login', { data: { email: staff.email, password: staff.password } })
	expect(login.status()).toBe(200)
	const token = (await json(login)).data.token
	expect((await request.get('/api/admin/users', { headers: bearer(token) })).status()).toBe(403)
	// Nothing left to reset; role admin may not reset; your own is refused.
	expect(
		(
			await request.post(`/api/admin/staff/${staff.id}/reset-two-factor`, { headers: bearer(superAdminToken) })
		).status(),
	).toBe(409)
	const admin = await createAdmin({ role: 'admin' })
	expect(
		(await request.post(`/api/admin/staff/${staff.id}/reset-two-factor`, { headers: bearer(admin.token) })).status(),
	).toBe(403)
})

test('new recovery codes need a current code; the old ones stop working', async ({ request, createAdmin }) => {
	const staff = await createAdmin({ role: 'super_admin' })
	const headers = bearer(staff.token)
	const first = await request.post('/api/admin/two-factor/recovery-codes', {
		headers,
		data: { code: totpCode(staff.totpSecret) },
	})
	expect(first.status()).toBe(200)
	const old = (await json(first)).data.recoveryCodes as string[]
	const second = await request.post('/api/admin/two-factor/recovery-codes', {
		headers,
		data: { code: totpCode(staff.totpSecret, Date.now() + 30_000) },
	})
	expect(second.status()).toBe(200)
	const login = await request.post('/api/admin/login', {
		data: { email: staff.email, password: staff.password, recoveryCode: old[0] },
	})
	expect(login.status()).toBe(401)
	expect(
		(await request.post('/api/admin/two-factor/recovery-codes', { headers, data: { code: 'abcdef' } })).status(),
	).toBe(400)
})
