import crypto from 'node:crypto'
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import {
	admins,
	brokerAccounts,
	brokerReportRows,
	brokerReports,
	brokerReportUploads,
	brokers,
	traders,
	type SelectBroker,
	type SelectBrokerReport,
} from '#db/schema.ts'
import { BROKER_REPORT_LIMITS, BROKER_REPORT_MESSAGES } from '#app/features/broker-reports/schemas.ts'
import { parseReportCsv, type ParsedRow, type RowProblem } from '#app/features/broker-reports/csv.server.ts'
import { formatMonth } from '#app/utils/admin-format.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Failure, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { rescoreContests } from '#app/features/contests/scoring.server.ts'
import { insertRevenueEntry, voidRevenueIn } from '#app/features/revenue/revenue.server.ts'
import { PAST_STATUSES, VISIBLE_STATUSES } from '#app/features/traders/traders.server.ts'
import {
	newOutcomeChanges,
	recordCopierMonths,
	refreshOutcomes,
	removeCopierMonths,
	type OutcomeChanges,
} from '#app/features/copier-outcomes/outcomes.server.ts'
import type {
	BrokerReportState,
	PublicBrokerReport,
	ReportPreview,
	ReportRowError,
	ReportTotals,
} from './responses.server.ts'

/**
 * Broker report import (issue 14 part 3; docs/broker-reports.md and
 * docs/decisions/020-broker-report-import.md). The rules live here once;
 * the page /admin/brokers/:slug/reports and POST /api/admin/brokers/:slug/reports
 * both call them.
 *
 * - `previewReport` checks every row (syntax in
 *   app/features/broker-reports/csv.server.ts, then each tracking id against
 *   broker_accounts in chunked IN lookups) and says whether the file (its
 *   SHA-256) or the broker and month were applied already. Nothing is
 *   written.
 * - `applyReport` does the same checks again inside ONE immediate
 *   transaction and, only when every row is good, writes the report and
 *   its rows, adds each member's deposits and withdrawals (dollars) to
 *   `users.totalDeposit`/`totalWithdraw`, records the commission as a
 *   revenue entry (the revenue model's own insert path, audited), writes
 *   the audit rows and rescores the deposit and trading contests. With
 *   `replace`, the earlier applied report of that broker and month (or the
 *   same file) is reversed first in the same transaction: marked reversed
 *   and replaced, its members' totals subtracted, its revenue entry voided.
 *   Without it a second apply is a 409. A replace by the very file that is
 *   applied for that broker and month changes nothing (`alreadyApplied`),
 *   so a retried replace is idempotent. A report with any bad row is a 422
 *   and stores nothing: staff fix the file and upload it again.
 */

export { BROKER_REPORT_MESSAGES }

export type { BrokerReportState, PublicBrokerReport, ReportPreview, ReportRowError, ReportTotals }

/** What an apply refuses with: the preview comes with a 422 (bad rows) and a 409 (needs a replace). */
export type ApplyFailure = Failure & { preview?: ReportPreview }

/** A row ready to be written: the member (and the trader) it names, amounts in cents. */
type CheckedRow = ParsedRow & { accountId: number; userId: number; traderId: number | null }

const LOOKUP_CHUNK = 500

export function sha256Hex(content: string) {
	return crypto.createHash('sha256').update(content, 'utf8').digest('hex')
}

const cents = (value: number) => value / 100

export function findBroker(slug: string, db: Db | Tx = getDb()): SelectBroker | null {
	return db.select().from(brokers).where(eq(brokers.slug, slug)).get() ?? null
}

function toPublic(row: SelectBrokerReport, brokerSlug: string, appliedBy: string | null): PublicBrokerReport {
	return {
		id: row.id,
		brokerSlug,
		month: row.month,
		fileName: row.fileName,
		rowCount: row.rowCount,
		deposits: cents(row.depositsCents),
		withdrawals: cents(row.withdrawalsCents),
		volume: cents(row.volumeCents),
		commission: cents(row.commissionCents),
		revenueEntryId: row.revenueEntryId,
		appliedAt: row.appliedAt.toISOString(),
		appliedBy,
		reversedAt: row.reversedAt ? row.reversedAt.toISOString() : null,
		replacedById: row.replacedById,
		state: row.reversedAt === null ? 'applied' : row.replacedById !== null ? 'replaced' : 'reversed',
	}
}

