import { TERMS_409 } from '#app/features/dashboard/responses.server.ts'
import { NOTIFICATION_KINDS } from '#app/features/notifications/schemas.ts'
import { count, type ErrorStatus, id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What /api/member/notifications* answer: the schemas describe the answers
 * in the OpenAPI document and are the models' types (`z.infer`).
 */

export const NotificationSchema = z
	.object({
		id: id(),
		kind: z.enum(NOTIFICATION_KINDS),
		title: z.string(),
		body: z.string(),
		link: z.string().nullable().openapi({ description: 'A path in the app the notification leads to.' }),
		read: z.boolean(),
		createdAt: isoDateTime(),
	})
	.strict()
	.openapi('Notification')
/** A notification as the inbox shows it. */
export type InboxItem = z.infer<typeof NotificationSchema>

export const InboxSchema = z
	.object({
		items: z.array(NotificationSchema),
		unread: count(),
		pagination: z
			.object({ page: id(), pageSize: id(), total: count(), pageCount: id() })
			.strict()
			.openapi({ description: 'A page past the last answers the last page.' }),
	})
	.strict()
/** One page of the member's inbox. */
export type Inbox = z.infer<typeof InboxSchema>

// Every kind is listed; the model's type is EmailPreferences (notifications.server.ts), keyed by kind.
export const EmailPreferencesSchema = z
	.object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])))
	.strict()
	.openapi('EmailPreferences', { description: 'Which kinds the member also gets by email (every kind listed).' })

/** The refusals of requireApiUnlockedMember (app/auth/member.server.ts) as the notifications' routes tell them. */
export const NOTIFICATIONS_GUARD: ErrorStatus[] = [403, 409]
export const NOTIFICATIONS_GUARD_TEXT = {
	403: 'The member has not unlocked the dashboard yet (POST /api/auth/verify-code).',
	409: TERMS_409,
}
