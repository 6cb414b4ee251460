import { handleAlert } from '#app/features/alerts/alerts.server.ts'
import { StaffAlertSchema } from '#app/features/alerts/responses.server.ts'
import { ALERT_MESSAGES, parseAlertId } from '#app/features/alerts/schemas.ts'
import { z } from '#app/utils/api-schema.server.ts'
import { adminIdStep } from '../+id-step.server.ts'

/** POST /api/admin/alerts/:id/acknowledge and /resolve: adminIdStep (alerts:update), told which step and its words. */
export function alertStep(
	step: 'acknowledge' | 'resolve',
	words: { summary: string; done: string; conflict: string; message: string },
) {
	return adminIdStep({
		...words,
		tags: ['Admin alerts'],
		capability: 'alerts:update',
		data: z.object({ alert: StaffAlertSchema }).strict(),
		notFoundDoc: 'No such alert.',
		parseId: parseAlertId,
		notFound: ALERT_MESSAGES.notFound,
		change: (actor, id) => handleAlert(actor, id, step),
		answer: (value) => ({ alert: value.alert }),
	})
}
