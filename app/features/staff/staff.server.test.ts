import { spawn } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { adminSessions, admins } from '#db/schema.ts'
import { auditRows, insertAdmin } from '#tests/factories.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { verifyPassword } from '#app/utils/password.server.ts'
import { StaffCreateApiSchema } from '#app/features/staff/schemas.ts'
import {
	createStaff,
	generateStaffPassword,
	getStaffMember,
	listStaff,
	resetStaffPassword,
	updateStaff,
} from './staff.server.ts'

const actorOf = (admin: { id: number; email: string }) => ({ id: admin.id, email: admin.email })
const sessionsOf = (id: number) => getDb().select().from(adminSessions).where(eq(adminSessions.adminId, id)).all()
const hashOf = (id: number) => getDb().select().from(admins).where(eq(admins.id, id)).get()!.passwordHash

describe('createStaff', () => {
	test('a generated password meets the sign-up rules, is returned once and is never in the audit row', async () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const result = await createStaff(actorOf(boss), { name: 'Kemi Ade', email: 'kemi@example.com', role: 'admin' })
		expect(result.ok).toBe(true)
		if (!result.ok) return
		const { admin, generatedPassword } = result.value
		expect(generatedPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{20}$/)
		expect(admin).toMatchObject({ email: 'kemi@example.com', role: 'admin', status: 'active', lastLogin: null })
		expect(await verifyPassword(generatedPassword!, hashOf(admin.id))).toBe(true)
		const [audit] = auditRows(admin.id)
		expect(audit).toMatchObject({ action: 'admin.create', adminId: boss.id, targetType: 'admin' })
		expect(JSON.stringify(audit)).not.toContain(generatedPassword)
		expect(JSON.stringify(audit)).not.toMatch(/password|hash/i)
	})

	test('a typed password is kept (nothing returned); a taken email is a 409 and stores nothing', async () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const typed = await createStaff(actorOf(boss), {
			name: 'Ola',
			email: 'ola@example.com',
			role: 'super_admin',
			password: 'Typed-Passw0rd',
		})
		expect(typed.ok && typed.value.generatedPassword).toBeNull()
		const again = await createStaff(actorOf(boss), { name: 'Ola 2', email: 'ola@example.com', role: 'admin' })
		expect(again).toMatchObject({ ok: false, status: 409 })
		expect(listStaff().filter((s) => s.email === 'ola@example.com')).toHaveLength(1)
	})

	test('the schema: a typed password follows the sign-up rules; blank means generate', () => {
		const base = { name: 'A', email: 'a@example.com', role: 'admin' }
		expect(StaffCreateApiSchema.safeParse({ ...base, password: 'short' }).success).toBe(false)
		expect(StaffCreateApiSchema.safeParse({ ...base, password: 'alllowercase1' }).success).toBe(false)
		expect(StaffCreateApiSchema.safeParse({ ...base, role: 'owner' }).success).toBe(false)
		expect(StaffCreateApiSchema.safeParse({ ...base, name: 'a\u0000b' }).success).toBe(false)
		expect(StaffCreateApiSchema.parse({ ...base, password: '' }).password).toBeUndefined()
		expect(generateStaffPassword(8)).toHaveLength(8)
	})
})

