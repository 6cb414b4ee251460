import { pick } from '#app/utils/misc.ts'
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm'
import { getDb, type Tx, write } from '#db/client.server.ts'
import { brokerAccounts, brokerClicks, brokers, traders, type SelectBroker } from '#db/schema.ts'
import { isUniqueViolation } from '#db/sql.server.ts'
import { BROKER_MESSAGES, TRACKING_ID_PLACEHOLDER } from '#app/features/brokers/schemas.ts'
import type { BrokerInput } from '#app/features/brokers/schemas.ts'
import type { MemberBroker } from '#app/features/brokers/responses.server.ts'
import { randomToken } from '#app/utils/crypto.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordChange, recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import type { PublicBroker, StaffBrokerRow } from './responses.server.ts'

/**
 * Partner brokers as data (issue 14 part 1) and the tracked outbound links
 * (part 2). Staff add, edit, deactivate and reactivate brokers (each change
 * audited in its own transaction); members see the active ones, ordered by
 * sortOrder then name. A member's first click on a broker creates their
 * broker account with a random opaque tracking id (never the email or the
 * user id); every click is a broker_clicks row (member, broker, time; no IP).
 */

/** Staff's view of a broker (minimum deposit in dollars, features as a list), and the staff list's row. */
export type { PublicBroker, StaffBrokerRow }

export type { MemberBroker }

export const CLICK_WINDOW_MS = 30 * 24 * 60 * 60 * 1000
/** Tracking ids are 16 random bytes, base64url: 22 characters, URL-safe. */
const TRACKING_ID_BYTES = 16

export function toPublicBroker(row: SelectBroker): PublicBroker {
	return {
		id: row.id,
		name: row.name,
		slug: row.slug,
		regulator: row.regulator,
		licence: row.licence,
		lossPercent: row.lossPercent,
		minDeposit: row.minDepositCents / 100,
		affiliateUrl: row.affiliateUrl,
		rating: row.rating,
		bonus: row.bonus,
		features: row.features ? row.features.split('\n') : [],
		recommended: row.recommended,
		sortOrder: row.sortOrder,
		active: row.active,
		copyTrading: row.copyTrading,
		commissionPerLot: row.commissionPerLotCents / 100,
		copyFeePercent: row.copyFeePercent,
		spreads: row.spreads.map((s) => ({ market: s.market, spreadPerLot: s.spreadCents / 100 })),
		howWeEarn: row.howWeEarn,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
	}
}

function toMemberBroker(row: SelectBroker): MemberBroker {
	const { slug, name, regulator, licence, lossPercent, minDeposit, rating, bonus, features, recommended } =
		toPublicBroker(row)
	return { slug, name, regulator, licence, lossPercent, minDeposit, rating, bonus, features, recommended }
}

/** What the audit row keeps of a broker. */
const AUDIT_FIELDS = [
	'name',
	'slug',
	'regulator',
	'licence',
	'lossPercent',
	'minDepositCents',
	'affiliateUrl',
	'rating',
	'bonus',
	'features',
	'recommended',
	'sortOrder',
	'active',
	'copyTrading',
	'commissionPerLotCents',
	'copyFeePercent',
	'spreads',
	'howWeEarn',
] as const
const auditValue = (row: SelectBroker) => pick(row, AUDIT_FIELDS)

const memberOrder = [asc(brokers.sortOrder), asc(brokers.name), asc(brokers.id)]

/** Active brokers for members, by sortOrder then name. */
export function listActiveBrokers(): MemberBroker[] {
	return getDb()
		.select()
		.from(brokers)
		.where(eq(brokers.active, true))
		.orderBy(...memberOrder)
		.all()
		.map(toMemberBroker)
}

/** Every broker (inactive ones too) with its clicks in the last 30 days and members connected. */
export function listBrokersForStaff(now = new Date()): StaffBrokerRow[] {
	const db = getDb()
	const since = new Date(now.getTime() - CLICK_WINDOW_MS)
	const clicks = new Map(
		db
			.select({ brokerId: brokerClicks.brokerId, n: count() })
			.from(brokerClicks)
			.where(gte(brokerClicks.createdAt, since))
			.groupBy(brokerClicks.brokerId)
			.all()
			.map((r) => [r.brokerId, r.n]),
	)
	const members = new Map(
		db
			.select({ brokerId: brokerAccounts.brokerId, n: count() })
			.from(brokerAccounts)
			.groupBy(brokerAccounts.brokerId)
			.all()
			.map((r) => [r.brokerId, r.n]),
	)
	return db
		.select()
		.from(brokers)
		.orderBy(...memberOrder)
		.all()
		.map((row) => ({
			...toPublicBroker(row),
			clicksLast30Days: clicks.get(row.id) ?? 0,
			membersConnected: members.get(row.id) ?? 0,
		}))
}

