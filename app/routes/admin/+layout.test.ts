import { describe, expect, test } from 'vitest'
import { insertAdmin } from '#tests/factories.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { loader } from './_layout.tsx'
import { routeArgs } from '#tests/route-args.ts'

// The shell's loader: what the header and the footer box show.

async function load(admin: ReturnType<typeof insertAdmin>) {
	const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
	const request = new Request('http://localhost:3000/admin/dashboard', { headers: { Cookie: cookie } })
	return loader(routeArgs({ request, params: {}, context: {} }) as never)
}

describe('admin shell loader', () => {
	test("a super admin: name, email, 'Super Admin', 'Super Admin Access' and the previous sign-in's date", async () => {
		const admin = insertAdmin({
			role: 'super_admin',
			name: 'Grace Hopper',
			previousLogin: new Date('2026-10-02T23:30:00Z'),
			lastLogin: new Date(),
		})
		expect((await load(admin)).admin).toEqual({
			name: 'Grace Hopper',
			email: admin.email,
			role: 'super_admin',
			roleLabel: 'Super Admin',
			accessLabel: 'Super Admin Access',
			lastLogin: 'Oct 2, 2026',
		})
	})

	test("an admin on a first sign-in: 'Admin', 'Admin Access' and today's date", async () => {
		const admin = insertAdmin({ role: 'admin' })
		const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date())
		expect((await load(admin)).admin).toMatchObject({
			roleLabel: 'Admin',
			accessLabel: 'Admin Access',
			lastLogin: today,
		})
	})

	test('the data never carries the password hash or the session secret', async () => {
		const admin = insertAdmin()
		expect(JSON.stringify(await load(admin))).not.toMatch(/passwordHash|\$2[aby]\$/)
	})
})
