import { OPTIONAL_REPORT_COLUMNS, REPORT_COLUMNS } from '#app/features/broker-reports/csv.server.ts'

export type ReportLine = {
	trackingId: string
	deposits?: string
	withdrawals?: string
	volume?: string
	commission?: string
	month: string
	/** The optional columns (decision 061): written when any line has one of them (blank otherwise). */
	trader?: string
	netResult?: string
}

/** A report file: the header, then one line per row (amounts "0" unless given). */
export function reportCsv(lines: ReportLine[], eol = '\r\n') {
	const optional = lines.some((l) => l.trader !== undefined || l.netResult !== undefined)
	return [
		[...REPORT_COLUMNS, ...(optional ? OPTIONAL_REPORT_COLUMNS : [])].join(','),
		...lines.map((l) =>
			[
				l.trackingId,
				l.deposits ?? '0',
				l.withdrawals ?? '0',
				l.volume ?? '0',
				l.commission ?? '0',
				l.month,
				...(optional ? [l.trader ?? '', l.netResult ?? ''] : []),
			].join(','),
		),
	]
		.map((line) => line + eol)
		.join('')
}
