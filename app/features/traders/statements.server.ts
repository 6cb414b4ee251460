import { createHash } from 'node:crypto'
import { and, eq, gte, inArray, lte, max, min, count, lt } from 'drizzle-orm'
import type { StatementKind } from '#app/domain/enums.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Failure, type Result } from '#app/utils/result.ts'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { traderEquity, traders, traderStatements, traderStatementUploads, traderTrades } from '#db/schema.ts'
import { alertRaisedFlags } from './jobs.server.ts'
import { findRow, insertStatementRows, recomputeTrader, toStaffTrader } from './registry.server.ts'
import type { StatementApplied, StatementPreview } from './responses.server.ts'
import {
	checkTradesWithinEquity,
	parseEquityCsv,
	parseTradesCsv,
	STATEMENT_LIMITS,
	type EquityRow,
	type TradeRow,
} from './statements-csv.server.ts'
import { TRADER_MESSAGES } from './schemas.ts'

/**
 * A trader's statements (issue 39 part 2): upload -> preview (every bad
 * row by line and reason) -> apply (one transaction, audited, the figures
 * recomputed in it) -> replace, for the page and the API alike, as the
 * broker reports' import does. The file format is in
 * docs/trader-statements.md; its syntax is checked by
 * statements-csv.server.ts, and here what needs the database:
 *
 * - equity: an upload whose dates overlap the stored ones is refused with
 *   409 unless `replace`, which replaces the stored rows of the file's
 *   date range with the file's; one that starts after the last stored
 *   date appends (the gap rule holds across the join too);
 * - trades: tickets unique per trader (a stored ticket again is an
 *   overlap: 409 unless `replace`, which replaces those trades), and every
 *   trade closes within the equity statement's dates (stored, or the
 *   equity rows of the same trader).
 */

export const STATEMENT_MESSAGES = {
	overlap: (kind: StatementKind) =>
		kind === 'equity'
			? 'This file covers dates that are stored already: send it again with replace to replace those days with the file.'
			: 'This file has tickets that are stored already: send it again with replace to replace those trades with the file.',
	badRows: (bad: number) =>
		`The file has ${bad} bad row${bad === 1 ? '' : 's'}; nothing was stored. Fix them and upload it again.`,
	fileProblem: 'The file cannot be read; nothing was stored.',
	joinGap: (last: string, first: string) =>
		`The file starts on ${first}, more than ${STATEMENT_LIMITS.maxGapDays} days after the last stored date ${last}.`,
	noEquity: 'Upload the daily equity statement first: trades must close within its dates.',
	applied: (kind: StatementKind, rows: number) =>
		`${kind === 'equity' ? 'Equity' : 'Trades'} statement applied: ${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}; the figures were recomputed.`,
	replaced: (kind: StatementKind, rows: number, replaced: number) =>
		`${kind === 'equity' ? 'Equity' : 'Trades'} statement applied: ${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}, replacing ${replaced.toLocaleString('en-US')} stored; the figures were recomputed.`,
	uploadGone: 'This upload has expired or was applied already; upload the file again.',
} as const

export type { StatementApplied, StatementPreview }
export type StatementFailure = Failure & { preview?: StatementPreview }

export function sha256Hex(content: string) {
	return createHash('sha256').update(content).digest('hex')
}

type Checked = {
	preview: StatementPreview
	equity: EquityRow[]
	trades: TradeRow[]
}

function storedEquityRange(db: Db | Tx, traderId: number) {
	const row = db
		.select({ from: min(traderEquity.date), to: max(traderEquity.date) })
		.from(traderEquity)
		.where(eq(traderEquity.traderId, traderId))
		.get()
	return row?.from && row.to ? { from: row.from, to: row.to } : null
}

