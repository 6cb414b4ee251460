/**
 * Admin roles and what each may do
 * (docs/decisions/008-roles-and-capabilities.md). No server code here:
 * the server enforces these through the guards in app/auth/staff.server.ts, and
 * pages import `can` to hide what the signed-in role cannot do.
 *
 * Deny by default: a capability is allowed only when its role is listed.
 */
import type { AdminRole } from '#app/domain/enums.ts'

const BOTH: readonly AdminRole[] = ['super_admin', 'admin']
const SUPER_ONLY: readonly AdminRole[] = ['super_admin']

export const CAPABILITIES = {
	'dashboard:view': BOTH,
	'revenue:record': BOTH,
	'users:view': BOTH,
	'users:create': BOTH,
	'users:update': BOTH,
	/** Deleting one user. */
	'users:delete': SUPER_ONLY,
	/** Bulk updates that set a status (other than banned) or a plan. */
	'users:bulk-update': BOTH,
	/** Bulk updates that delete users. */
	'users:bulk-delete': SUPER_ONLY,
	/** Bulk updates that ban users. */
	'users:bulk-ban': SUPER_ONLY,
	'contests:view': BOTH,
	'contests:create': BOTH,
	'contests:update': BOTH,
	'contests:delete': SUPER_ONLY,
	/** Plan activation code batches and the unlock code: see and list. */
	'codes:view': BOTH,
	/** Issue and revoke plan codes, rotate and retire unlock codes. */
	'codes:manage': BOTH,
	/** Members' 0% fee offer claims: list, export. */
	'offers:view': BOTH,
	/** Set a claim's status and note. */
	'offers:update': BOTH,
	/** The alerts page. */
	'alerts:view': BOTH,
	/** Acknowledge or resolve an alert. */
	'alerts:update': BOTH,
	/** The audit log of every change, and its CSV export. */
	'audit:view': BOTH,
	/** Edit or void a revenue entry (a reason is required; the audit log keeps it). */
	'revenue:correct': BOTH,
	/** Broker reports: upload, preview, apply or replace a broker's monthly report (/admin/brokers/:slug/reports and its API). */
	'reports:import': BOTH,
	/** Partner brokers (issue 14): the list with clicks and connected members, each broker's page. */
	'brokers:view': BOTH,
	/**
	 * Add, edit, deactivate or reactivate a broker. Super admins only: the
	 * affiliate link decides where every member's broker button leads
	 * (docs/decisions/019-brokers-and-tracked-links.md).
	 */
	'brokers:manage': SUPER_ONLY,
	/** Held referrals (issue 15): list, approve, reject with a reason (/admin/referrals and its API). */
	'referrals:review': BOTH,
	/** The referral integrity thresholds (platform settings). Super admins only: they decide what is held. */
	'referrals:settings': SUPER_ONLY,
	/**
	 * Traders (issue 39): the registry, add and edit a trader, upload their
	 * statements, tick the review checklist, move them through the review
	 * (all but retiring).
	 */
	'traders:review': BOTH,
	/** Retire a trader (final), and remove the sample traders of a fresh install. */
	'traders:retire': SUPER_ONLY,
	/**
	 * Staff-run content (issue 41, decision 062): promotions (and later
	 * offers, lessons, testimonials, announcements): list, create, edit,
	 * preview, publish, unpublish.
	 */
	'content:manage': BOTH,
	/** Delete a content item (a sample one too). */
	'content:delete': SUPER_ONLY,
	/** Staff accounts: list, create, change role, disable, reset a password. */
	'staff:manage': SUPER_ONLY,
} as const satisfies Record<string, readonly AdminRole[]>

export type Capability = keyof typeof CAPABILITIES

/** Whether `admin` (anything with a role) may do `capability`. */
export function can(admin: { role: AdminRole } | null | undefined, capability: Capability): boolean {
	if (!admin) return false
	const roles: readonly AdminRole[] | undefined = Object.hasOwn(CAPABILITIES, capability)
		? CAPABILITIES[capability]
		: undefined
	return roles?.includes(admin.role) ?? false
}

/** The header's role label (spec section 6): 'Super Admin', every other role 'Admin'. */
export function roleLabel(role: AdminRole) {
	return role === 'super_admin' ? 'Super Admin' : 'Admin'
}

/** The shell footer's access label. */
export function accessLabel(role: AdminRole) {
	return role === 'super_admin' ? 'Super Admin Access' : 'Admin Access'
}
