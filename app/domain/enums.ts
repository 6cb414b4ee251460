/**
 * The product's closed lists (plans, member statuses, admin roles, session
 * kinds, contest types and statuses, alert types), in one place. The
 * database schema builds its enum columns from them (`db/schema.ts`), the
 * zod schemas and the pages read them from here.
 *
 * Browser-safe on purpose: no server code and no imports at all, so a page
 * that needs a list never pulls `db/schema.ts` or Drizzle into its
 * JavaScript (`tests/api/browser-bundle.spec.ts` checks the built chunks).
 */

/** Plans by capital, low to high (docs/product/decisions.md section 4). */
export const PLANS = ['regular', 'gold', 'titanium', 'platinum'] as const
export type Plan = (typeof PLANS)[number]

/** The plans an activation code can grant (regular is the default, never activated). */
export const PREMIUM_PLANS = ['gold', 'titanium', 'platinum'] as const satisfies readonly Plan[]
export type PremiumPlan = (typeof PREMIUM_PLANS)[number]

export const USER_STATUSES = ['active', 'pending', 'suspended', 'banned'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export const ADMIN_ROLES = ['super_admin', 'admin'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

/** A session's door: the cookie (web) or a bearer token (api). */
export const SESSION_KINDS = ['web', 'api'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

export const CONTEST_TYPES = ['referral', 'trading', 'deposit', 'activity'] as const
export type ContestType = (typeof CONTEST_TYPES)[number]

export const CONTEST_STATUSES = ['draft', 'active', 'paused', 'completed'] as const
export type ContestStatus = (typeof CONTEST_STATUSES)[number]

export const ALERT_TYPES = ['error', 'warning', 'info'] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/** A member's 0% fee offer claim as staff work it (app/features/offers/offer-claims.server.ts). */
export const CLAIM_STATUSES = ['new', 'contacted', 'done', 'declined'] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

/** Where an alert stands: open, acknowledged by staff (still shown), resolved. */
export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const
export type AlertState = (typeof ALERT_STATES)[number]

/** A plan activation code's status, derived from its row (app/features/codes/plan-codes.server.ts). */
export const PLAN_CODE_STATUSES = ['unused', 'used', 'expired', 'revoked'] as const
export type PlanCodeStatus = (typeof PLAN_CODE_STATUSES)[number]

/**
 * A trader's review state (issue 39, app/features/traders/review.server.ts):
 * applied -> in_review -> listed; listed <-> watch; listed or watch ->
 * suspended -> listed; any -> retired. Members see listed and watch only.
 */
export const TRADER_STATUSES = ['applied', 'in_review', 'listed', 'watch', 'suspended', 'retired'] as const
export type TraderStatus = (typeof TRADER_STATUSES)[number]

/**
 * The lifecycle of staff-run content (issue 41, docs/decisions/062):
 * draft -> published (or scheduled, when its publish date is ahead) ->
 * expired; unpublish goes back to draft. Members see published rows whose
 * expiry has not passed.
 */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published', 'expired'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** The two statement files of a trader (docs/trader-statements.md). */
export const STATEMENT_KINDS = ['equity', 'trades'] as const
export type StatementKind = (typeof STATEMENT_KINDS)[number]

/** A trader's red flags (app/features/traders/metrics.ts raises them), in the staff filter's order. */
export const TRADER_FLAG_CODES = [
	'martingale',
	'no_stop_loss',
	'short_history',
	'deposit_inflated',
	'high_win_rate_large_losses',
	'deep_drawdown',
] as const
export type TraderFlagCode = (typeof TRADER_FLAG_CODES)[number]
