import type { Db } from '#db/client.server.ts'
import { runKindSchedule, type ContentKind, type ContentRow } from './content.server.ts'
import { FEE_OFFER_KIND } from './offers.server.ts'
import { ANNOUNCEMENT_KIND } from './announcements.server.ts'
import { PROMOTION_KIND } from './promotions.server.ts'
import { TESTIMONIAL_KIND } from './testimonials.server.ts'
import { LESSON_KIND } from './lessons.server.ts'

/**
 * Every kind of staff-run content (decision 062): the scheduler's job walks
 * this list.
 */
export const CONTENT_KINDS = [
	schedulable(PROMOTION_KIND),
	schedulable(FEE_OFFER_KIND),
	schedulable(TESTIMONIAL_KIND),
	schedulable(LESSON_KIND),
	schedulable(ANNOUNCEMENT_KIND),
] as const

/** A kind as the job walks it: its name and its pass (each kind's row type stays its own). */
function schedulable<Row extends ContentRow>(kind: ContentKind<Row>) {
	return {
		name: kind.name,
		schedule: (now: Date, db?: Db, ids?: readonly number[]) => runKindSchedule(kind, now, db, ids),
	}
}

/**
 * The `content-schedule` job (server/scheduled-jobs.ts): for each kind,
 * publishes the scheduled rows whose day has come and expires those past
 * their expiry, audited as the system. Counts by kind and verb.
 */
export function runContentSchedule(
	now: Date,
	db?: Db,
	/** Only these rows of one kind (a test's own, with its injected clock). */
	only?: { kind: string; ids: readonly number[] },
): Record<string, number> {
	const result: Record<string, number> = {}
	for (const kind of CONTENT_KINDS) {
		if (only && only.kind !== kind.name) continue
		const { published, expired } = kind.schedule(now, db, only?.ids)
		result[`${kind.name}Published`] = published
		result[`${kind.name}Expired`] = expired
	}
	return result
}