describe('updateStaff', () => {
	test('disabling ends their sessions in the same change; they cannot sign in; enabling lets them back', async () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const staff = insertAdmin({ role: 'admin' })
		const token = staffAuth.sessions.create(staff.id, 'web').token
		staffAuth.sessions.create(staff.id, 'api')
		const result = updateStaff(actorOf(boss), staff.id, { disabled: true })
		expect(result).toMatchObject({ ok: true, value: { status: 'disabled' } })
		expect(sessionsOf(staff.id)).toHaveLength(0)
		expect(staffAuth.sessions.find(token, 'web')).toBeNull()
		const signIn = await staffAuth.checkCredentials(
			{ email: staff.email, password: staff.password },
			{ ip: '10.1.1.1' },
		)
		expect(signIn).toMatchObject({ ok: false, status: 403 })
		expect(updateStaff(actorOf(boss), staff.id, { disabled: false })).toMatchObject({
			ok: true,
			value: { status: 'active' },
		})
		expect(
			await staffAuth.checkCredentials({ email: staff.email, password: staff.password }, { ip: '10.1.1.2' }),
		).toMatchObject({ ok: true })
		expect(auditRows(staff.id).map((r) => r.action)).toEqual(['staff.disable', 'staff.enable'])
	})

	test('a role change is audited with before and after; no change writes nothing', () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const staff = insertAdmin({ role: 'admin' })
		expect(updateStaff(actorOf(boss), staff.id, { role: 'super_admin' })).toMatchObject({
			ok: true,
			value: { role: 'super_admin' },
		})
		expect(updateStaff(actorOf(boss), staff.id, { role: 'super_admin' })).toMatchObject({ ok: true })
		expect(auditRows(staff.id)).toHaveLength(1)
		expect(auditRows(staff.id)[0]).toMatchObject({
			action: 'staff.update',
			before: { role: 'admin' },
			after: { role: 'super_admin' },
		})
	})

	test('the last active super admin cannot be demoted or disabled (409); a super admin cannot disable themselves', () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const disabledSuper = insertAdmin({ role: 'super_admin', disabledAt: new Date() })
		expect(updateStaff(actorOf(boss), boss.id, { role: 'admin' })).toMatchObject({
			ok: false,
			status: 409,
			message: expect.stringContaining('last active super admin'),
		})
		expect(updateStaff(actorOf(boss), boss.id, { disabled: true })).toMatchObject({ ok: false, status: 409 })
		expect(updateStaff(actorOf(boss), 999_999, { role: 'admin' })).toMatchObject({ ok: false, status: 404 })
		// A second active super admin: demoting oneself is allowed, disabling oneself never.
		updateStaff(actorOf(boss), disabledSuper.id, { disabled: false })
		expect(updateStaff(actorOf(boss), boss.id, { disabled: true })).toMatchObject({
			ok: false,
			status: 409,
			message: 'You cannot disable your own account.',
		})
		expect(updateStaff(actorOf(boss), boss.id, { role: 'admin' })).toMatchObject({ ok: true })
		// Now demoted, the former boss can no longer change staff (the check runs inside the transaction).
		expect(updateStaff(actorOf(boss), disabledSuper.id, { role: 'admin' })).toMatchObject({ ok: false, status: 403 })
		expect(getStaffMember(disabledSuper.id)).toMatchObject({ role: 'super_admin', status: 'active' })
	})

	test('sequentially: two super admins disabling each other leave one active', () => {
		const a = insertAdmin({ role: 'super_admin' })
		const b = insertAdmin({ role: 'super_admin' })
		expect(updateStaff(actorOf(a), b.id, { disabled: true }).ok).toBe(true)
		expect(updateStaff(actorOf(b), a.id, { disabled: true })).toMatchObject({ ok: false, status: 403 })
		expect(
			listStaff()
				.filter((s) => s.role === 'super_admin' && s.status === 'active')
				.map((s) => s.id),
		).toEqual([a.id])
	})

	for (const change of ['disable', 'demote'] as const) {
		test(`at once, from two processes (two connections to one file): two super admins who ${change} each other leave one active super admin`, async () => {
			const a = insertAdmin({ role: 'super_admin' })
			const b = insertAdmin({ role: 'super_admin' })
			const results = await raceInProcesses(
				[
					[a, b],
					[b, a],
				],
				change,
			)
			expect(results.filter((r) => r.ok)).toHaveLength(1)
			expect(results.filter((r) => !r.ok).every((r) => r.status === 403 || r.status === 409)).toBe(true)
			const active = listStaff().filter((s) => s.role === 'super_admin' && s.status === 'active')
			expect(active).toHaveLength(1)
		}, 30_000)
	}
})

describe('resetStaffPassword', () => {
	test('sets the new password, ends their sessions, audits without the secret', async () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const staff = insertAdmin({ role: 'admin' })
		staffAuth.sessions.create(staff.id, 'web')
		const generated = await resetStaffPassword(actorOf(boss), staff.id, undefined)
		expect(generated.ok).toBe(true)
		if (!generated.ok) return
		const password = generated.value.generatedPassword!
		expect(await verifyPassword(password, hashOf(staff.id))).toBe(true)
		expect(sessionsOf(staff.id)).toHaveLength(0)
		const typed = await resetStaffPassword(actorOf(boss), staff.id, 'Typed-Passw0rd')
		expect(typed.ok && typed.value.generatedPassword).toBeNull()
		expect(await verifyPassword('Typed-Passw0rd', hashOf(staff.id))).toBe(true)
		const rows = auditRows(staff.id)
		expect(rows.map((r) => r.action)).toEqual(['staff.reset-password', 'staff.reset-password'])
		expect(JSON.stringify(rows)).not.toContain(password)
		expect(JSON.stringify(rows)).not.toContain('Typed-Passw0rd')
		expect(await resetStaffPassword(actorOf(boss), 999_999, undefined)).toMatchObject({ ok: false, status: 404 })
	})
})

/**
 * Runs one updateStaff per [actor, target] pair, each in its own process
 * (tests/unit/staff-race-worker.ts) with its own connection to this test's
 * database file, released together once all have loaded.
 */
async function raceInProcesses(
	pairs: Array<[{ id: number; email: string }, { id: number }]>,
	change: 'disable' | 'demote',
): Promise<Array<{ ok: boolean; status?: number }>> {
	const children = pairs.map(([actor, target]) =>
		spawn(
			process.execPath,
			['--import', 'tsx', 'tests/unit/staff-race-worker.ts', String(actor.id), actor.email, String(target.id), change],
			{ env: { ...process.env }, stdio: ['pipe', 'pipe', 'inherit'] },
		),
	)
	const lines = children.map((child) => {
		const queue: string[] = []
		const waiters: Array<(line: string) => void> = []
		let buffer = ''
		child.stdout.on('data', (chunk: Buffer) => {
			buffer += chunk.toString()
			let index
			while ((index = buffer.indexOf('\n')) >= 0) {
				const line = buffer.slice(0, index)
				buffer = buffer.slice(index + 1)
				const waiter = waiters.shift()
				if (waiter) waiter(line)
				else queue.push(line)
			}
		})
		return () => new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiters.push(resolve)))
	})
	// Listen for the exits now: a child that answers and exits while the other is still working would
	// otherwise have exited before anyone listened, and the wait for it would never end.
	const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)))
	expect(await Promise.all(lines.map((next) => next()))).toEqual(pairs.map(() => 'ready'))
	for (const child of children) child.stdin.write('go\n')
	const answers = await Promise.all(lines.map((next) => next()))
	await Promise.all(exited)
	return answers.map((line) => JSON.parse(line) as { ok: boolean; status?: number })
}