/** Every broker's name, by sortOrder then name (the revenue form's suggestions). */
export function listBrokerNames(): string[] {
	return getDb()
		.select({ name: brokers.name })
		.from(brokers)
		.orderBy(...memberOrder)
		.all()
		.map((r) => r.name)
}

/** A broker by slug, active or not (staff). */
export function getBrokerBySlug(slug: string): PublicBroker | null {
	const row = getDb().select().from(brokers).where(eq(brokers.slug, slug)).get()
	return row ? toPublicBroker(row) : null
}

/** An active broker by slug (members), else null. */
export function getActiveBroker(slug: string): MemberBroker | null {
	const row = getDb()
		.select()
		.from(brokers)
		.where(and(eq(brokers.slug, slug), eq(brokers.active, true)))
		.get()
	return row ? toMemberBroker(row) : null
}

function slugTaken() {
	return fail(409, BROKER_MESSAGES.slugTaken, { fieldErrors: { slug: [BROKER_MESSAGES.slugTaken] } })
}

/** Adds a broker and its audit row (broker.create); a taken slug is a 409 at the slug field. */
export function createBroker(admin: AuditActor, input: BrokerInput, now = new Date()): Result<PublicBroker> {
	try {
		const row = write((tx) => {
			const created = tx
				.insert(brokers)
				.values({ ...input, active: true, createdAt: now })
				.returning()
				.get()
			return recordCreation(
				tx,
				{ admin, action: 'broker.create', targetType: 'broker', after: auditValue },
				created,
				now,
			)
		})
		log('admin.broker_created', { adminId: admin.id, brokerId: row.id })
		return ok(toPublicBroker(row))
	} catch (error) {
		if (isUniqueViolation(error)) return slugTaken()
		throw error
	}
}

/**
 * One change to the broker `slug` in one immediate transaction, audited with
 * before and after; 404 for an unknown slug.
 */
function changeBroker(
	admin: AuditActor,
	slug: string,
	now: Date,
	change: {
		action: 'broker.update' | 'broker.deactivate' | 'broker.activate'
		set: (before: SelectBroker) => Partial<SelectBroker> | Result<never>
		event: string
	},
): Result<PublicBroker> {
	try {
		const result = write((tx) => {
			const before = tx.select().from(brokers).where(eq(brokers.slug, slug)).get()
			if (!before) return fail(404, BROKER_MESSAGES.notFound)
			const set = change.set(before)
			if ('ok' in set && set.ok === false) return set
			const after = tx
				.update(brokers)
				.set({ ...(set as Partial<SelectBroker>), updatedAt: now })
				.where(eq(brokers.id, before.id))
				.returning()
				.get()
			return ok(
				recordChange(tx, { admin, action: change.action, targetType: 'broker', view: auditValue }, before, after, now),
			)
		})
		if (!result.ok) return result
		log(change.event, { adminId: admin.id, brokerId: result.value.id })
		return ok(toPublicBroker(result.value))
	} catch (error) {
		if (isUniqueViolation(error)) return slugTaken()
		throw error
	}
}

/** Edits a broker (any of its fields; the slug too, unique). Audited as broker.update. */
export function updateBroker(
	admin: AuditActor,
	slug: string,
	input: Partial<BrokerInput>,
	now = new Date(),
): Result<PublicBroker> {
	return changeBroker(admin, slug, now, { action: 'broker.update', set: () => input, event: 'admin.broker_updated' })
}

/**
 * Deactivates (members no longer see it, /go/:slug answers 404) or
 * reactivates a broker; its clicks, accounts and reports stay. 409 when it
 * is already so. Audited as broker.deactivate / broker.activate.
 */
export function setBrokerActive(
	admin: AuditActor,
	slug: string,
	active: boolean,
	now = new Date(),
): Result<PublicBroker> {
	return changeBroker(admin, slug, now, {
		action: active ? 'broker.activate' : 'broker.deactivate',
		set: (before) =>
			before.active === active
				? fail(409, active ? BROKER_MESSAGES.alreadyActive : BROKER_MESSAGES.alreadyInactive)
				: { active },
		event: active ? 'admin.broker_activated' : 'admin.broker_deactivated',
	})
}

/** What a new tracking id starts with: never `=`, `+`, `-` or `@` (nor `_`). */
const TRACKING_ID_FIRST = /^[A-Za-z0-9]/

