import { lastSchedulerTick } from '#app/utils/scheduler.server.ts'
import { getDb } from '#db/client.server.ts'

/**
 * 200 when the database answers, 503 otherwise; never cached, no details
 * beyond the scheduler's last successful tick (app/utils/scheduler.server.ts),
 * in the body's second line and the X-Scheduler-Last-Tick header.
 */
export function loader() {
	const tick = lastSchedulerTick()?.toISOString() ?? 'none'
	const headers = {
		'Cache-Control': 'no-store',
		'Content-Type': 'text/plain; charset=utf-8',
		'X-Scheduler-Last-Tick': tick,
	}
	try {
		getDb().$client.prepare('select 1').get()
		return new Response(`OK\nscheduler last tick: ${tick}\n`, { headers })
	} catch {
		return new Response(`Unavailable\nscheduler last tick: ${tick}\n`, { status: 503, headers })
	}
}