function adminEmail(db: Db | Tx, adminId: number | null) {
	if (adminId === null) return null
	return db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId)).get()?.email ?? null
}

/** The applied (not reversed) reports a new one for `broker` and `month` with this hash would collide with. */
function appliedCollisions(db: Db | Tx, brokerId: number, month: string, hash: string) {
	return db
		.select()
		.from(brokerReports)
		.where(
			and(
				isNull(brokerReports.reversedAt),
				or(
					and(eq(brokerReports.brokerId, brokerId), eq(brokerReports.month, month)),
					eq(brokerReports.contentHash, hash),
				),
			),
		)
		.all()
}

/**
 * Every check of a report, no writes: the file's syntax, each tracking id
 * (one chunked IN lookup for all of them), the totals of the good rows and
 * the applied report it would collide with.
 */
function checkReport(
	db: Db | Tx,
	broker: SelectBroker,
	month: string,
	fileName: string,
	content: string,
): Result<{ preview: ReportPreview; rows: CheckedRow[]; collisions: SelectBrokerReport[] }> {
	const parsed = parseReportCsv(content, month)
	if (!parsed.ok && parsed.refuse) return fail(422, parsed.fileError)
	const hash = sha256Hex(content)
	const collisions = appliedCollisions(db, broker.id, month, hash)
	const applied = collisions[0] ?? null
	const base = {
		broker: { slug: broker.slug, name: broker.name },
		month,
		fileName,
		contentSha256: hash,
		applied: applied ? toPublic(applied, broker.slug, adminEmail(db, applied.adminId)) : null,
		sameFile: collisions.some((c) => c.contentHash === hash),
	}
	if (!parsed.ok) {
		const totals = { rows: 0, members: 0, deposits: 0, withdrawals: 0, volume: 0, commission: 0 }
		const preview: ReportPreview = {
			...base,
			rowCount: 0,
			totals,
			fileError: parsed.fileError,
			errors: [],
			errorCount: 0,
			badRows: 0,
			canApply: false,
		}
		return ok({ preview, rows: [], collisions })
	}

	const accounts = new Map<string, { id: number; userId: number; brokerId: number }>()
	const ids = parsed.rows.map((r) => r.trackingId)
	for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
		const found = db
			.select({
				id: brokerAccounts.id,
				userId: brokerAccounts.userId,
				brokerId: brokerAccounts.brokerId,
				trackingId: brokerAccounts.trackingId,
			})
			.from(brokerAccounts)
			.where(inArray(brokerAccounts.trackingId, ids.slice(i, i + LOOKUP_CHUNK)))
			.all()
		for (const a of found) accounts.set(a.trackingId, a)
	}
	// The optional trader column: slugs of traders members can see (listed, watch, suspended, retired).
	const traderIds = new Map<string, number>()
	const slugs = [...new Set(parsed.rows.flatMap((r) => (r.traderSlug === null ? [] : [r.traderSlug])))]
	for (let i = 0; i < slugs.length; i += LOOKUP_CHUNK) {
		const found = db
			.select({ id: traders.id, slug: traders.slug })
			.from(traders)
			.where(
				and(
					inArray(traders.slug, slugs.slice(i, i + LOOKUP_CHUNK)),
					inArray(traders.status, [...VISIBLE_STATUSES, ...PAST_STATUSES]),
				),
			)
			.all()
		for (const t of found) traderIds.set(t.slug, t.id)
	}
	const problems: RowProblem[] = [...parsed.problems]
	const rows: CheckedRow[] = []
	const totals = { deposits: 0, withdrawals: 0, volume: 0, commission: 0 }
	const members = new Set<number>()
	for (const row of parsed.rows) {
		const account = accounts.get(row.trackingId)
		const traderId = row.traderSlug === null ? null : (traderIds.get(row.traderSlug) ?? null)
		if (row.traderSlug !== null && traderId === null) {
			problems.push({
				line: row.line,
				kind: 'unknown_trader',
				message: `trader ${JSON.stringify(row.traderSlug)} is not the slug of a trader members can see (listed, watch, suspended or retired).`,
			})
		}
		if (!account) {
			problems.push({
				line: row.line,
				kind: 'unknown_tracking_id',
				message: `tracking_id ${JSON.stringify(row.trackingId)} is not a member's tracking id.`,
			})
		} else if (account.brokerId !== broker.id) {
			problems.push({
				line: row.line,
				kind: 'other_broker',
				message: `tracking_id ${JSON.stringify(row.trackingId)} belongs to another broker.`,
			})
		} else if (row.traderSlug === null || traderId !== null) {
			rows.push({ ...row, accountId: account.id, userId: account.userId, traderId })
			members.add(account.userId)
			totals.deposits += row.depositsCents
			totals.withdrawals += row.withdrawalsCents
			totals.volume += row.volumeCents
			totals.commission += row.commissionCents
		}
	}
	problems.sort((a, b) => a.line - b.line)
	const preview: ReportPreview = {
		...base,
		rowCount: parsed.rowCount,
		totals: {
			rows: rows.length,
			members: members.size,
			deposits: cents(totals.deposits),
			withdrawals: cents(totals.withdrawals),
			volume: cents(totals.volume),
			commission: cents(totals.commission),
		},
		fileError: null,
		errors: problems.slice(0, BROKER_REPORT_LIMITS.listedErrors),
		errorCount: problems.length,
		badRows: new Set(problems.map((p) => p.line)).size,
		canApply: problems.length === 0 && rows.length > 0,
	}
	return ok({ preview, rows, collisions })
}