function daysBetween(a: string, b: string) {
	return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

/** Reads the file and checks it against what is stored; nothing is written. */
function checkStatement(
	db: Db | Tx,
	traderId: number,
	kind: StatementKind,
	fileName: string,
	content: string,
): Checked {
	const parsed = kind === 'equity' ? parseEquityCsv(content) : parseTradesCsv(content)
	const base = { kind, fileName, contentSha256: sha256Hex(content) }
	if (!parsed.ok) {
		return {
			preview: {
				...base,
				rows: 0,
				from: null,
				to: null,
				fileError: parsed.fileError,
				errors: [],
				errorCount: 0,
				badRows: 0,
				overlapRows: 0,
				appends: false,
				canApply: false,
			},
			equity: [],
			trades: [],
		}
	}
	const errors = [...parsed.errors]
	let fileError: string | null = null
	let overlapRows = 0
	let appends = false
	let from: string | null = null
	let to: string | null = null
	let equity: EquityRow[] = []
	let trades: TradeRow[] = []
	const stored = storedEquityRange(db, traderId)
	if (kind === 'equity') {
		equity = parsed.rows as EquityRow[]
		from = equity.at(0)?.date ?? null
		to = equity.at(-1)?.date ?? null
		if (from && to && stored) {
			if (from > stored.to) {
				appends = true
				if (daysBetween(stored.to, from) > STATEMENT_LIMITS.maxGapDays)
					fileError = STATEMENT_MESSAGES.joinGap(stored.to, from)
			} else {
				overlapRows =
					db
						.select({ n: count() })
						.from(traderEquity)
						.where(and(eq(traderEquity.traderId, traderId), gte(traderEquity.date, from), lte(traderEquity.date, to)))
						.get()?.n ?? 0
			}
		}
	} else {
		trades = parsed.rows as TradeRow[]
		const closes = trades.map((t) => t.closedAt.slice(0, 10)).sort()
		from = closes.at(0) ?? null
		to = closes.at(-1) ?? null
		if (!stored) {
			if (trades.length > 0) fileError = STATEMENT_MESSAGES.noEquity
		} else {
			errors.push(...checkTradesWithinEquity(trades, stored))
		}
		const tickets = trades.map((t) => t.ticket)
		for (let i = 0; i < tickets.length; i += 500) {
			overlapRows +=
				db
					.select({ n: count() })
					.from(traderTrades)
					.where(and(eq(traderTrades.traderId, traderId), inArray(traderTrades.ticket, tickets.slice(i, i + 500))))
					.get()?.n ?? 0
		}
	}
	errors.sort((a, b) => a.line - b.line)
	const badLines = new Set(errors.map((e) => e.line))
	if (kind === 'trades') trades = trades.filter((t) => !badLines.has(t.line))
	return {
		preview: {
			...base,
			rows: parsed.rowCount,
			from,
			to,
			fileError,
			errors: errors.slice(0, STATEMENT_LIMITS.listedErrors),
			errorCount: errors.length,
			badRows: badLines.size + (parsed.badRows - new Set(parsed.errors.map((e) => e.line)).size),
			overlapRows,
			appends,
			canApply: fileError === null && errors.length === 0 && parsed.rowCount > 0,
		},
		equity,
		trades,
	}
}

function traderExists(db: Db | Tx, traderId: number) {
	return db.select({ id: traders.id }).from(traders).where(eq(traders.id, traderId)).get() !== undefined
}

/** The preview of a statement file (nothing written); 404 for an unknown trader. */
export function previewStatement(
	traderId: number,
	kind: StatementKind,
	fileName: string,
	content: string,
): Result<StatementPreview> {
	const db = getDb()
	if (!traderExists(db, traderId)) return fail(404, TRADER_MESSAGES.notFound)
	return ok(checkStatement(db, traderId, kind, fileName, content).preview)
}

/**
 * Applies a statement file in one immediate transaction: 404 unknown
 * trader; 422 a bad file or bad rows (with the preview; nothing stored);
 * 409 when it overlaps stored rows and `replace` is not set (with the
 * preview). Then the rows are written (the overlapping ones replaced),
 * the statement recorded and audited (trader.statement.apply, or
 * trader.statement.replace when it replaced rows), and the figures
 * recomputed in the same transaction.
 */
export function applyStatement(
	admin: AuditActor,
	input: { traderId: number; kind: StatementKind; fileName: string; content: string },
	options: { replace: boolean },
	now = new Date(),
): Result<StatementApplied> | StatementFailure {
	const { traderId, kind, fileName, content } = input
	const result = write((tx): Result<StatementApplied> | StatementFailure => {
		if (!traderExists(tx, traderId)) return fail(404, TRADER_MESSAGES.notFound)
		const checked = checkStatement(tx, traderId, kind, fileName, content)
		const { preview } = checked
		if (preview.fileError !== null) return { ...fail(422, preview.fileError), preview }
		if (!preview.canApply) return { ...fail(422, STATEMENT_MESSAGES.badRows(preview.badRows)), preview }
		if (preview.overlapRows > 0 && !options.replace) return { ...fail(409, STATEMENT_MESSAGES.overlap(kind)), preview }
		let replacedRows = 0
		if (kind === 'equity') {
			if (preview.overlapRows > 0 && preview.from && preview.to) {
				replacedRows = tx
					.delete(traderEquity)
					.where(
						and(
							eq(traderEquity.traderId, traderId),
							gte(traderEquity.date, preview.from),
							lte(traderEquity.date, preview.to),
						),
					)
					.run().changes
			}
			insertStatementRows(traderId, { equity: checked.equity })
		} else {
			const tickets = checked.trades.map((t) => t.ticket)
			if (preview.overlapRows > 0) {
				for (let i = 0; i < tickets.length; i += 500) {
					replacedRows += tx
						.delete(traderTrades)
						.where(and(eq(traderTrades.traderId, traderId), inArray(traderTrades.ticket, tickets.slice(i, i + 500))))
						.run().changes
				}
			}
			insertStatementRows(traderId, { trades: checked.trades })
		}
		const statement = tx
			.insert(traderStatements)
			.values({
				traderId,
				kind,
				fileName,
				contentHash: preview.contentSha256,
				rowCount: preview.rows,
				fromDate: preview.from,
				toDate: preview.to,
				replacedRows,
				adminId: admin.id,
				adminEmail: admin.email,
				appliedAt: now,
			})
			.returning()
			.get()
		const recomputed = recomputeTrader(traderId, now, tx)!
		const row = findRow(tx, traderId)!.trader
		alertRaisedFlags(row, recomputed.figures.flags, recomputed.raised, now, tx)
		recordAudit(
			tx,
			{
				admin,
				action: replacedRows > 0 ? 'trader.statement.replace' : 'trader.statement.apply',
				targetType: 'trader',
				targetId: traderId,
				before: null,
				after: {
					statementId: statement.id,
					kind,
					fileName,
					contentSha256: preview.contentSha256,
					rows: preview.rows,
					from: preview.from,
					to: preview.to,
					replacedRows,
				},
			},
			now,
		)
		tx.delete(traderStatementUploads)
			.where(and(eq(traderStatementUploads.traderId, traderId), eq(traderStatementUploads.kind, kind)))
			.run()
		const trader = toStaffTrader(findRow(tx, traderId)!)
		return ok({
			statement: {
				id: statement.id,
				kind,
				fileName,
				rowCount: statement.rowCount,
				from: statement.fromDate,
				to: statement.toDate,
				replacedRows,
				appliedBy: admin.email,
				appliedAt: now.toISOString(),
			},
			trader,
			rows: preview.rows,
			errors: [],
			metrics: trader.metrics,
			replaced: replacedRows > 0,
			raisedFlags: recomputed.raised,
		})
	})
	if (result.ok) {
		log('admin.trader_statement_applied', {
			adminId: admin.id,
			traderId,
			kind,
			rows: result.value.rows,
			replaced: result.value.replaced,
		})
	}
	return result
}

export function appliedStatementMessage(applied: StatementApplied) {
	const { statement } = applied
	return statement.replacedRows > 0
		? STATEMENT_MESSAGES.replaced(statement.kind, applied.rows, statement.replacedRows)
		: STATEMENT_MESSAGES.applied(statement.kind, applied.rows)
}

/** Uploads older than this are discarded. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Keeps an uploaded file for the page's confirm step (one per trader,
 * kind and staff member; older ones of the same and any over a day old
 * removed).
 */
export function storeStatementUpload(
	adminId: number,
	traderId: number,
	kind: StatementKind,
	fileName: string,
	content: string,
	now = new Date(),
): number {
	return write((tx) => {
		tx.delete(traderStatementUploads)
			.where(lt(traderStatementUploads.createdAt, new Date(now.getTime() - UPLOAD_TTL_MS)))
			.run()
		tx.delete(traderStatementUploads)
			.where(
				and(
					eq(traderStatementUploads.traderId, traderId),
					eq(traderStatementUploads.adminId, adminId),
					eq(traderStatementUploads.kind, kind),
				),
			)
			.run()
		return tx
			.insert(traderStatementUploads)
			.values({ traderId, adminId, kind, fileName, contentHash: sha256Hex(content), content, createdAt: now })
			.returning({ id: traderStatementUploads.id })
			.get().id
	})
}

/** A kept upload of this staff member for this trader, else null. */
export function getStatementUpload(adminId: number, traderId: number, uploadId: number, now = new Date()) {
	const row = getDb()
		.select()
		.from(traderStatementUploads)
		.where(
			and(
				eq(traderStatementUploads.id, uploadId),
				eq(traderStatementUploads.traderId, traderId),
				eq(traderStatementUploads.adminId, adminId),
			),
		)
		.get()
	if (!row || row.createdAt.getTime() < now.getTime() - UPLOAD_TTL_MS) return null
	return row
}
