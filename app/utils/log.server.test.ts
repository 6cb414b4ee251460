import fs from 'node:fs'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { makeRegistration } from '#tests/factories.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import {
	registerMember,
	requestPasswordReset,
	resetPassword,
	unlockMember,
} from '#app/features/auth/member-auth.server.ts'
import { createResetToken } from '#app/features/auth/password-reset.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getEnv } from './env.server.ts'
import { log, setLogSilent } from './log.server.ts'
import { RegisterApiSchema } from '#app/features/auth/schemas.ts'

const SECRET_KEY = /pass|token|cookie|code|secret|authorization/i

/** Captures what log() writes to stdout. */
function captureStdout() {
	const lines: string[] = []
	const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
		lines.push(String(chunk))
		return true
	}) as typeof process.stdout.write)
	return { lines, spy, text: () => lines.join('') }
}

/** Every key at any depth of a parsed log record. */
function allKeys(value: unknown, out: string[] = []): string[] {
	if (Array.isArray(value)) for (const v of value) allKeys(v, out)
	else if (value && typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) {
			out.push(k)
			allKeys(v, out)
		}
	}
	return out
}

describe('LOG_SILENT', () => {
	// Runs before any setLogSilent call in this file.
	test('LOG_SILENT=true (the test setup) silences the log, whatever the import order', () => {
		expect(process.env.LOG_SILENT).toBe('true')
		const out = captureStdout()
		log('test.silent', { a: 1 })
		expect(out.spy).not.toHaveBeenCalled()
	})

	test('the variable is read when logging, not only at import', () => {
		const out = captureStdout()
		process.env.LOG_SILENT = 'false'
		try {
			log('test.loud', { a: 1 })
		} finally {
			process.env.LOG_SILENT = 'true'
		}
		expect(out.text()).toContain('"event":"test.loud"')
		out.lines.length = 0
		log('test.silent-again')
		expect(out.lines).toEqual([])
	})
})

describe('log output', () => {
	beforeEach(() => setLogSilent(false))
	afterEach(() => setLogSilent(true))

	test('one JSON object per line with time, level and event', () => {
		const out = captureStdout()
		log('auth.login', { userId: 7, ip: '203.0.113.5', result: 'success' }, 'warn')
		expect(out.lines).toHaveLength(1)
		const line = out.lines[0]!
		expect(line.endsWith('\n')).toBe(true)
		const record = JSON.parse(line) as Record<string, unknown>
		expect(record).toEqual({
			time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			level: 'warn',
			event: 'auth.login',
			userId: 7,
			ip: '203.0.113.5',
			result: 'success',
		})
		log('x')
		expect(JSON.parse(out.lines[1]!).level).toBe('info')
	})

	test('never writes keys that look like secrets, nor their values', () => {
		const out = captureStdout()
		log('auth.attempt', {
			password: 'pw-value-1',
			newPassword: 'pw-value-2',
			PASSWORD: 'pw-value-3',
			passcode: 'pw-value-4',
			token: 'tok-value-1',
			sessionToken: 'tok-value-2',
			resetToken: 'tok-value-3',
			cookie: 'cookie-value-1',
			'Set-Cookie': 'cookie-value-2',
			code: 'code-value-1',
			unlockCode: 'code-value-2',
			secret: 'secret-value-1',
			authorization: 'Bearer auth-value-1',
			userId: 9,
			result: 'failure',
			status: 'active',
		})
		const text = out.text()
		const record = JSON.parse(text) as Record<string, unknown>
		for (const key of allKeys(record)) expect(key).not.toMatch(SECRET_KEY)
		expect(text).not.toMatch(/pw-value|tok-value|cookie-value|code-value|secret-value|auth-value/)
		expect(record.userId).toBe(9)
		expect(record.result).toBe('failure')
		expect(record.status).toBe('active')
	})

	test('secret keys nested in objects and arrays are dropped too', () => {
		const out = captureStdout()
		log('nested', {
			user: { id: 1, email: 'a@b.io', password: 'nested-pw', session: { token: 'nested-tok' } },
			attempts: [{ code: 'nested-code', ok: false }],
			headers: { cookie: 'nested-cookie', 'user-agent': 'UA' },
		})
		const text = out.text()
		expect(text).not.toMatch(/nested-pw|nested-tok|nested-code|nested-cookie/)
		const record = JSON.parse(text) as Record<string, any>
		for (const key of allKeys(record)) expect(key).not.toMatch(SECRET_KEY)
		expect(record.user.id).toBe(1)
		expect(record.user.email).toBe('a@b.io')
		expect(record.attempts[0].ok).toBe(false)
		expect(record.headers['user-agent']).toBe('UA')
	})

	test("a value with '\\n' or '\\r' cannot forge a second line (E5)", () => {
		const out = captureStdout()
		const forged =
			'evil\n2026-01-01T00:00:00Z INFO admin login ok\r\n{"level":"info","event":"auth.login","result":"success"}'
		log('auth.login', { email: forged, result: 'failure' })
		log(`event\nwith newline`, {})
		const text = out.text()
		const lines = text.split('\n')
		expect(lines.at(-1)).toBe('')
		expect(lines).toHaveLength(3)
		expect(text).not.toContain('\r')
		const first = JSON.parse(lines[0]!) as Record<string, unknown>
		expect(first.email).toBe(forged)
		expect(first.result).toBe('failure')
		expect(JSON.parse(lines[1]!).event).toBe('event\nwith newline')
	})

	test('silenced again after setLogSilent(true)', () => {
		setLogSilent(true)
		const out = captureStdout()
		log('quiet')
		expect(out.lines).toEqual([])
	})
})

