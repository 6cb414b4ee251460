import { randomUUID } from 'node:crypto'
import { makeE2eTrader } from '#tests/trader-factories.ts'
import { withE2eDatabase } from './admin-utils.ts'
import { reportCsv } from './broker-report-e2e-utils.ts'

/**
 * What copiers earned in the e2e database (decision 061): a trader of the
 * spec's own (retired, so the members' list of listed traders the other
 * specs read stays as it is; a past trader's page shows its outcomes too),
 * removed with its outcomes after the spec (foreign keys cascade), and the
 * report files naming it.
 */
export type OutcomesTrader = { slug: string; name: string }

export function createOutcomesTrader(): OutcomesTrader {
	const tag = randomUUID().slice(0, 8)
	const slug = `e2e-outcomes-${tag}`
	const name = `Odile E2E Outcomes ${tag}`
	makeE2eTrader({
		slug,
		name,
		brokerSlug: 'exness',
		status: 'retired',
		note: 'Retired: a test trader for the outcomes.',
		days: 60,
	})
	return { slug, name }
}

export function removeOutcomesTrader(trader: OutcomesTrader) {
	withE2eDatabase((db) => {
		db.pragma('foreign_keys = on')
		db.prepare('delete from traders where slug = ?').run(trader.slug)
	})
}

/**
 * A report for `month` where each tracking id copied `trader` with the
 * given net result (dollars) and deposits of $1,000 in its first month.
 */
export function outcomesReport(
	month: string,
	lines: Array<{ trackingId: string; trader: string; netResult: string; deposits?: string }>,
) {
	return reportCsv(lines.map((l) => ({ ...l, month, deposits: l.deposits ?? '1000' })))
}
