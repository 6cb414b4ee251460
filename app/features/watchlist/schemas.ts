import { z } from 'zod'

/**
 * A member's watchlist (issue 40 part 2, decision 058): its limits, its
 * messages and the inputs of the page's forms and /api/member/watchlist*.
 * Browser-safe.
 */

export const WATCH_LIMITS = {
	/** The drawdown alert, in percent. */
	drawdownAlert: { min: 1, max: 90, default: 20 },
	/** A watched trader's statements older than this raise an alert. */
	staleDays: 14,
	/** A risk score this much above the baseline raises an alert. */
	riskRise: 2,
	/** Traders one member may watch. */
	maxWatched: 100,
} as const

export const WATCH_MESSAGES = {
	drawdownAlert: 'The drawdown alert is a whole percentage from 1 to 90',
	slugRequired: 'Give the trader’s slug',
	notListed: 'Only listed traders can be watched; this trader is not listed now',
	notFound: 'This trader does not exist',
	notWatched: 'You are not watching this trader',
	tooMany: `You can watch at most ${WATCH_LIMITS.maxWatched} traders; stop watching one first`,
	watched: (name: string) => `You are watching ${name}.`,
	alreadyWatched: (name: string) => `You are already watching ${name}.`,
	unwatched: (name: string) => `You stopped watching ${name}.`,
	thresholdSaved: (name: string, percent: number) => `Drawdown alert for ${name} set to ${percent}%.`,
	seen: 'Marked as seen: changes are counted from now.',
} as const

const DrawdownAlertSchema = z
	.number({ invalid_type_error: WATCH_MESSAGES.drawdownAlert, required_error: WATCH_MESSAGES.drawdownAlert })
	.int(WATCH_MESSAGES.drawdownAlert)
	.min(WATCH_LIMITS.drawdownAlert.min, WATCH_MESSAGES.drawdownAlert)
	.max(WATCH_LIMITS.drawdownAlert.max, WATCH_MESSAGES.drawdownAlert)

/** POST /api/member/watchlist: a trader to watch, by slug, and its drawdown alert (default 20). */
export const WatchBodySchema = z
	.object({
		slug: z
			.string({ required_error: WATCH_MESSAGES.slugRequired, invalid_type_error: WATCH_MESSAGES.slugRequired })
			.trim()
			.min(1, WATCH_MESSAGES.slugRequired)
			.max(60, WATCH_MESSAGES.notFound),
		drawdownAlert: DrawdownAlertSchema.optional(),
	})
	.strict()
export type WatchBody = z.infer<typeof WatchBodySchema>

/** PATCH /api/member/watchlist/:slug: the alert thresholds. */
export const WatchAlertsSchema = z.object({ drawdownAlert: DrawdownAlertSchema }).strict()

/** The page's threshold form: the percentage as typed. */
export const WatchAlertsFormSchema = z.object({
	drawdownAlert: z.preprocess(
		(v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : v),
		DrawdownAlertSchema,
	),
})
