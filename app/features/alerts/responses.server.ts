import { ALERT_STATES, ALERT_TYPES } from '#app/domain/enums.ts'
import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the staff alerts' /api routes answer: the schemas describe the
 * answers in the OpenAPI document and are the models' types (`z.infer`).
 */

export const StaffAlertSchema = z
	.object({
		id: id(),
		type: z.enum(ALERT_TYPES),
		title: z.string(),
		message: z.string(),
		actionUrl: z.string().nullable(),
		createdAt: isoDateTime(),
		state: z.enum(ALERT_STATES).openapi({ description: 'Resolved wins; acknowledged is open and marked seen.' }),
		acknowledgedAt: isoDateTime().nullable(),
		acknowledgedByEmail: z.string().nullable(),
		resolvedAt: isoDateTime().nullable(),
		// Null when the server resolved it itself ("the system"), or while open.
		resolvedByEmail: z
			.string()
			.nullable()
			.openapi({ description: 'Null while open, or when the server resolved it itself.' }),
	})
	.strict()
	.openapi('StaffAlert')
export type StaffAlert = z.infer<typeof StaffAlertSchema>
