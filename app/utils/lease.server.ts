import { getDb, write } from '#db/client.server.ts'
import { leaseHolderId } from './scheduler.server.ts'

/**
 * Work that exactly one server process does while several serve one
 * database (docs/decisions/026-every-core.md): the scheduler and the
 * backups. A lease is a row of `leases` (name, holder, expires at). A
 * process takes it when it is free or expired, or renews it when it holds
 * it, in one atomic UPSERT; a holder that dies stops renewing and another
 * process takes over once the lease has expired. The clock is injected.
 */
export type Lease = ReturnType<typeof createLease>

export function createLease({
	name,
	ttlMs,
	holder = leaseHolderId(),
	clock = () => new Date(),
}: {
	name: string
	/** How long a taken or renewed lease lasts without another renewal. */
	ttlMs: number
	holder?: string
	clock?: () => Date
}) {
	let heldUntil = 0

	/** Takes or renews the lease; true while this process holds it. A database that refused counts as not held. */
	function hold(): boolean {
		const now = clock().getTime()
		try {
			const changes = write(
				() =>
					getDb()
						.$client.prepare(
							`INSERT INTO leases (name, holder, acquired_at, expires_at) VALUES (@name, @holder, @now, @expiresAt)
					 ON CONFLICT(name) DO UPDATE SET
					   acquired_at = CASE WHEN holder = excluded.holder THEN acquired_at ELSE excluded.acquired_at END,
					   holder = excluded.holder, expires_at = excluded.expires_at
					 WHERE holder = excluded.holder OR expires_at <= @now`,
						)
						.run({ name, holder, now, expiresAt: now + ttlMs }).changes,
			)
			heldUntil = changes === 1 ? now + ttlMs : 0
		} catch {
			heldUntil = 0
		}
		return heldUntil > now
	}

	/** Whether this process held the lease at its last `hold()` and it has not expired since (no database read). */
	function held() {
		return heldUntil > clock().getTime()
	}

	/** Gives the lease up (a process that stops), so another one takes over at its next try. */
	function release() {
		heldUntil = 0
		try {
			write(() => getDb().$client.prepare('DELETE FROM leases WHERE name = ? AND holder = ?').run(name, holder))
		} catch {
			// Closed or busy: the lease expires on its own.
		}
	}

	return { hold, held, release, holder, name }
}
