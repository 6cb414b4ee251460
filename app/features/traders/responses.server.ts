import { BrokerCostSchema, PartnerBrokerSchema } from '#app/features/brokers/responses.server.ts'
import { STATEMENT_KINDS, TRADER_FLAG_CODES, TRADER_STATUSES } from '#app/domain/enums.ts'
import { count, id, isoDate, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What /api/member/traders* answer: the schemas describe the answers in the
 * OpenAPI document and are the models' types (`z.infer`).
 */

/** The zero-fee offers' risk levels (from the trader's risk score: app/features/offers/fee-offers.server.ts offerRisk). */
export const RISK_LEVELS = ['Low', 'Medium', 'High'] as const

// ---------------------------------------------------------------------------
// The registry's answers (/api/admin/traders*, issue 39).

const fraction = (description = 'A fraction (0.231 for 23.1%).') => z.number().nullable().openapi({ description })

export const TraderMetricsSchema = z
	.object({
		return1m: fraction('The return over the last calendar month; null with less history.'),
		return3m: fraction('The last 3 calendar months; null with less history.'),
		return12m: fraction('The last 12 calendar months; null with less history.'),
		returnSinceStart: fraction(),
		cagr: fraction('Null under 365 days.'),
		maxDrawdown: fraction(),
		currentDrawdown: fraction(),
		volatility: fraction('Annualised, of the last 12 months of daily returns; null under 20 returns.'),
		sharpe: z.number().nullable(),
		sortino: z.number().nullable(),
		calmar: z.number().nullable(),
		trades: count(),
		winRate: fraction('Null with no trades.'),
		profitFactor: z.number().nullable(),
		averageWin: z.number().nullable().openapi({ description: 'Account currency, positive.' }),
		averageLoss: z.number().nullable().openapi({ description: 'Account currency, negative.' }),
		expectancy: z.number().nullable().openapi({ description: 'The mean profit per trade, account currency.' }),
		averageHoldingHours: z.number().nullable(),
		noStopLossShare: fraction('Of the last 100 trades.'),
	})
	.strict()
	.openapi('TraderMetrics', { description: 'Null when it cannot be computed yet (too little history), never 0.' })

export const TraderFlagSchema = z
	.object({
		code: z.enum(TRADER_FLAG_CODES),
		detail: z.string(),
	})
	.strict()
	.openapi('TraderFlag')

const checklistItem = z.object({ done: z.boolean(), by: z.string().nullable(), at: isoDateTime().nullable() }).strict()

export const TraderChecklistStateSchema = z
	.object({
		identityChecked: checklistItem,
		brokerAccountVerified: checklistItem,
		statementSourceVerified: checklistItem,
		strategyMatchesTrades: checklistItem,
		riskAcceptable: checklistItem,
	})
	.strict()
	.openapi('TraderChecklist')

export const StaffTraderSchema = z
	.object({
		id: id(),
		slug: z.string(),
		name: z.string(),
		strategy: z.string(),
		markets: z.array(z.string()),
		brokerSlug: z.string(),
		brokerName: z.string(),
		accountRef: z.string(),
		country: z.string(),
		currency: z.string(),
		startDate: isoDate(),
		status: z.enum(TRADER_STATUSES),
		statusNote: z.string().openapi({ description: 'The note of the last review transition.' }),
		statusChangedAt: isoDateTime(),
		sample: z.boolean().openapi({ description: 'Sample data of a fresh install.' }),
		riskScore: z.number().int().min(1).max(10).nullable(),
		score: z.number().nullable().openapi({ description: 'The ranking score (RANKING_RULE); null without 12 months.' }),
		flags: z.array(TraderFlagSchema),
		statementsFrom: isoDate().nullable(),
		statementsUntil: isoDate().nullable().openapi({ description: 'The last statement date.' }),
		reviewedAt: isoDateTime().nullable(),
		reviewedBy: z.string().nullable(),
		nextReviewDate: isoDate().nullable(),
		checklist: TraderChecklistStateSchema,
		metrics: TraderMetricsSchema,
		computedAt: isoDateTime().nullable(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
	})
	.strict()
	.openapi('StaffTrader')
export type StaffTrader = z.infer<typeof StaffTraderSchema>

export const TraderReviewEntrySchema = z
	.object({
		id: id(),
		from: z.enum(TRADER_STATUSES),
		to: z.enum(TRADER_STATUSES),
		note: z.string(),
		adminEmail: z.string(),
		createdAt: isoDateTime(),
	})
	.strict()
	.openapi('TraderReviewEntry')
export type TraderReviewEntry = z.infer<typeof TraderReviewEntrySchema>

export const AppliedStatementSchema = z
	.object({
		id: id(),
		kind: z.enum(STATEMENT_KINDS),
		fileName: z.string(),
		rowCount: count(),
		from: isoDate().nullable(),
		to: isoDate().nullable(),
		replacedRows: count(),
		appliedBy: z.string(),
		appliedAt: isoDateTime(),
	})
	.strict()
	.openapi('TraderStatement')
export type AppliedStatement = z.infer<typeof AppliedStatementSchema>

export const StatementRowErrorSchema = z
	.object({
		line: z.number().int().min(1).openapi({ description: 'The line in the file (the header is line 1).' }),
		kind: z.string(),
		reason: z.string(),
	})
	.strict()

export const StatementPreviewSchema = z
	.object({
		kind: z.enum(STATEMENT_KINDS),
		fileName: z.string(),
		contentSha256: z.string().regex(/^[0-9a-f]{64}$/),
		rows: count().openapi({ description: 'Data rows in the file, good and bad.' }),
		from: isoDate().nullable(),
		to: isoDate().nullable(),
		fileError: z.string().nullable(),
		errors: z.array(StatementRowErrorSchema),
		errorCount: count(),
		badRows: count(),
		overlapRows: count().openapi({ description: 'Stored rows sharing dates or tickets with the file.' }),
		appends: z.boolean(),
		canApply: z.boolean(),
	})
	.strict()
	.openapi('TraderStatementPreview')
export type StatementPreview = z.infer<typeof StatementPreviewSchema>

export const StatementAppliedSchema = z
	.object({
		statement: AppliedStatementSchema,
		trader: StaffTraderSchema,
		rows: count(),
		errors: z.array(StatementRowErrorSchema).max(0),
		metrics: TraderMetricsSchema,
		replaced: z.boolean(),
		raisedFlags: z.array(z.string()),
	})
	.strict()
export type StatementApplied = z.infer<typeof StatementAppliedSchema>

// ---------------------------------------------------------------------------
// What members see (/api/member/traders*, issue 39 part 4, decision 056).

/** A trader as members see them, in the list and (with more) in the detail. */
const memberTraderFields = {
	id: z.string().openapi({ description: 'The slug, kept for older clients.' }),
	slug: z.string(),
	name: z.string(),
	status: z.enum(TRADER_STATUSES).openapi({ description: 'listed or watch; suspended or retired in `?status=past`.' }),
	statusNote: z.string().nullable().openapi({
		description: 'For watch, suspended and retired traders: the reason staff gave; null for listed ones.',
	}),
	sample: z.boolean().openapi({ description: 'Sample data of a fresh install, marked "Sample".' }),
	strategy: z.string(),
	markets: z.array(z.string()),
	currency: z.string().openapi({ description: 'The account currency of the statements (ISO 4217).' }),
	riskScore: z.number().int().min(1).max(10).nullable(),
	riskMeaning: z.string().openapi({ description: 'The risk score’s meaning (its volatility band).' }),
	score: z.number().nullable().openapi({ description: 'The ranking score (How we rank); null without 12 months.' }),
	return1w: fraction('The return over the last 7 days (the dashboard’s Weekly Return); null with less history.'),
	followers: count().openapi({ description: 'Distinct members who opened a partner broker link from this trader.' }),
	flags: z.array(TraderFlagSchema),
	statementsFrom: isoDate().nullable(),
	statementsUntil: isoDate().nullable().openapi({ description: 'The last statement date.' }),
	metrics: TraderMetricsSchema,
}

export const MemberTraderSchema = z.object(memberTraderFields).strict().openapi('MemberTrader')
export type MemberTrader = z.infer<typeof MemberTraderSchema>

export const MemberTraderDetailSchema = z
	.object({
		trader: z
			.object({
				...memberTraderFields,
				monthlyReturns: z
					.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), return: fraction() }).strict())
					.openapi({ description: 'Complete calendar months, oldest first.' }),
				periods: z
					.array(z.object({ from: isoDate(), to: isoDate(), return: fraction() }).strict())
					.max(5)
					.openapi({ description: 'Complete 12-month periods, newest first, at most 5.' }),
				drawdownSeries: z
					.array(z.object({ date: isoDate(), drawdown: z.number() }).strict())
					.openapi({ description: 'The drawdown from the running peak on each statement date (a fraction).' }),
				review: z
					.object({
						reviewedAt: isoDateTime().nullable(),
						nextReviewDate: isoDate().nullable(),
						text: z.string().openapi({ description: 'Begins "Reviewed by TradeCircle staff on".' }),
					})
					.strict(),
				source: z
					.object({
						text: z.string(),
						brokerName: z.string(),
						until: isoDate().nullable(),
					})
					.strict()
					.openapi({ description: 'Where the figures come from and the last statement date.' }),
			})
			.strict()
			.openapi('MemberTraderRecord'),
		broker: PartnerBrokerSchema.nullable().openapi({
			description:
				'The broker to copy with: the trader’s own broker when active, else the recommended active one, else the first; null when none is active.',
		}),
		brokerCosts: z.array(BrokerCostSchema).openapi({
			description:
				'What copying costs at every active partner broker that offers the trader (their own broker, and those with copy trading and a spread for their main market); empty for past traders (decision 060).',
		}),
	})
	.strict()
	.openapi('MemberTraderDetail')
/** A trader's detail: the trader's record and the broker to copy them with. */
export type MemberTraderDetail = z.infer<typeof MemberTraderDetailSchema>
