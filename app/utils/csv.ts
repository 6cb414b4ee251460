/**
 * CSV for the admin exports (RFC 4180: comma separated, CRLF line ends,
 * fields quoted when they hold a comma, a quote or a line break, quotes
 * doubled). Text cells that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab, a carriage return or NUL) get a leading ' so they
 * stay text (docs/security.md V9, B15). Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NUL = String.fromCharCode(0)

export function csvCell(value: string | number | boolean | null | undefined): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
	if (typeof value === 'boolean') return value ? 'true' : 'false'
	const text = FORMULA_START.test(value) || value.startsWith(NUL) ? `'${value}` : value
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: Array<string | number | boolean | null | undefined>) {
	return `${values.map(csvCell).join(',')}\r\n`
}

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF'