/**
 * The preview of a report file for a broker (by slug) and month: every
 * row checked, nothing written. 404 for an unknown broker; 422 for a file
 * of more than 50,000 data rows (counted before anything is parsed).
 */
export function previewReport(
	brokerSlug: string,
	month: string,
	fileName: string,
	content: string,
): Result<ReportPreview> {
	const db = getDb()
	const broker = findBroker(brokerSlug, db)
	if (!broker) return fail(404, BROKER_REPORT_MESSAGES.brokerNotFound)
	const checked = checkReport(db, broker, month, fileName, content)
	return checked.ok ? ok(checked.value.preview) : checked
}

/** Per member: the sums of their rows (a member has one row per report, but sum anyway). */
function memberSums(rows: Array<{ userId: number | null; depositsCents: number; withdrawalsCents: number }>) {
	const sums = new Map<number, { deposits: number; withdrawals: number }>()
	for (const row of rows) {
		if (row.userId === null) continue
		const sum = sums.get(row.userId) ?? { deposits: 0, withdrawals: 0 }
		sum.deposits += row.depositsCents
		sum.withdrawals += row.withdrawalsCents
		sums.set(row.userId, sum)
	}
	return sums
}

/**
 * Adds (sign 1) or subtracts (sign -1) each member's sums to their totals
 * in dollars: one prepared UPDATE per member, rounded to the cent.
 */
function moveMemberTotals(sums: Map<number, { deposits: number; withdrawals: number }>, sign: 1 | -1) {
	const update = getDb().$client.prepare(
		'update users set total_deposit = round(total_deposit + ?, 2), total_withdraw = round(total_withdraw + ?, 2) where id = ?',
	)
	for (const [userId, sum] of sums) {
		if (sum.deposits === 0 && sum.withdrawals === 0) continue
		update.run((sign * sum.deposits) / 100, (sign * sum.withdrawals) / 100, userId)
	}
}

function auditValue(row: SelectBrokerReport, brokerSlug: string) {
	return {
		broker: brokerSlug,
		month: row.month,
		fileName: row.fileName,
		contentSha256: row.contentHash,
		rowCount: row.rowCount,
		depositsCents: row.depositsCents,
		withdrawalsCents: row.withdrawalsCents,
		volumeCents: row.volumeCents,
		commissionCents: row.commissionCents,
		revenueEntryId: row.revenueEntryId,
	}
}

