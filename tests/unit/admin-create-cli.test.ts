import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { adminSessions, admins, auditLog } from '#db/schema.ts'
import { insertAdmin } from '#tests/factories.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { NewPasswordSchema } from '#app/utils/validation.ts'
import { runCli } from '../../server/cli.ts'

/**
 * Runs the admin:create command against this test's database (DATA_DIR set
 * by the test setup). The command line itself (scripts/cli.mjs over the
 * build) is run in tests/api/operator-cli.spec.ts.
 */
async function cli(...args: string[]) {
	let stdout = ''
	let stderr = ''
	const status = await runCli(['admin:create', ...args], { out: (t) => (stdout += t), err: (t) => (stderr += t) })
	return { status, stdout, stderr }
}

describe('npm run admin:create', () => {
	test('creates an admin with the given password, who can sign in; the audit log names the CLI', async () => {
		const run = await cli(
			'--email',
			'  Staff@Example.COM ',
			'--role',
			'admin',
			'--name',
			'Grace Staff',
			'--password',
			'Str0ngPassw0rd',
		)
		expect(run.stderr).toBe('')
		expect(run.status).toBe(0)
		expect(run.stdout).toMatch(
			/^Created admin staff@example\.com \(id \d+\) in .*app\.db\.\nTwo-factor authentication is required for this role: at the first sign-in \(http:\/\/localhost:3000\/admin\/login\) they set it up with an authenticator app on http:\/\/localhost:3000\/admin\/security before any other admin page\.\n$/,
		)
		const row = getDb().select().from(admins).get()!
		expect(row).toMatchObject({ email: 'staff@example.com', name: 'Grace Staff', role: 'admin', lastLogin: null })
		expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/)
		const signIn = await staffAuth.checkCredentials(
			{ email: 'staff@example.com', password: 'Str0ngPassw0rd' },
			{ ip: '10.1.1.1' },
		)
		expect(signIn.ok).toBe(true)
		const audit = getDb().select().from(auditLog).get()!
		expect(audit).toMatchObject({
			adminId: null,
			adminEmail: 'cli',
			action: 'admin.create',
			targetType: 'admin',
			targetId: String(row.id),
		})
		expect(audit.after).toEqual({ email: 'staff@example.com', name: 'Grace Staff', role: 'admin' })
	})

	test('without --password prints a random one once, which works', async () => {
		const run = await cli('--email', 'boss@example.com', '--role', 'super_admin')
		expect(run.status).toBe(0)
		const password = /Password \(shown once, keep it safe\): (\S+)/.exec(run.stdout)?.[1]
		expect(password).toBeTruthy()
		expect(NewPasswordSchema.safeParse(password).success).toBe(true)
		expect(getDb().select().from(admins).get()).toMatchObject({ role: 'super_admin', name: 'Super Admin' })
		expect(
			(await staffAuth.checkCredentials({ email: 'boss@example.com', password: password! }, { ip: '10.1.1.2' })).ok,
		).toBe(true)
	})

	test('refuses a taken email, a bad role or email, unknown options and weak passwords, creating nothing', async () => {
		expect((await cli('--email', 'one@example.com', '--role', 'admin', '--password', 'Str0ngPassw0rd')).status).toBe(0)
		const cases: Array<[string[], RegExp]> = [
			[['--email', 'ONE@example.com', '--role', 'admin'], /An admin with the email one@example\.com already exists/],
			[['--email', 'two@example.com', '--role', 'owner'], /--role must be admin or super_admin/],
			[['--email', 'not-an-email', '--role', 'admin'], /--email: Invalid email address/],
			[['--role', 'admin'], /--email is required/],
			[['--email', 'two@example.com', '--role', 'admin', '--is-root'], /Unknown option/],
			[
				['--email', 'two@example.com', '--role', 'admin', '--name', 'a\u0007b'],
				/--name contains characters that are not allowed/,
			],
			[
				['--email', 'two@example.com', '--role', 'admin', '--password', 'Short1A'],
				/Password must be at least 8 characters/,
			],
			[
				['--email', 'two@example.com', '--role', 'admin', '--password', 'alllowercase1'],
				/Password must contain uppercase, lowercase, and number/,
			],
			[['--email', 'two@example.com', '--role', 'admin', '--password', `Aa1${'a'.repeat(70)}`], /Password is too long/],
		]
		for (const [args, message] of cases) {
			const run = await cli(...args)
			expect(run.status, args.join(' ')).toBe(1)
			expect(run.stderr, args.join(' ')).toMatch(message)
		}
		expect(getDb().select().from(admins).all()).toHaveLength(1)
	})

	test('--help prints the usage', async () => {
		const run = await cli('--help')
		expect(run.status).toBe(0)
		expect(run.stdout).toContain('npm run admin:create -- --email <email> --role <admin|super_admin>')
	})
})

describe('npm run admin:reset-two-factor', () => {
	async function reset(...args: string[]) {
		let stdout = ''
		let stderr = ''
		const status = await runCli(['admin:reset-two-factor', ...args], {
			out: (t) => (stdout += t),
			err: (t) => (stderr += t),
		})
		return { status, stdout, stderr }
	}

	test("removes an account's second factor and ends its sessions, audited as the CLI", async () => {
		const boss = insertAdmin({ role: 'super_admin' })
		staffAuth.sessions.create(boss.id, 'web')
		const run = await reset('--email', boss.email)
		expect(run).toMatchObject({ status: 0, stderr: '' })
		expect(run.stdout).toContain(`Second factor of ${boss.email} removed; 1 session(s) ended.`)
		expect(getDb().select().from(admins).get()).toMatchObject({ totpSecret: null, totpEnabledAt: null })
		expect(getDb().select().from(adminSessions).all()).toHaveLength(0)
		expect(getDb().select().from(auditLog).get()).toMatchObject({ action: 'staff.two-factor-reset', adminEmail: 'cli' })
		// Nothing left to reset, an unknown email, no email: refused with the reason.
		expect((await reset('--email', boss.email)).status).not.toBe(0)
		expect((await reset('--email', 'nobody@example.com')).stderr).toContain('No staff account with the email')
		expect((await reset()).stderr).toContain('--email is required')
	})
})
