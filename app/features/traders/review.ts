import type { TraderStatus } from '#app/domain/enums.ts'

/**
 * A trader's review workflow (issue 39), the rules only: which transition
 * is allowed, which needs a super admin, and what listing needs. Browser
 * safe (the staff page reads it to offer only the allowed moves); the
 * server enforces it in app/features/traders/registry.server.ts.
 *
 *   applied -> in_review -> listed
 *   listed <-> watch (listed, with a warning members see)
 *   listed | watch -> suspended -> listed
 *   any (but retired) -> retired (super admins only; retired is final)
 *
 * Every transition is a staff action with a required note.
 */
export const TRANSITIONS: Readonly<Record<TraderStatus, readonly TraderStatus[]>> = {
	applied: ['in_review', 'retired'],
	in_review: ['listed', 'retired'],
	listed: ['watch', 'suspended', 'retired'],
	watch: ['listed', 'suspended', 'retired'],
	suspended: ['listed', 'retired'],
	retired: [],
}

/** What members see: listed and watch traders only (past traders aside). */
export const MEMBER_VISIBLE_STATUSES = ['listed', 'watch'] as const satisfies readonly TraderStatus[]
/** "Past traders": kept in view with their final record and the reason. */
export const PAST_STATUSES = ['suspended', 'retired'] as const satisfies readonly TraderStatus[]

/**
 * The statuses' labels (staff pages). Members' pages have theirs in
 * format.ts: a module both areas' scripts imported would be one more
 * script for every page of each (app/routes/+page-scripts, other/chunk-groups.ts).
 */
export const TRADER_STATUS_LABELS: Readonly<Record<TraderStatus, string>> = {
	applied: 'Applied',
	in_review: 'In review',
	listed: 'Listed',
	watch: 'Watch',
	suspended: 'Suspended',
	retired: 'Retired',
}

/** The review checklist, in the page's order, with its API field names. */
export const CHECKLIST_ITEMS = [
	{ key: 'identityChecked', label: 'Identity checked' },
	{ key: 'brokerAccountVerified', label: 'Broker account verified' },
	{ key: 'statementSourceVerified', label: 'Statement source verified' },
	{ key: 'strategyMatchesTrades', label: 'Strategy matches the trades' },
	{ key: 'riskAcceptable', label: 'Risk acceptable' },
] as const
export type ChecklistKey = (typeof CHECKLIST_ITEMS)[number]['key']
export const CHECKLIST_KEYS = CHECKLIST_ITEMS.map((item) => item.key) as [ChecklistKey, ...ChecklistKey[]]

/** Days from a review (a move to listed or watch) to the next one, unless staff set another date. */
export const REVIEW_INTERVAL_DAYS = 90
/** A listed trader whose last equity row is older than this raises an alert. */
export const STALE_STATEMENT_DAYS = 7

export const REVIEW_MESSAGES = {
	notAllowed: (from: TraderStatus, to: TraderStatus) =>
		`A trader cannot move from ${TRADER_STATUS_LABELS[from].toLowerCase()} to ${TRADER_STATUS_LABELS[to].toLowerCase()}.`,
	appliedToListed: 'A trader cannot be listed straight from applied: move them to in review first.',
	sameStatus: (status: TraderStatus) => `The trader is already ${TRADER_STATUS_LABELS[status].toLowerCase()}.`,
	retired: 'A retired trader stays retired.',
	retireSuperOnly: 'Only a super admin can retire a trader.',
	needsEquity: 'Listing needs at least one applied equity statement.',
	needsChecklist: (missing: string[]) => `Listing needs every checklist item done; still open: ${missing.join(', ')}.`,
	noteRequired: 'Write a note for this change',
	done: (to: TraderStatus) => `The trader is now ${TRADER_STATUS_LABELS[to].toLowerCase()}.`,
} as const

export type TransitionRefusal = { status: 403 | 409; message: string }

/**
 * Whether `from` -> `to` is allowed for this role, and for a listing
 * whether the trader is ready; null when it is.
 */
export function checkTransition(
	from: TraderStatus,
	to: TraderStatus,
	ready: { superAdmin: boolean; hasEquity: boolean; checklistOpen: string[] },
): TransitionRefusal | null {
	if (from === to) return { status: 409, message: REVIEW_MESSAGES.sameStatus(to) }
	if (from === 'retired') return { status: 409, message: REVIEW_MESSAGES.retired }
	if (from === 'applied' && to === 'listed') return { status: 409, message: REVIEW_MESSAGES.appliedToListed }
	if (!TRANSITIONS[from].includes(to)) return { status: 409, message: REVIEW_MESSAGES.notAllowed(from, to) }
	if (to === 'retired' && !ready.superAdmin) return { status: 403, message: REVIEW_MESSAGES.retireSuperOnly }
	if (to === 'listed' && (from === 'in_review' || from === 'suspended')) {
		if (!ready.hasEquity) return { status: 409, message: REVIEW_MESSAGES.needsEquity }
		if (ready.checklistOpen.length > 0)
			return { status: 409, message: REVIEW_MESSAGES.needsChecklist(ready.checklistOpen) }
	}
	return null
}

/** The moves staff may offer from `from` (retired only for super admins). */
export function allowedTransitions(from: TraderStatus, superAdmin: boolean): TraderStatus[] {
	return TRANSITIONS[from].filter((to) => to !== 'retired' || superAdmin)
}
