import { describe, expect, test } from 'vitest'
import { accessLabel, can, CAPABILITIES, roleLabel, type Capability } from './roles.ts'

const superAdmin = { role: 'super_admin' as const }
const admin = { role: 'admin' as const }

describe('can', () => {
	test('only super_admin deletes users or contests, deletes or bans in bulk, creates admins', () => {
		for (const capability of [
			'users:delete',
			'users:bulk-delete',
			'users:bulk-ban',
			'contests:delete',
			'staff:manage',
			'brokers:manage',
			'traders:retire',
		] as const) {
			expect(can(superAdmin, capability), capability).toBe(true)
			expect(can(admin, capability), capability).toBe(false)
		}
	})

	test('both roles view the dashboard, record revenue, and create and update users and contests', () => {
		for (const capability of [
			'dashboard:view',
			'revenue:record',
			'users:view',
			'users:create',
			'users:update',
			'users:bulk-update',
			'contests:view',
			'contests:create',
			'contests:update',
			'codes:view',
			'codes:manage',
			'offers:view',
			'offers:update',
			'alerts:view',
			'alerts:update',
			'audit:view',
			'revenue:correct',
			'brokers:view',
			'traders:review',
		] as const) {
			expect(can(superAdmin, capability), capability).toBe(true)
			expect(can(admin, capability), capability).toBe(true)
		}
	})

	test('super_admin can do everything listed; nothing is allowed by default', () => {
		for (const capability of Object.keys(CAPABILITIES) as Capability[]) expect(can(superAdmin, capability)).toBe(true)
		expect(can(null, 'dashboard:view')).toBe(false)
		expect(can(undefined, 'users:view')).toBe(false)
		expect(can(superAdmin, 'users:everything' as Capability)).toBe(false)
		expect(can(superAdmin, 'constructor' as Capability)).toBe(false)
		expect(can(superAdmin, '__proto__' as Capability)).toBe(false)
		expect(can({ role: 'owner' as never }, 'dashboard:view')).toBe(false)
	})
})

describe('labels', () => {
	test("the header says 'Super Admin' for super_admin and 'Admin' for every other role", () => {
		expect(roleLabel('super_admin')).toBe('Super Admin')
		expect(roleLabel('admin')).toBe('Admin')
	})

	test("the footer box says 'Super Admin Access' or 'Admin Access'", () => {
		expect(accessLabel('super_admin')).toBe('Super Admin Access')
		expect(accessLabel('admin')).toBe('Admin Access')
	})
})
