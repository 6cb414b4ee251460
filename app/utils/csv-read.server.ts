import { parse } from 'csv-parse/sync'

/**
 * Reading an uploaded CSV file's rows (the broker reports' and the trader
 * statements' parsers): the row count before parsing, the parse with each
 * record's line, and the header's column names.
 */

/** A parsed record and the line the parser had reached at its end. */
export type CsvRecords = Array<{ record: string[]; info: { lines: number } }>

/**
 * Data rows in `content` without parsing it: lines that are not empty,
 * line breaks inside quoted cells not counted. The header is not counted.
 */
export function countDataRows(content: string): number {
	let rows = 0
	let inQuotes = false
	let lineHasContent = false
	for (let i = 0; i < content.length; i++) {
		const c = content.charCodeAt(i)
		if (c === 34 /* " */) {
			inQuotes = !inQuotes
			lineHasContent = true
		} else if (!inQuotes && (c === 10 /* \n */ || c === 13) /* \r */) {
			if (lineHasContent) rows++
			lineHasContent = false
		} else if (c !== 0xfeff) {
			lineHasContent = true
		}
	}
	if (lineHasContent) rows++
	return Math.max(0, rows - 1)
}

/**
 * The records of `content` (a byte order mark skipped, empty lines
 * skipped, any line ending), or the parser's complaint as
 * `syntax(line, detail)` says it.
 */
export function parseCsvRecords(
	content: string,
	syntax: (line: number | undefined, detail: string) => string,
): { ok: true; records: CsvRecords } | { ok: false; fileError: string } {
	try {
		const records = parse(content, {
			bom: true,
			info: true,
			relax_column_count: true,
			relax_quotes: true,
			skip_empty_lines: true,
			record_delimiter: ['\r\n', '\n', '\r'],
		}) as unknown as CsvRecords
		return { ok: true, records }
	} catch (error) {
		const e = error as { lines?: number; message?: string }
		const detail = String(e.message ?? 'unreadable').replace(/\.$/, '')
		return { ok: false, fileError: syntax(e.lines, detail) }
	}
}

/** A header row's column positions (names trimmed, lower case), and whether it names exactly `columns`, in any order. */
export function csvHeader(record: readonly string[]) {
	const names = record.map((name) => name.trim().toLowerCase())
	const index = new Map<string, number>()
	names.forEach((name, i) => index.set(name, i))
	const matches = (columns: readonly string[]) =>
		names.length === columns.length && index.size === columns.length && columns.every((c) => index.has(c))
	return { index, matches }
}

/** The line a record starts on (the header is line 1): a record spanning lines is named by its first. */
export function recordLine({ record, info }: CsvRecords[number]) {
	let breaks = 0
	for (const cell of record) for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) breaks++
	return info.lines - breaks
}

/** A cell's value as a message quotes it: JSON-escaped, cut at 40 characters. */
export function quoteCell(value: string) {
	const shown = value.length > 40 ? `${value.slice(0, 39)}…` : value
	return JSON.stringify(shown)
}
