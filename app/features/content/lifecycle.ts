import type { ContentStatus } from '#app/domain/enums.ts'
import { CONTENT_MESSAGES as LIFECYCLE_MESSAGES } from './schemas.ts'

/**
 * The lifecycle every kind of staff-run content shares (issue 41,
 * docs/decisions/062): pure rules, browser-safe, used by the server helpers
 * (content.server.ts), the scheduler's job and the staff pages.
 *
 * draft --publish--> published, or scheduled when its publish date is ahead
 * scheduled --(the job, at the publish date)--> published
 * scheduled | published --(the job, at the expiry)--> expired
 * scheduled | published | expired --unpublish--> draft
 * expired --publish--> published again (after its expiry is moved on)
 */

export const DAY_MS = 86_400_000

export type LifecycleRow = {
	status: ContentStatus
	publishAt: Date | null
	expiresAt: Date | null
}

/** Whether the expiry has passed at `now` (an item without expiry never expires). */
export function isExpired(expiresAt: Date | null, now: Date) {
	return expiresAt !== null && expiresAt.getTime() <= now.getTime()
}

/** Whether members see the row at `now`: published and not past its expiry (the clock is checked, not only the job). */
export function isMemberVisible(row: LifecycleRow, now: Date) {
	return row.status === 'published' && !isExpired(row.expiresAt, now)
}

/**
 * The status to show at `now`: the stored one, except that a published or
 * scheduled row past its expiry shows as expired and a scheduled row whose
 * publish date has come as published, before the job catches up.
 */
export function displayStatus(row: LifecycleRow, now: Date): ContentStatus {
	if (row.status === 'draft' || row.status === 'expired') return row.status
	if (isExpired(row.expiresAt, now)) return 'expired'
	if (row.status === 'scheduled' && row.publishAt !== null && row.publishAt.getTime() <= now.getTime())
		return 'published'
	return row.status
}

/** The message when the expiry is not after the publish date, else null (both optional). */
export function dateOrderProblem(publishAt: Date | null, expiresAt: Date | null): string | null {
	if (publishAt === null || expiresAt === null) return null
	return expiresAt.getTime() > publishAt.getTime() ? null : LIFECYCLE_MESSAGES.expiryBeforePublish
}

export type Transition =
	| { ok: true; status: ContentStatus; publishedAt?: Date }
	| { ok: false; status: 409; message: string; field?: 'expiresAt' }

/** Publishing at `now`: published at once, or scheduled when the publish date is ahead. */
export function publishTransition(row: LifecycleRow, now: Date): Transition {
	if (row.status === 'published') return { ok: false, status: 409, message: LIFECYCLE_MESSAGES.alreadyPublished }
	if (row.status === 'scheduled') return { ok: false, status: 409, message: LIFECYCLE_MESSAGES.alreadyScheduled }
	if (isExpired(row.expiresAt, now))
		return { ok: false, status: 409, message: LIFECYCLE_MESSAGES.expiryPassed, field: 'expiresAt' }
	if (row.publishAt !== null && row.publishAt.getTime() > now.getTime()) return { ok: true, status: 'scheduled' }
	return { ok: true, status: 'published', publishedAt: now }
}

/** Unpublishing: back to draft from anything but a draft. */
export function unpublishTransition(row: LifecycleRow): Transition {
	if (row.status === 'draft') return { ok: false, status: 409, message: LIFECYCLE_MESSAGES.alreadyDraft }
	return { ok: true, status: 'draft' }
}

/**
 * What the scheduler does to the row at `now`, or null for nothing: a
 * scheduled or published row past its expiry expires; a scheduled row
 * whose publish date has come is published.
 */
export function scheduledTransition(
	row: LifecycleRow,
	now: Date,
): { status: 'expired' } | { status: 'published'; publishedAt: Date } | null {
	if (row.status !== 'scheduled' && row.status !== 'published') return null
	if (isExpired(row.expiresAt, now)) return { status: 'expired' }
	if (row.status === 'scheduled' && (row.publishAt === null || row.publishAt.getTime() <= now.getTime()))
		return { status: 'published', publishedAt: now }
	return null
}

/** A UTC day `YYYY-MM-DD` as the instant it starts (a publish day). */
export function dayStart(day: string): Date {
	return new Date(`${day}T00:00:00.000Z`)
}

/** A UTC day `YYYY-MM-DD` as the instant it ends (an expiry day: valid through that day). */
export function dayEnd(day: string): Date {
	return new Date(dayStart(day).getTime() + DAY_MS)
}

/** The publish instant as its day. */
export function publishDay(at: Date | null): string | null {
	return at ? at.toISOString().slice(0, 10) : null
}

/** The expiry instant as the last day it is valid. */
export function expiryDay(at: Date | null): string | null {
	return at ? new Date(at.getTime() - 1).toISOString().slice(0, 10) : null
}
