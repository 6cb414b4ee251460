import { z } from 'zod'

/** The kinds of notification (issue 15 part 5); the contract in docs/decisions/023-consents-and-notifications.md. */
export const NOTIFICATION_KINDS = [
	'announcement',
	'contest_result',
	'milestone',
	'offer_claim',
	'referral_credited',
	'referral_held',
	'referral_rejected',
	'trader_watch',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** How each kind is named on the preferences form, in mails and on the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
	referral_credited: 'Referral credited',
	referral_held: 'Referral held for review',
	referral_rejected: 'Referral not counted',
	milestone: 'Milestone reached',
	offer_claim: 'Offer claim updates',
	contest_result: 'Contest results',
	trader_watch: 'Watched traders',
	announcement: 'Announcements from the team',
}

/** The order the preferences form lists the kinds in. */
export const NOTIFICATION_KIND_ORDER: readonly NotificationKind[] = [
	'referral_credited',
	'referral_held',
	'referral_rejected',
	'milestone',
	'offer_claim',
	'contest_result',
	'trader_watch',
	'announcement',
]

export const MAX_INBOX_PAGE = 10_000
export const INBOX_PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_INBOX_PAGE}`

/** ?page= of the inbox (page and API). */
export const InboxQuerySchema = z
	.object({
		page: z
			.string()
			.regex(/^[1-9][0-9]{0,4}$/, INBOX_PAGE_MESSAGE)
			.transform(Number)
			.refine((n) => n <= MAX_INBOX_PAGE, INBOX_PAGE_MESSAGE)
			.optional(),
	})
	.strict()

export const NOTIFICATION_NOT_FOUND = 'Notification not found'

export const NotificationIdSchema = z
	.string()
	.regex(/^[1-9][0-9]{0,15}$/)
	.transform(Number)

/** PUT /api/member/notifications/preferences: { email: { kind: boolean, ... } } (kinds not given keep theirs). */
export const PreferencesApiSchema = z
	.object({
		email: z
			.object(
				Object.fromEntries(
					NOTIFICATION_KINDS.map((kind) => [
						kind,
						z.boolean({ invalid_type_error: 'Must be true or false' }).optional(),
					]),
				) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
				{ required_error: 'email is required', invalid_type_error: 'email must be an object of kinds' },
			)
			.strict(),
	})
	.strict()

/** The page's preferences form: one checkbox per kind (unchecked boxes are not sent: off). */
export function preferencesFromForm(formData: FormData) {
	return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, formData.get(`email_${kind}`) === 'on'])) as Record<
		NotificationKind,
		boolean
	>
}
