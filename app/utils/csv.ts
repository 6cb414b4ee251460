/**
 * CSV for the admin exports (RFC 4180: comma separated, CRLF line ends,
 * fields quoted when they hold a comma, a quote or a line break, quotes
 * doubled). Text cells that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab, a carriage return or NUL) get a leading ' so they
 * stay text (docs/security.md V9, B15). Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NUL = String.fromCharCode(0)

export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
	if (typeof value === 'boolean') return value ? 'true' : 'false'
	const text = FORMULA_START.test(value) || value.startsWith(NUL) ? `'${value}` : value
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: ReadonlyArray<CsvValue>) {
	return `${values.map(csvCell).join(',')}\r\n`
}

export type CsvValue = string | number | boolean | null | undefined

/**
 * An export's columns, each its header beside its cell: the header row and
 * a row's CSV line.
 */
export function csvColumns<T>(columns: ReadonlyArray<readonly [header: string, cell: (row: T) => CsvValue]>) {
	return {
		header: columns.map(([header]) => header),
		line: (row: T) => csvRow(columns.map(([, cell]) => cell(row))),
	}
}

/** "<name>-2026-11-23.csv" (UTC day). */
export function csvFileName(name: string, now: Date) {
	return `${name}-${now.toISOString().slice(0, 10)}.csv`
}

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF'

/**
 * A CSV download streamed in batches: the byte-order mark and the header
 * row first, then one batch a pull. `next` reads one batch (its own short
 * read, so the connection is never held between chunks) and says whether
 * it was the last.
 */
export function csvStream(
	header: readonly string[],
	next: () => { lines: string[]; last: boolean },
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	let started = false
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)))
				return
			}
			const { lines, last } = next()
			if (lines.length > 0) controller.enqueue(encoder.encode(lines.join('')))
			if (last) controller.close()
		},
	})
}

/** A streamed export as one string, byte-order mark included (tests, small lists). */
export async function csvStreamText(stream: ReadableStream<Uint8Array>) {
	const bytes = await new Response(stream).arrayBuffer()
	return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
}

/**
 * The headers of a CSV download: an attachment named `fileName`, never
 * cached, never sniffed; `extra` headers after them.
 */
export function csvHeaders(
	fileName: string,
	cacheControl: 'no-store' | 'private, no-store' = 'private, no-store',
	extra: Record<string, string> = {},
) {
	return {
		'Content-Type': 'text/csv; charset=utf-8',
		'Content-Disposition': `attachment; filename="${fileName}"`,
		'Cache-Control': cacheControl,
		'X-Content-Type-Options': 'nosniff',
		...extra,
	}
}