describe('account events never log a secret (E4)', () => {
	beforeEach(() => setLogSilent(false))
	afterEach(() => setLogSilent(true))

	test('sign-up, sign-in, failures, unlock, forgot and reset', async () => {
		const out = captureStdout()
		const password = 'Log-Check-Passw0rd'
		const wrongPassword = 'Wrong-Log-Passw0rd'
		const newPassword = 'New-Log-Passw0rd9'
		const unlockCode = addUnlockCode('LOGCHECK-7777')
		const input = RegisterApiSchema.parse(makeRegistration({ password }))
		const registered = await registerMember(input, { ip: '203.0.113.9' })
		if (!registered.ok) throw new Error(registered.message)
		const user = registered.value

		await memberAuth.checkCredentials({ email: user.email, password }, { ip: '203.0.113.9' })
		await memberAuth.checkCredentials({ email: user.email, password: wrongPassword }, { ip: '203.0.113.9' })
		await memberAuth.checkCredentials({ email: 'nobody@example.com', password: wrongPassword }, { ip: '203.0.113.9' })
		unlockMember(user.id, 'WRONG-CODE-1', { ip: '203.0.113.9' })
		unlockMember(user.id, unlockCode.toLowerCase(), { ip: '203.0.113.9' })
		const session = memberAuth.sessions.create(user.id, 'web').token
		const sessionCookie = (await memberAuth.cookie.serialize(session)).split(';')[0]!
		await memberAuth.signOutWithForm(
			new Request('http://localhost:3000/logout', {
				method: 'POST',
				headers: { Cookie: sessionCookie, 'x-client-ip': '203.0.113.9' },
			}),
		)
		await requestPasswordReset(user.email, { ip: '203.0.113.9' })
		const resetToken = createResetToken(user.id)
		await resetPassword({ token: resetToken, password: newPassword }, { ip: '203.0.113.9' })
		// let the mails be written (and logged)
		for (
			let i = 0;
			i < 100 && (!fs.existsSync(getEnv().mailOutbox) || fs.readdirSync(getEnv().mailOutbox).length < 2);
			i++
		) {
			await new Promise((r) => setTimeout(r, 20))
		}

		const text = out.text()
		const records = text
			.trim()
			.split('\n')
			.map((l) => JSON.parse(l) as Record<string, unknown>)
		const events = records.map((r) => `${r.event}:${r.result ?? ''}`)
		expect(events).toEqual(
			expect.arrayContaining([
				'auth.signup:success',
				'auth.login:success',
				'auth.login:failure',
				'auth.logout:success',
				'auth.unlock:failure',
				'auth.unlock:success',
				'auth.forgot_password:mail_queued',
				'auth.reset_password:success',
			]),
		)
		expect(events.filter((e) => e === 'auth.login:failure')).toHaveLength(2)
		for (const secret of [
			password,
			wrongPassword,
			newPassword,
			unlockCode,
			unlockCode.toLowerCase(),
			'WRONG-CODE-1',
			session,
			sessionCookie.split('=')[1]!,
			resetToken,
		]) {
			expect(text).not.toContain(secret)
		}
		for (const record of records) for (const key of allKeys(record)) expect(key).not.toMatch(SECRET_KEY)
		// The unknown email is not logged either (only the attempt).
		expect(text).not.toContain('nobody@example.com')
	})
})
