import { formatMonth } from './admin-format.ts'

/**
 * The broker report import's words and CSV columns (no server code: the
 * page's component shows them; docs/broker-reports.md).
 */

/** The header of a report file, in the documented order (any order and case is read). */
export const REPORT_COLUMNS = ['tracking_id', 'deposits', 'withdrawals', 'volume', 'commission', 'month'] as const

export const BROKER_REPORT_MESSAGES = {
	brokerNotFound: 'Broker not found',
	uploadNotFound: 'This upload is no longer available (uploads are kept for a day). Upload the file again.',
	hasErrors: (count: number) =>
		`The report has ${count.toLocaleString('en-US')} bad ${count === 1 ? 'row' : 'rows'}; nothing was applied. Fix the file and upload it again.`,
	alreadyApplied: (month: string) =>
		`A report for ${formatMonth(month)} was already applied for this broker. Confirm the replace to reverse it and apply this one.`,
	sameFileApplied: (month: string) =>
		`This file was already applied (the report for ${formatMonth(month)}). Applying it again would change nothing; upload the corrected file to replace it.`,
	sameFileKept: (month: string) =>
		`This file was already applied (the report for ${formatMonth(month)}); nothing was changed.`,
	applied: (month: string, rows: number) =>
		`Report for ${formatMonth(month)} applied: ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}.`,
	replaced: (month: string, rows: number) =>
		`Report for ${formatMonth(month)} replaced: the earlier one was reversed and ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'} applied.`,
} as const