/**
 * Reverses an applied report in the caller's transaction: reversedAt (and
 * replacedById when a new report replaces it), its members' totals
 * subtracted, its revenue entry voided with a reason naming the new report
 * (an entry staff voided already stays as it is), an audit row
 * (broker-report.reverse). Answers the members it touched.
 */
function reverseReport(
	tx: Tx,
	admin: AuditActor,
	report: SelectBrokerReport,
	brokerSlug: string,
	reason: string,
	now: Date,
	outcomeChanges: OutcomeChanges,
): number[] {
	const rows = tx
		.select({
			userId: brokerReportRows.userId,
			depositsCents: brokerReportRows.depositsCents,
			withdrawalsCents: brokerReportRows.withdrawalsCents,
		})
		.from(brokerReportRows)
		.where(eq(brokerReportRows.reportId, report.id))
		.all()
	const sums = memberSums(rows)
	moveMemberTotals(sums, -1)
	removeCopierMonths(tx, report.id, outcomeChanges)
	tx.update(brokerReports).set({ reversedAt: now }).where(eq(brokerReports.id, report.id)).run()
	if (report.revenueEntryId !== null) {
		// A 409 (voided by staff already) or 404 (deleted) leaves nothing to undo.
		voidRevenueIn(tx, admin, report.revenueEntryId, reason, now)
	}
	recordAudit(
		tx,
		{
			admin,
			action: 'broker-report.reverse',
			targetType: 'broker-report',
			targetId: report.id,
			before: { ...auditValue(report, brokerSlug), reversedAt: null },
			after: { ...auditValue(report, brokerSlug), reversedAt: now, reason },
		},
		now,
	)
	return [...sums.keys()]
}

