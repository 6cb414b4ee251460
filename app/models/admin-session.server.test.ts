import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { adminSessions, admins } from '#db/schema.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import {
	ADMIN_SESSION_ABSOLUTE_MS,
	ADMIN_SESSION_IDLE_MS,
	createAdminSession,
	deleteAdminSessionByToken,
	deleteExpiredAdminSessions,
	endAdminSessions,
	getAdminSession,
} from './admin-session.server.ts'
import { createSession } from './session.server.ts'

const MINUTE = 60_000

function rows() {
	return getDb().select().from(adminSessions).all()
}

describe('createAdminSession', () => {
	test('returns a 256-bit secret and stores only its SHA-256', () => {
		const admin = insertAdmin()
		const { token, expiresAt } = createAdminSession(admin.id, 'web', new Date('2030-01-01T00:00:00Z'))
		expect(Buffer.from(token, 'base64url').length).toBe(32)
		const [row] = rows()
		expect(row!.tokenHash).toBe(sha256(token))
		expect(row!.adminId).toBe(admin.id)
		expect(row!.kind).toBe('web')
		expect(expiresAt.toISOString()).toBe('2030-01-01T12:00:00.000Z')
		expect(JSON.stringify(getDb().$client.prepare('select * from admin_sessions').all())).not.toContain(token)
	})

	test('staff sessions last 12 hours at most and 30 minutes idle', () => {
		expect(ADMIN_SESSION_ABSOLUTE_MS).toBe(12 * 60 * MINUTE)
		expect(ADMIN_SESSION_IDLE_MS).toBe(30 * MINUTE)
	})
})

describe('getAdminSession', () => {
	test('finds the admin (never the hash) for the right kind only', () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const web = createAdminSession(admin.id, 'web').token
		const api = createAdminSession(admin.id, 'api').token
		const found = getAdminSession(web, 'web')
		expect(found).toMatchObject({ id: admin.id, email: admin.email, name: admin.name, role: 'super_admin' })
		expect(found).not.toHaveProperty('passwordHash')
		expect(getAdminSession(web, 'api')).toBeNull()
		expect(getAdminSession(api, 'web')).toBeNull()
		expect(getAdminSession(api, 'api')?.id).toBe(admin.id)
		expect(getAdminSession('unknown-token-0123456789abcdef', 'web')).toBeNull()
	})

	test('a member session secret is no admin session', () => {
		const member = insertMember()
		const { token } = createSession(member.id, 'api')
		expect(getAdminSession(token, 'api')).toBeNull()
	})

	test('ends after 30 idle minutes and deletes the row', () => {
		const admin = insertAdmin()
		const start = new Date('2030-01-01T08:00:00Z')
		const { token } = createAdminSession(admin.id, 'web', start)
		expect(getAdminSession(token, 'web', new Date(start.getTime() + 29 * MINUTE))?.id).toBe(admin.id)
		// The use at 29 minutes moved the idle window: 58 minutes is fine.
		expect(getAdminSession(token, 'web', new Date(start.getTime() + 58 * MINUTE))?.id).toBe(admin.id)
		expect(getAdminSession(token, 'web', new Date(start.getTime() + 88 * MINUTE))).toBeNull()
		expect(rows()).toHaveLength(0)
	})

	test('activity never extends the 12-hour absolute limit', () => {
		const admin = insertAdmin()
		const start = new Date('2030-01-01T08:00:00Z')
		const { token } = createAdminSession(admin.id, 'api', start)
		for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
			expect(getAdminSession(token, 'api', new Date(start.getTime() + minutes * MINUTE))).not.toBeNull()
		}
		expect(getAdminSession(token, 'api', new Date(start.getTime() + 12 * 60 * MINUTE))).toBeNull()
		expect(rows()).toHaveLength(0)
	})

	test('reflects a role change at once (the role is read on every request)', () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const { token } = createAdminSession(admin.id, 'web')
		getDb().update(admins).set({ role: 'admin' }).where(eq(admins.id, admin.id)).run()
		expect(getAdminSession(token, 'web')?.role).toBe('admin')
	})
})

describe('ending sessions', () => {
	test('deleteAdminSessionByToken ends one session', () => {
		const admin = insertAdmin()
		const a = createAdminSession(admin.id, 'web').token
		const b = createAdminSession(admin.id, 'web').token
		expect(deleteAdminSessionByToken(a)).toBe(true)
		expect(deleteAdminSessionByToken(a)).toBe(false)
		expect(getAdminSession(a, 'web')).toBeNull()
		expect(getAdminSession(b, 'web')).not.toBeNull()
	})

	test("endAdminSessions ends all of one admin's sessions, cookie and bearer, and no one else's", () => {
		const admin = insertAdmin()
		const other = insertAdmin()
		createAdminSession(admin.id, 'web')
		createAdminSession(admin.id, 'api')
		const kept = createAdminSession(other.id, 'web').token
		expect(endAdminSessions(admin.id)).toBe(2)
		expect(rows().map((r) => r.adminId)).toEqual([other.id])
		expect(getAdminSession(kept, 'web')?.id).toBe(other.id)
	})

	test('deleting an admin deletes their sessions (cascade)', () => {
		const admin = insertAdmin()
		const { token } = createAdminSession(admin.id, 'web')
		getDb().delete(admins).where(eq(admins.id, admin.id)).run()
		expect(rows()).toHaveLength(0)
		expect(getAdminSession(token, 'web')).toBeNull()
	})

	test('deleteExpiredAdminSessions removes absolute and idle expiries only', () => {
		const admin = insertAdmin()
		const now = new Date('2030-01-02T00:00:00Z')
		createAdminSession(admin.id, 'web', new Date(now.getTime() - 13 * 60 * MINUTE))
		createAdminSession(admin.id, 'web', new Date(now.getTime() - 31 * MINUTE))
		const fresh = createAdminSession(admin.id, 'web', new Date(now.getTime() - 5 * MINUTE)).token
		expect(deleteExpiredAdminSessions(now)).toBe(2)
		expect(rows()).toHaveLength(1)
		expect(getAdminSession(fresh, 'web', now)).not.toBeNull()
	})
})
