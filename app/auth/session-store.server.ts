import { and, eq, getTableColumns, lt, or, sql, type GetColumnData } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { getDb, isReadOnly, write, type Db, type Tx } from '#db/client.server.ts'
import type { SessionKind } from '#app/domain/enums.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'

/** The account columns a realm loads with each session: `id` and whatever its requests read. */
export type AccountColumns = { id: SQLiteColumn } & Record<string, SQLiteColumn>

/** The account a session lookup returns: exactly the configured columns. */
export type AccountOf<C extends AccountColumns> = { [K in keyof C]: GetColumnData<C[K]> } & { id: number }

export type SessionStoreConfig<C extends AccountColumns> = {
	/** The accounts table and the columns loaded with a session (never the password hash). */
	accounts: { table: SQLiteTable; columns: C }
	/**
	 * The sessions table: each row holds only the SHA-256 of its secret, the
	 * account, the kind ('web' for the cookie, 'api' for a bearer token; they
	 * never stand in for each other) and the absolute expiry.
	 */
	sessions: {
		table: SQLiteTable
		id: SQLiteColumn
		tokenHash: SQLiteColumn
		accountId: SQLiteColumn
		kind: SQLiteColumn
		expiresAt: SQLiteColumn
		createdAt: SQLiteColumn
	}
	/** From sign-in to the end of the session, whatever the activity. */
	absoluteMs: number
	/**
	 * Ends a session not used for `ms`. `column` is the session's last use,
	 * written at most once per `writeEveryMs` (not on every request).
	 */
	idle?: { column: SQLiteColumn; ms: number; writeEveryMs: number }
	/**
	 * An account column (one of `columns`) that records when the account was
	 * last seen, written at most once per `everyMs`.
	 */
	lastSeen?: { column: SQLiteColumn; everyMs: number }
	/**
	 * The sessions list of the account's settings: the session's User-Agent,
	 * recorded at creation (cut to 300 characters), and its last use,
	 * written at most once per `writeEveryMs`.
	 */
	device?: { userAgent: SQLiteColumn; lastUse: SQLiteColumn; writeEveryMs: number }
	/** Whether the account may still use its sessions (checked on every use). */
	maySignIn?: (account: AccountOf<C>) => boolean
}

/** The property name of `column` in `table` (Drizzle inserts and updates are keyed by it). */
function propertyOf(table: SQLiteTable, column: SQLiteColumn) {
	const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column)
	if (!entry) throw new Error(`Column ${column.name} is not a column of this table`)
	return entry[0]
}

type LookupRow<A> = { account: A; sessionId: number; expiresAt: Date; lastUsedAt?: Date; deviceLastUse?: Date | null }

/** The longest User-Agent a session keeps. */
export const USER_AGENT_MAX = 300

/**
 * Sessions in one table for one kind of account: create, look up (with the
 * expiry, idle and "may sign in" rules), end. Both realms are instances.
 */
