import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { admins, systemAlerts } from '#db/schema.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { spendDummyCompare, verifyPassword } from '#app/utils/password.server.ts'
import { authenticateAdmin, getAdminById, toPublicAdmin } from './admin.server.ts'
import { resetAlertCounters } from './alerts.server.ts'

// Watch the password module's calls (the real functions still run).
vi.mock('#app/utils/password.server.ts', async (importOriginal) => {
	const actual = await importOriginal<typeof import('#app/utils/password.server.ts')>()
	return {
		...actual,
		spendDummyCompare: vi.fn(actual.spendDummyCompare),
		verifyPassword: vi.fn(actual.verifyPassword),
	}
})

beforeEach(() => {
	resetAlertCounters()
	vi.mocked(spendDummyCompare).mockClear()
	vi.mocked(verifyPassword).mockClear()
})

let ip = 0
const meta = () => ({ ip: `10.9.0.${++ip}` })

describe('authenticateAdmin', () => {
	test('signs in with the right password; lastLogin moves to previousLogin', async () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const first = new Date('2030-01-01T09:00:00Z')
		const result = await authenticateAdmin({ email: admin.email, password: admin.password }, meta(), first)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.value).toEqual({
			id: admin.id,
			email: admin.email,
			name: admin.name,
			role: 'super_admin',
			lastLogin: first,
			previousLogin: null,
		})
		const second = new Date('2030-01-03T09:00:00Z')
		const again = await authenticateAdmin({ email: admin.email, password: admin.password }, meta(), second)
		expect(again.ok && again.value).toMatchObject({ lastLogin: second, previousLogin: first })
		expect(getAdminById(admin.id)).toMatchObject({ lastLogin: second, previousLogin: first })
	})

	test('a wrong password and an unknown email get the same 401, each after one bcrypt compare', async () => {
		const admin = insertAdmin()
		const wrong = await authenticateAdmin({ email: admin.email, password: 'Wr0ngPassword' }, meta())
		expect(verifyPassword).toHaveBeenCalledTimes(1)
		expect(spendDummyCompare).not.toHaveBeenCalled()
		const unknown = await authenticateAdmin({ email: 'nobody@example.com', password: 'Wr0ngPassword' }, meta())
		expect(spendDummyCompare).toHaveBeenCalledTimes(1)
		expect(wrong).toEqual({ ok: false, status: 401, message: 'Invalid admin credentials' })
		expect(unknown).toEqual(wrong)
		expect(getDb().select({ lastLogin: admins.lastLogin }).from(admins).where(eq(admins.id, admin.id)).get()!.lastLogin).toBeNull()
	})

	test("a member's email and password are no admin credentials", async () => {
		const member = insertMember({ email: 'member-and-not-admin@example.com' })
		const result = await authenticateAdmin({ email: member.email, password: 'anything-at-all' }, meta())
		expect(result).toMatchObject({ ok: false, status: 401 })
	})

	test('the 11th attempt from one address within a minute is a 429 with Retry-After', async () => {
		const address = { ip: '10.8.8.8' }
		for (let i = 0; i < 10; i++) {
			const r = await authenticateAdmin({ email: `nobody${i}@example.com`, password: 'Wr0ngPassword' }, address)
			expect(r).toMatchObject({ status: 401 })
		}
		const blocked = await authenticateAdmin({ email: 'nobody@example.com', password: 'Wr0ngPassword' }, address)
		expect(blocked).toMatchObject({ ok: false, status: 429 })
		expect(!blocked.ok && blocked.retryAfterSeconds).toBeGreaterThan(0)
		expect(!blocked.ok && blocked.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
	})

	test('an account takes 5 attempts per 15 minutes from any number of addresses, even with the right password after', async () => {
		const admin = insertAdmin()
		for (let i = 0; i < 5; i++) {
			expect(await authenticateAdmin({ email: admin.email, password: 'Wr0ngPassword' }, meta())).toMatchObject({ status: 401 })
		}
		const blocked = await authenticateAdmin({ email: admin.email, password: admin.password }, meta())
		expect(blocked).toMatchObject({ status: 429 })
		// No compare is spent on a refused attempt.
		expect(verifyPassword).toHaveBeenCalledTimes(5)
	})

	test('a success clears the account counter', async () => {
		const admin = insertAdmin()
		for (let i = 0; i < 4; i++) await authenticateAdmin({ email: admin.email, password: 'Wr0ngPassword' }, meta())
		expect((await authenticateAdmin({ email: admin.email, password: admin.password }, meta())).ok).toBe(true)
		for (let i = 0; i < 4; i++) {
			expect(await authenticateAdmin({ email: admin.email, password: 'Wr0ngPassword' }, meta())).toMatchObject({ status: 401 })
		}
	})

	test('5 failures raise the repeated failed sign-ins warning', async () => {
		for (let i = 0; i < 5; i++) await authenticateAdmin({ email: `x${i}@example.com`, password: 'Wr0ngPassword' }, meta())
		const alerts = getDb().select().from(systemAlerts).all()
		expect(alerts).toHaveLength(1)
		expect(alerts[0]).toMatchObject({ type: 'warning', title: 'Repeated failed admin sign-ins' })
	})
})

test('toPublicAdmin gives id, email, name, role and lastLogin only', () => {
	const admin = insertAdmin({ lastLogin: new Date('2030-01-01T00:00:00Z') })
	expect(toPublicAdmin(getAdminById(admin.id)!)).toEqual({
		id: admin.id,
		email: admin.email,
		name: admin.name,
		role: 'admin',
		lastLogin: '2030-01-01T00:00:00.000Z',
	})
	expect(getAdminById(999_999)).toBeNull()
})
