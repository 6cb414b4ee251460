import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { getDb, type Db } from '#db/client.server.ts'
import { sessions, users, type SessionKind } from '#db/schema.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'

/** Members stay signed in for 30 days (absolute; docs/security.md S8). */
export const SESSION_EXPIRATION_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt is written at most this often, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000

/** Creates a session and returns its secret (cookie value or bearer token). */
export function createSession(userId: number, kind: SessionKind, now = new Date()) {
	const token = randomToken(32)
	getDb()
		.insert(sessions)
		.values({
			tokenHash: sha256(token),
			userId,
			kind,
			expiresAt: new Date(now.getTime() + SESSION_EXPIRATION_MS),
			createdAt: now,
		})
		.run()
	return { token, expiresAt: new Date(now.getTime() + SESSION_EXPIRATION_MS) }
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>()

function prepareLookup(db: Db) {
	return db
		.select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(and(eq(sessions.tokenHash, sql.placeholder('hash')), eq(sessions.kind, sql.placeholder('kind'))))
		.prepare()
}

/**
 * The member behind a session secret, or null when it is unknown, expired,
 * of the other kind, or the member may no longer sign in.
 */
export function getSessionUser(token: string, kind: SessionKind, now = new Date()) {
	const db = getDb()
	let lookup = lookups.get(db)
	if (!lookup) {
		lookup = prepareLookup(db)
		lookups.set(db, lookup)
	}
	const row = lookup.get({ hash: sha256(token), kind })
	if (!row) return null
	if (row.expiresAt <= now) {
		db.delete(sessions).where(eq(sessions.id, row.sessionId)).run()
		return null
	}
	if (row.user.status === 'banned' || row.user.status === 'suspended') return null
	if (!row.user.lastSeenAt || now.getTime() - row.user.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
		db.update(users).set({ lastSeenAt: now }).where(eq(users.id, row.user.id)).run()
		row.user.lastSeenAt = now
	}
	return row.user
}

export function deleteSessionByToken(token: string) {
	return getDb().delete(sessions).where(eq(sessions.tokenHash, sha256(token))).run().changes > 0
}

/** Ends every session of a member (reset, ban, deletion). */
export function deleteUserSessions(userId: number) {
	return getDb().delete(sessions).where(eq(sessions.userId, userId)).run().changes
}

export function deleteExpiredSessions(now = new Date()) {
	return getDb().delete(sessions).where(lt(sessions.expiresAt, now)).run().changes
}

export function countActiveSessions(userId: number, now = new Date()) {
	return getDb()
		.select({ id: sessions.id })
		.from(sessions)
		.where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
		.all().length
}