export function createSessionStore<C extends AccountColumns>(config: SessionStoreConfig<C>) {
	type Account = AccountOf<C>
	const { accounts, sessions, idle, lastSeen, device } = config
	const keys = {
		tokenHash: propertyOf(sessions.table, sessions.tokenHash),
		accountId: propertyOf(sessions.table, sessions.accountId),
		kind: propertyOf(sessions.table, sessions.kind),
		expiresAt: propertyOf(sessions.table, sessions.expiresAt),
		createdAt: propertyOf(sessions.table, sessions.createdAt),
		lastUsedAt: idle ? propertyOf(sessions.table, idle.column) : null,
		lastSeen: lastSeen ? propertyOf(accounts.table, lastSeen.column) : null,
		userAgent: device ? propertyOf(sessions.table, device.userAgent) : null,
		deviceLastUse: device ? propertyOf(sessions.table, device.lastUse) : null,
	}
	// The loaded account carries its lastSeen value, so the write can be skipped.
	const lastSeenField = lastSeen
		? Object.entries(accounts.columns).find(([, c]) => c === lastSeen.column)?.[0]
		: undefined
	if (lastSeen && !lastSeenField) throw new Error('lastSeen.column must be one of the loaded columns')

	const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>()
	function prepareLookup(db: Db) {
		return db
			.select({
				account: accounts.columns as AccountColumns,
				sessionId: sessions.id,
				expiresAt: sessions.expiresAt,
				...(idle ? { lastUsedAt: idle.column } : {}),
				...(device ? { deviceLastUse: device.lastUse } : {}),
			})
			.from(sessions.table)
			.innerJoin(accounts.table, eq(accounts.columns.id, sessions.accountId))
			.where(and(eq(sessions.tokenHash, sql.placeholder('hash')), eq(sessions.kind, sql.placeholder('kind'))))
			.prepare()
	}

	/**
	 * Creates a session; returns its secret (the cookie value or the bearer
	 * token). `userAgent` is the client's, kept when the realm records devices.
	 */
	function create(accountId: number, kind: SessionKind, now = new Date(), userAgent = '') {
		const token = randomToken(32)
		const expiresAt = new Date(now.getTime() + config.absoluteMs)
		const values: Record<string, unknown> = {
			[keys.tokenHash]: sha256(token),
			[keys.accountId]: accountId,
			[keys.kind]: kind,
			[keys.expiresAt]: expiresAt,
			[keys.createdAt]: now,
		}
		if (keys.lastUsedAt) values[keys.lastUsedAt] = now
		if (keys.userAgent && keys.deviceLastUse) {
			values[keys.userAgent] = userAgent.slice(0, USER_AGENT_MAX)
			values[keys.deviceLastUse] = now
		}
		write((tx) =>
			tx
				.insert(sessions.table)
				.values(values as never)
				.run(),
		)
		return { token, expiresAt }
	}

	/**
	 * The account behind a session secret, or null when it is unknown, of the
	 * other kind, past its absolute expiry or idle for too long (the row is
	 * then deleted), or the account may no longer sign in. A use refreshes the
	 * idle window, never the absolute one.
	 */
	function find(token: string, kind: SessionKind, now = new Date()): Account | null {
		const db = getDb()
		let lookup = lookups.get(db)
		if (!lookup) {
			lookup = prepareLookup(db)
			lookups.set(db, lookup)
		}
		const row = lookup.get({ hash: sha256(token), kind }) as LookupRow<Account> | undefined
		if (!row) return null
		const idleFor = idle && row.lastUsedAt ? now.getTime() - row.lastUsedAt.getTime() : 0
		if (row.expiresAt <= now || (idle && idleFor >= idle.ms)) {
			// On a read replica the row stays (the primary's clean-up removes it): refused all the same.
			if (!isReadOnly(db)) write((tx) => tx.delete(sessions.table).where(eq(sessions.id, row.sessionId)).run(), db)
			return null
		}
		const account = row.account
		if (config.maySignIn && !config.maySignIn(account)) return null
		// The bookkeeping a use makes (idle window, device, last seen), at most
		// once per its interval, in one write.
		const touch: Array<(tx: Tx) => void> = []
		if (idle && keys.lastUsedAt && idleFor >= idle.writeEveryMs) {
			touch.push((tx) =>
				tx
					.update(sessions.table)
					.set({ [keys.lastUsedAt!]: now } as never)
					.where(eq(sessions.id, row.sessionId))
					.run(),
			)
		}
		if (device && keys.deviceLastUse) {
			const used = row.deviceLastUse
			if (!used || now.getTime() - used.getTime() >= device.writeEveryMs) {
				touch.push((tx) =>
					tx
						.update(sessions.table)
						.set({ [keys.deviceLastUse!]: now } as never)
						.where(eq(sessions.id, row.sessionId))
						.run(),
				)
			}
		}
		if (lastSeen && keys.lastSeen && lastSeenField) {
			const seen = (account as Record<string, unknown>)[lastSeenField] as Date | null
			if (!seen || now.getTime() - seen.getTime() > lastSeen.everyMs) {
				touch.push((tx) =>
					tx
						.update(accounts.table)
						.set({ [keys.lastSeen!]: now } as never)
						.where(eq(accounts.columns.id, account.id))
						.run(),
				)
				;(account as Record<string, unknown>)[lastSeenField] = now
			}
		}
		// A read replica skips the bookkeeping (docs/decisions/065-read-replicas.md): the next use that
		// reaches the primary (any form post, sign-in) writes it. A staff session
		// used only on replicas therefore ends after its idle window.
		if (touch.length > 0 && !isReadOnly(db)) write((tx) => touch.forEach((change) => change(tx)), db)
		return account
	}

	/** Ends one session; true when there was one. */
	function endByToken(token: string) {
		return write(
			(tx) =>
				tx
					.delete(sessions.table)
					.where(eq(sessions.tokenHash, sha256(token)))
					.run().changes > 0,
		)
	}

	/** The id of the session behind a secret (any kind, expired or not), or null. */
	function idOf(token: string): number | null {
		const row = getDb()
			.select({ id: sessions.id })
			.from(sessions.table)
			.where(eq(sessions.tokenHash, sha256(token)))
			.get() as { id: number } | undefined
		return row?.id ?? null
	}

	/** Removes sessions past their absolute or idle expiry (start-up housekeeping). */
	function deleteExpired(now = new Date()) {
		const expired = lt(sessions.expiresAt, now)
		return write(
			(tx) =>
				tx
					.delete(sessions.table)
					.where(idle ? or(expired, lt(idle.column, new Date(now.getTime() - idle.ms))) : expired)
					.run().changes,
		)
	}

	return { create, find, endByToken, idOf, deleteExpired }
}

export type SessionStore<C extends AccountColumns> = ReturnType<typeof createSessionStore<C>>
