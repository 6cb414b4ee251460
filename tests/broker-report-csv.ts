import { REPORT_COLUMNS } from '#app/features/broker-reports/csv.server.ts'

export type ReportLine = {
	trackingId: string
	deposits?: string
	withdrawals?: string
	volume?: string
	commission?: string
	month: string
}

/** A report file: the header, then one line per row (amounts "0" unless given). */
export function reportCsv(lines: ReportLine[], eol = '\r\n') {
	return [
		REPORT_COLUMNS.join(','),
		...lines.map((l) =>
			[l.trackingId, l.deposits ?? '0', l.withdrawals ?? '0', l.volume ?? '0', l.commission ?? '0', l.month].join(','),
		),
	]
		.map((line) => line + eol)
		.join('')
}
