import { asc, eq } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { admins, consents, users } from '#db/schema.ts'
import { CONSENT_VERSIONS, type ConsentKind, type ConsentSource } from '#app/features/account/consents.ts'
import { log } from '#app/utils/log.server.ts'
import type { ConsentRecord } from '#app/features/account/responses.server.ts'
import { TERMS_VERSION } from '#app/features/auth/schemas.ts'

/**
 * The consent record (issue 15 part 3, docs/decisions/023-consents-and-notifications.md).
 * Every consent is a row; `users.termsVersion` / `termsAcceptedAt` stay as the member's
 * latest own acceptance of the terms (kept in step in the same transaction), which is what
 * the dashboard's terms gate reads without another query. A staff-created account carries
 * a 'staff' row naming the admin, but the member still accepts the terms themselves.
 */

export type { ConsentRecord }

/** Writes consent rows of `kinds` for the member; a member-given terms row also updates users.terms*. */
export function recordConsents(
	tx: Tx,
	input: { userId: number; kinds: readonly ConsentKind[]; source: ConsentSource; adminId?: number | null },
	now: Date,
) {
	for (const kind of input.kinds) {
		tx.insert(consents)
			.values({
				userId: input.userId,
				kind,
				version: CONSENT_VERSIONS[kind],
				source: input.source,
				adminId: input.adminId ?? null,
				acceptedAt: now,
			})
			.run()
	}
	if (input.kinds.includes('terms') && input.source !== 'staff') {
		tx.update(users).set({ termsVersion: TERMS_VERSION, termsAcceptedAt: now }).where(eq(users.id, input.userId)).run()
	}
}

/** Whether the member's own latest terms acceptance is the current version. */
export function hasCurrentTerms(member: { termsVersion: string | null }) {
	return member.termsVersion === TERMS_VERSION
}

/** The member accepts the current terms (the accept page and POST /api/member/terms/accept). */
export function acceptCurrentTerms(userId: number, source: 'reaccept' = 'reaccept', now = new Date()) {
	const accepted = write((tx) => {
		const current = tx.select({ termsVersion: users.termsVersion }).from(users).where(eq(users.id, userId)).get()
		if (!current) return false
		// Accepting twice (two tabs, a retried request) records once.
		if (hasCurrentTerms(current)) return true
		recordConsents(tx, { userId, kinds: ['terms'], source }, now)
		return true
	})
	if (accepted) log('consents.terms_accepted', { userId, version: TERMS_VERSION })
	return accepted
}

/** The member's consent history, oldest first (the staff user page and the data download). */
export function listConsents(userId: number, db: Db = getDb()): ConsentRecord[] {
	return db
		.select({
			id: consents.id,
			kind: consents.kind,
			version: consents.version,
			source: consents.source,
			adminId: consents.adminId,
			adminName: admins.name,
			acceptedAt: consents.acceptedAt,
		})
		.from(consents)
		.leftJoin(admins, eq(admins.id, consents.adminId))
		.where(eq(consents.userId, userId))
		.orderBy(asc(consents.acceptedAt), asc(consents.id))
		.all()
		.map((row) => ({ ...row, adminName: row.adminName ?? null, acceptedAt: row.acceptedAt.toISOString() }))
}