/**
 * A new opaque tracking id: random, URL-safe, unrelated to the member, and
 * starting with a letter or a digit, so that no spreadsheet a broker keeps
 * it in reads it as a formula (issue 37). Drawn again while base64url's
 * first character is `-` or `_` (1 in 32), which keeps the other 21
 * characters uniform. Ids issued before start with anything base64url has
 * and stay valid: the report import matches them as they are.
 */
export function newTrackingId() {
	for (;;) {
		const id = randomToken(TRACKING_ID_BYTES)
		if (TRACKING_ID_FIRST.test(id)) return id
	}
}

/**
 * The member's account at a broker, created with a new tracking id on first
 * use; the same row (and id) every time after. Call inside a transaction.
 */
export function getOrCreateBrokerAccount(tx: Tx, userId: number, brokerId: number) {
	const existing = tx
		.select()
		.from(brokerAccounts)
		.where(and(eq(brokerAccounts.userId, userId), eq(brokerAccounts.brokerId, brokerId)))
		.get()
	if (existing) return existing
	return tx.insert(brokerAccounts).values({ userId, brokerId, trackingId: newTrackingId() }).returning().get()
}

/** The affiliate template with the tracking id in place of every {trackingId} (URL-encoded). */
export function affiliateLink(template: string, trackingId: string) {
	return template.replaceAll(TRACKING_ID_PLACEHOLDER, encodeURIComponent(trackingId))
}

/**
 * A member's click on an active broker, in one transaction: their broker
 * account (created on the first click), its click count and first/last
 * click times, a broker_clicks row. Answers the affiliate link to redirect
 * to (only ever the stored template); 404 for an unknown or inactive slug.
 */
export function recordBrokerClick(
	userId: number,
	slug: string,
	now = new Date(),
	traderSlug: string | null = null,
): Result<{ url: string; trackingId: string; brokerId: number }> {
	const result = write((tx) => {
		const broker = tx
			.select({ id: brokers.id, affiliateUrl: brokers.affiliateUrl })
			.from(brokers)
			.where(and(eq(brokers.slug, slug), eq(brokers.active, true)))
			.get()
		if (!broker) return fail(404, BROKER_MESSAGES.notFound)
		const account = getOrCreateBrokerAccount(tx, userId, broker.id)
		tx.update(brokerAccounts)
			.set({
				clickCount: sql`${brokerAccounts.clickCount} + 1`,
				firstClickAt: account.firstClickAt ?? now,
				lastClickAt: now,
			})
			.where(eq(brokerAccounts.id, account.id))
			.run()
		// From a trader's Copy button (`?trader=<slug>`, decision 056): a listed
		// or watch trader gains a follower the first time this member uses it.
		const trader = traderSlug
			? tx
					.select({ id: traders.id })
					.from(traders)
					.where(and(eq(traders.slug, traderSlug), inArray(traders.status, ['listed', 'watch'])))
					.get()
			: undefined
		const traderId = trader?.id ?? null
		if (traderId !== null) {
			const seen = tx
				.select({ id: brokerClicks.id })
				.from(brokerClicks)
				.where(and(eq(brokerClicks.traderId, traderId), eq(brokerClicks.userId, userId)))
				.limit(1)
				.get()
			if (!seen) {
				tx.update(traders)
					.set({ followers: sql`${traders.followers} + 1` })
					.where(eq(traders.id, traderId))
					.run()
			}
		}
		tx.insert(brokerClicks).values({ brokerId: broker.id, userId, traderId, createdAt: now }).run()
		return ok({
			url: affiliateLink(broker.affiliateUrl, account.trackingId),
			trackingId: account.trackingId,
			brokerId: broker.id,
		})
	})
	if (result.ok) log('broker.click', { userId, brokerId: result.value.brokerId })
	return result
}

/**
 * The partner brokers a fresh install starts with (today's three, from
 * app/content/dashboard.ts's seed data). By slug and idempotent: a broker
 * that exists (edited or deactivated by staff) is left as it is.
 */
export function ensureSeedBrokers(seeds: readonly BrokerInput[], now = new Date()) {
	const db = getDb()
	let created = 0
	for (const seed of seeds) {
		const row = write(
			(tx) =>
				tx
					.insert(brokers)
					.values({ ...seed, active: true, createdAt: now })
					.onConflictDoNothing({ target: brokers.slug })
					.returning({ id: brokers.id })
					.get(),
			db,
		)
		if (row) created++
	}
	return created
}
