import type { Db } from '#db/client.server.ts'
import { runKindSchedule } from './content.server.ts'
import { PROMOTION_KIND } from './promotions.server.ts'

/**
 * Every kind of staff-run content (decision 062): the scheduler's job walks
 * this list. Offers, lessons, testimonials and announcements join it as they
 * are built.
 */
export const CONTENT_KINDS = [PROMOTION_KIND] as const

/**
 * The `content-schedule` job (server/scheduled-jobs.ts): for each kind,
 * publishes the scheduled rows whose day has come and expires those past
 * their expiry, audited as the system. Counts by kind and verb.
 */
export function runContentSchedule(now: Date, db?: Db): Record<string, number> {
	const result: Record<string, number> = {}
	for (const kind of CONTENT_KINDS) {
		const { published, expired } = runKindSchedule(kind, now, db)
		result[`${kind.name}Published`] = published
		result[`${kind.name}Expired`] = expired
	}
	return result
}