function isUniqueViolation(error: unknown) {
	return (error as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/**
 * Applies a report (see the module comment) in one immediate transaction:
 * 404 unknown broker, 422 bad rows or a bad file (with the preview; nothing
 * stored), 409 when the month or the file was applied already and
 * `replace` is not set (with the preview). 201-worthy success: the new
 * report and the ones it replaced.
 */
export function applyReport(
	admin: AuditActor,
	input: { brokerSlug: string; month: string; fileName: string; content: string },
	options: { replace: boolean },
	now = new Date(),
): Result<AppliedReport> | ApplyFailure {
	const db = getDb()
	let outcome:
		| Result<{
				report: SelectBrokerReport
				replaced: SelectBrokerReport[]
				broker: SelectBroker
				alreadyApplied: boolean
		  }>
		| ApplyFailure
	try {
		outcome = write((tx): typeof outcome => {
			const broker = findBroker(input.brokerSlug, tx)
			if (!broker) return fail(404, BROKER_REPORT_MESSAGES.brokerNotFound)
			const checked = checkReport(tx, broker, input.month, input.fileName, input.content)
			if (!checked.ok) return checked
			const { preview, rows, collisions } = checked.value
			if (preview.fileError) return { ...fail(422, preview.fileError), preview }
			if (!preview.canApply) return { ...fail(422, BROKER_REPORT_MESSAGES.hasErrors(preview.badRows)), preview }
			// A replace by the very file applied for this broker and month (a retried
			// request, a second click) would reverse it only to apply the same rows
			// again: it changes nothing and says so (issue 37 part 4).
			const same = collisions.find(
				(c) => c.contentHash === preview.contentSha256 && c.brokerId === broker.id && c.month === input.month,
			)
			if (same && collisions.length === 1 && options.replace) {
				return ok({ report: same, replaced: [], broker, alreadyApplied: true })
			}
			if (collisions.length > 0 && !options.replace) {
				const message = preview.sameFile
					? BROKER_REPORT_MESSAGES.sameFileApplied(collisions[0]!.month)
					: BROKER_REPORT_MESSAGES.alreadyApplied(input.month)
				return { ...fail(409, message), preview }
			}

			const touched = new Set<number>()
			const outcomeChanges = newOutcomeChanges()
			for (const old of collisions) {
				const reason = `Replaced by a new ${broker.name} report for ${formatMonth(input.month)} (file ${input.fileName || 'without a name'}, applied ${now.toISOString()})`
				for (const userId of reverseReport(tx, admin, old, broker.slug, reason, now, outcomeChanges)) {
					touched.add(userId)
				}
			}

			const sum = (key: 'depositsCents' | 'withdrawalsCents' | 'volumeCents' | 'commissionCents') =>
				rows.reduce((total, row) => total + row[key], 0)
			const commissionCents = sum('commissionCents')
			const revenue =
				commissionCents > 0
					? insertRevenueEntry(
							tx,
							admin,
							{ broker: broker.name, month: input.month, amountCents: commissionCents },
							now,
						)
					: null
			const report = tx
				.insert(brokerReports)
				.values({
					brokerId: broker.id,
					month: input.month,
					contentHash: preview.contentSha256,
					fileName: input.fileName,
					rowCount: rows.length,
					depositsCents: sum('depositsCents'),
					withdrawalsCents: sum('withdrawalsCents'),
					volumeCents: sum('volumeCents'),
					commissionCents,
					revenueEntryId: revenue?.id ?? null,
					adminId: admin.id,
					appliedAt: now,
				})
				.returning()
				.get()
			const insertRow = getDb().$client.prepare(
				'insert into broker_report_rows (report_id, line, broker_account_id, user_id, deposits_cents, withdrawals_cents, volume_cents, commission_cents, trader_id, net_result_cents) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
			)
			for (const row of rows) {
				insertRow.run(
					report.id,
					row.line,
					row.accountId,
					row.userId,
					row.depositsCents,
					row.withdrawalsCents,
					row.volumeCents,
					row.commissionCents,
					row.traderId,
					row.netResultCents,
				)
			}
			// What copiers earned: the rows naming a trader, and the touched traders' figures (decision 061).
			recordCopierMonths(tx, report, rows, outcomeChanges)
			refreshOutcomes(tx, outcomeChanges, now)
			const sums = memberSums(rows)
			moveMemberTotals(sums, 1)
			for (const userId of sums.keys()) touched.add(userId)

			const replaced: SelectBrokerReport[] = []
			for (const old of collisions) {
				replaced.push(
					tx
						.update(brokerReports)
						.set({ replacedById: report.id })
						.where(eq(brokerReports.id, old.id))
						.returning()
						.get(),
				)
			}
			recordAudit(
				tx,
				{
					admin,
					action: collisions.length > 0 ? 'broker-report.replace' : 'broker-report.apply',
					targetType: 'broker-report',
					targetId: report.id,
					before: collisions.length > 0 ? { replacedReportIds: collisions.map((c) => c.id) } : null,
					after: auditValue(report, broker.slug),
				},
				now,
			)
			// The deposit and trading contests follow the reversed and the new rows (one call covers both).
			rescoreContests(tx, { types: ['deposit', 'trading'], userIds: [...touched] }, now)
			tx.delete(brokerReportUploads)
				.where(and(eq(brokerReportUploads.brokerId, broker.id), eq(brokerReportUploads.adminId, admin.id ?? -1)))
				.run()
			return ok({ report, replaced, broker, alreadyApplied: false })
		}, db)
	} catch (error) {
		// Another apply of the same month or file won the race: the partial unique indexes refuse this one.
		if (isUniqueViolation(error)) return fail(409, BROKER_REPORT_MESSAGES.alreadyApplied(input.month))
		throw error
	}
	if (!outcome.ok) return outcome
	const { report, replaced, broker, alreadyApplied } = outcome.value
	if (alreadyApplied) {
		return ok({ report: toPublic(report, broker.slug, adminEmail(db, report.adminId)), replaced: [], alreadyApplied })
	}
	log('admin.broker_report_applied', {
		adminId: admin.id,
		reportId: report.id,
		broker: broker.slug,
		month: report.month,
		rows: report.rowCount,
		replaced: replaced.map((r) => r.id),
	})
	return ok({
		report: toPublic(report, broker.slug, admin.email),
		replaced: replaced.map((r) => toPublic(r, broker.slug, adminEmail(db, r.adminId))),
		alreadyApplied,
	})
}

/**
 * What an apply did: the report now applied and the ones it replaced; or,
 * with `alreadyApplied`, nothing at all (a replace by the file applied
 * already for that broker and month: `report` is that one, `replaced` empty).
 */
export type AppliedReport = { report: PublicBrokerReport; replaced: PublicBrokerReport[]; alreadyApplied: boolean }

/** The words for a successful apply (page flash and API message alike). */
export function appliedMessage({ report, replaced, alreadyApplied }: AppliedReport) {
	if (alreadyApplied) return BROKER_REPORT_MESSAGES.sameFileKept(report.month)
	return replaced.length > 0
		? BROKER_REPORT_MESSAGES.replaced(report.month, report.rowCount)
		: BROKER_REPORT_MESSAGES.applied(report.month, report.rowCount)
}

/** A broker's reports, applied, replaced and reversed, newest month first. */
export function listBrokerReports(brokerSlug: string, limit = 120): PublicBrokerReport[] | null {
	const db = getDb()
	const broker = findBroker(brokerSlug, db)
	if (!broker) return null
	return db
		.select({ report: brokerReports, email: admins.email })
		.from(brokerReports)
		.leftJoin(admins, eq(admins.id, brokerReports.adminId))
		.where(eq(brokerReports.brokerId, broker.id))
		.orderBy(desc(brokerReports.month), desc(brokerReports.appliedAt), desc(brokerReports.id))
		.limit(limit)
		.all()
		.map((r) => toPublic(r.report, broker.slug, r.email))
}

// ---------------------------------------------------------------------------
// Uploads waiting for their confirmation (the page: the confirm form posts the upload id only).

export type ReportUpload = { id: number; month: string; fileName: string; content: string; createdAt: Date }

/**
 * Keeps an uploaded file until staff confirm it: uploads older than a day
 * (anyone's) and this admin's earlier upload for this broker are removed
 * first. 404 for an unknown broker.
 */
export function storeUpload(
	admin: AuditActor,
	input: { brokerSlug: string; month: string; fileName: string; content: string },
	now = new Date(),
): Result<{ id: number }> {
	return write((tx) => {
		const broker = findBroker(input.brokerSlug, tx)
		if (!broker) return fail(404, BROKER_REPORT_MESSAGES.brokerNotFound)
		tx.delete(brokerReportUploads)
			.where(
				or(
					lt(brokerReportUploads.createdAt, new Date(now.getTime() - BROKER_REPORT_LIMITS.uploadTtlMs)),
					and(eq(brokerReportUploads.brokerId, broker.id), eq(brokerReportUploads.adminId, admin.id ?? -1)),
				),
			)
			.run()
		const row = tx
			.insert(brokerReportUploads)
			.values({
				brokerId: broker.id,
				adminId: admin.id,
				month: input.month,
				fileName: input.fileName,
				contentHash: sha256Hex(input.content),
				content: input.content,
				createdAt: now,
			})
			.returning({ id: brokerReportUploads.id })
			.get()
		return ok(row)
	})
}

/** This admin's upload for this broker, if it is less than a day old. */
export function getUpload(
	adminId: number,
	brokerSlug: string,
	uploadId: number,
	now = new Date(),
): ReportUpload | null {
	const db = getDb()
	const broker = findBroker(brokerSlug, db)
	if (!broker) return null
	const row = db
		.select()
		.from(brokerReportUploads)
		.where(
			and(
				eq(brokerReportUploads.id, uploadId),
				eq(brokerReportUploads.brokerId, broker.id),
				eq(brokerReportUploads.adminId, adminId),
			),
		)
		.get()
	if (!row || row.createdAt.getTime() < now.getTime() - BROKER_REPORT_LIMITS.uploadTtlMs) return null
	return { id: row.id, month: row.month, fileName: row.fileName, content: row.content, createdAt: row.createdAt }
}
