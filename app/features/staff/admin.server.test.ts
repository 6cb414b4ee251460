import { expect, test } from 'vitest'
import { insertAdmin } from '#tests/factories.ts'
import { getAdminById, recordAdminSignIn, toPublicAdmin } from './admin.server.ts'

test('recordAdminSignIn moves lastLogin to previousLogin and records now', () => {
	const admin = insertAdmin()
	const first = new Date('2030-01-01T09:00:00Z')
	const second = new Date('2030-01-03T09:00:00Z')
	const profile = getAdminById(admin.id)!
	expect(recordAdminSignIn(profile, first)).toEqual({ ...profile, lastLogin: first, previousLogin: null })
	expect(recordAdminSignIn(getAdminById(admin.id)!, second)).toMatchObject({ lastLogin: second, previousLogin: first })
	expect(getAdminById(admin.id)).toMatchObject({ lastLogin: second, previousLogin: first })
	expect(getAdminById(admin.id)).not.toHaveProperty('passwordHash')
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
