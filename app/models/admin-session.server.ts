import { and, eq, lt, or, sql } from 'drizzle-orm'
import { getDb, type Db } from '#db/client.server.ts'
import { adminSessions, admins, type SelectAdmin, type SessionKind } from '#db/schema.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'

/**
 * Staff sessions (level 2 of docs/security.md S8): 12 hours at most
 * from sign-in, and 30 minutes without a request ends them sooner. Only the
 * SHA-256 of the secret is stored; members' sessions live in another table.
 */
export const ADMIN_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
export const ADMIN_SESSION_IDLE_MS = 30 * 60 * 1000
/** lastUsedAt is written at most this often, not on every request. */
const LAST_USED_RESOLUTION_MS = 60 * 1000

/** The admin as pages and /api/admin see them: never the hash. */
export type SessionAdmin = Pick<SelectAdmin, 'id' | 'email' | 'name' | 'role' | 'lastLogin' | 'previousLogin'>

/** Creates a staff session; returns its secret (cookie value or bearer token). */
export function createAdminSession(adminId: number, kind: SessionKind, now = new Date()) {
	const token = randomToken(32)
	const expiresAt = new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_MS)
	getDb()
		.insert(adminSessions)
		.values({ tokenHash: sha256(token), adminId, kind, expiresAt, lastUsedAt: now, createdAt: now })
		.run()
	return { token, expiresAt }
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>()

function prepareLookup(db: Db) {
	return db
		.select({
			admin: {
				id: admins.id,
				email: admins.email,
				name: admins.name,
				role: admins.role,
				lastLogin: admins.lastLogin,
				previousLogin: admins.previousLogin,
			},
			sessionId: adminSessions.id,
			expiresAt: adminSessions.expiresAt,
			lastUsedAt: adminSessions.lastUsedAt,
		})
		.from(adminSessions)
		.innerJoin(admins, eq(admins.id, adminSessions.adminId))
		.where(
			and(eq(adminSessions.tokenHash, sql.placeholder('hash')), eq(adminSessions.kind, sql.placeholder('kind'))),
		)
		.prepare()
}

/**
 * The admin behind a session secret, or null when it is unknown, of the
 * other kind, past its absolute expiry or idle for too long (the row is
 * then deleted). A use refreshes the idle window, never the absolute one.
 */
export function getAdminSession(token: string, kind: SessionKind, now = new Date()): SessionAdmin | null {
	const db = getDb()
	let lookup = lookups.get(db)
	if (!lookup) {
		lookup = prepareLookup(db)
		lookups.set(db, lookup)
	}
	const row = lookup.get({ hash: sha256(token), kind })
	if (!row) return null
	if (row.expiresAt <= now || now.getTime() - row.lastUsedAt.getTime() >= ADMIN_SESSION_IDLE_MS) {
		db.delete(adminSessions).where(eq(adminSessions.id, row.sessionId)).run()
		return null
	}
	if (now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
		db.update(adminSessions).set({ lastUsedAt: now }).where(eq(adminSessions.id, row.sessionId)).run()
	}
	return row.admin
}

export function deleteAdminSessionByToken(token: string) {
	return getDb().delete(adminSessions).where(eq(adminSessions.tokenHash, sha256(token))).run().changes > 0
}

/**
 * Ends every session of an admin, cookie and bearer alike (a role change,
 * a removed admin, a forced sign-out). Returns how many ended.
 */
export function endAdminSessions(adminId: number) {
	return getDb().delete(adminSessions).where(eq(adminSessions.adminId, adminId)).run().changes
}

/** Removes sessions past their absolute or idle expiry (start-up housekeeping). */
export function deleteExpiredAdminSessions(now = new Date()) {
	return getDb()
		.delete(adminSessions)
		.where(
			or(
				lt(adminSessions.expiresAt, now),
				lt(adminSessions.lastUsedAt, new Date(now.getTime() - ADMIN_SESSION_IDLE_MS)),
			),
		)
		.run().changes
}
