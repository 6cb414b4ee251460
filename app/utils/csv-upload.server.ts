import { apiError, apiFailure } from '#app/utils/api.server.ts'
import { fail, ok, type Failure, type Result } from '#app/utils/result.ts'

/**
 * What an uploaded CSV file must be before its rows are read (the broker
 * reports' and the traders' statements' uploads, page and API alike): at
 * most `maxBytes` (413), and CSV (415): a `.csv` name when it has one, a
 * CSV-ish content type when it gives one, UTF-8 text without NUL bytes and
 * without the signature of a PNG, JPEG, GIF, PDF or ZIP (xlsx) file.
 */
export type CsvUploadRules = {
	maxBytes: number
	messages: { tooLarge: string; notCsv: string; fileRequired: string }
}

export type CsvFile = { fileName: string; content: string }

/** Content types browsers and clients give a .csv file (Windows names Excel's). */
const CSV_TYPES = new Set([
	'',
	'text/csv',
	'text/plain',
	'application/csv',
	'text/comma-separated-values',
	'text/x-csv',
	'application/vnd.ms-excel',
	'application/octet-stream',
])

const SIGNATURES = [
	[0x89, 0x50, 0x4e, 0x47], // PNG
	[0xff, 0xd8, 0xff], // JPEG
	[0x47, 0x49, 0x46, 0x38], // GIF
	[0x25, 0x50, 0x44, 0x46], // %PDF
	[0x50, 0x4b, 0x03, 0x04], // ZIP (xlsx)
]

/** The longest file name kept. */
export const FILE_NAME_MAX = 200

function mediaType(type: string) {
	return type.split(';')[0]!.trim().toLowerCase()
}

/** A file name as kept: its last path segment, control characters removed, at most 200 characters. */
export function cleanFileName(name: string) {
	const base = name.split(/[\\/]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex
	return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, FILE_NAME_MAX)
}

/** Checks an uploaded file's bytes, name and type; its text when it is a CSV file within the limit. */
export function checkCsvBytes(rules: CsvUploadRules, bytes: Uint8Array, name: string, type: string): Result<CsvFile> {
	if (bytes.byteLength > rules.maxBytes) return fail(413, rules.messages.tooLarge)
	const fileName = cleanFileName(name)
	if (fileName !== '' && !fileName.toLowerCase().endsWith('.csv')) return fail(415, rules.messages.notCsv)
	if (!CSV_TYPES.has(mediaType(type))) return fail(415, rules.messages.notCsv)
	if (SIGNATURES.some((sig) => sig.every((byte, i) => bytes[i] === byte))) return fail(415, rules.messages.notCsv)
	if (bytes.includes(0)) return fail(415, rules.messages.notCsv)
	let content: string
	try {
		content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
	} catch {
		return fail(415, rules.messages.notCsv)
	}
	return ok({ fileName, content })
}

/** A form's file field (a page's and the API's multipart `file`). */
export async function readCsvFile(rules: CsvUploadRules, value: FormDataEntryValue | null): Promise<Result<CsvFile>> {
	if (value === null || typeof value === 'string' || (value.size === 0 && value.name === '')) {
		return fail(400, rules.messages.fileRequired, { fieldErrors: { file: [rules.messages.fileRequired] } })
	}
	if (value.size > rules.maxBytes) return fail(413, rules.messages.tooLarge)
	return checkCsvBytes(rules, new Uint8Array(await value.arrayBuffer()), value.name, value.type)
}

/**
 * The CSV file of an /api upload (broker reports, trader statements): a
 * multipart/form-data body's `file` field (its other fields read by
 * `readFields` first, which may throw its own refusal) or a raw text/csv
 * body, each checked by `rules`; any other body is refused with 415 and
 * `notMultipartOrCsv`. Throws the answer that refuses it.
 */
export async function readCsvUpload<Fields = undefined>(
	request: Request,
	rules: CsvUploadRules,
	notMultipartOrCsv: string,
	readFields?: (form: FormData) => Fields,
): Promise<{ file: CsvFile; fields: Fields | undefined }> {
	const type = mediaType(request.headers.get('Content-Type') ?? '')
	if (type === 'multipart/form-data') {
		let form: FormData
		try {
			form = await request.formData()
		} catch {
			throw apiError(400, 'The multipart body could not be read')
		}
		const fields = readFields?.(form)
		const read = await readCsvFile(rules, form.get('file'))
		if (!read.ok) throw apiFailure(read)
		return { file: read.value, fields }
	}
	if (type !== 'text/csv') throw apiError(415, notMultipartOrCsv)
	const read = checkCsvBytes(
		rules,
		new Uint8Array(await request.arrayBuffer()),
		'',
		request.headers.get('Content-Type') ?? '',
	)
	if (!read.ok) throw apiFailure(read)
	return { file: read.value, fields: undefined }
}

/** A previewed file's problems: one for the whole file, or its bad rows by line. */
type UploadProblems<Row extends { line: number }> = { fileError: string | null; errors: readonly Row[] }

/**
 * A refused apply as the API answers it: the file's problem or each bad row
 * as `errors` (path "file" or "line N", the row's reason by `reasonOf`).
 */
export function refusedUpload<Row extends { line: number }>(
	failure: Failure & { preview?: UploadProblems<Row> },
	reasonOf: (row: Row) => string,
) {
	const preview = failure.preview
	const errors = preview
		? preview.fileError
			? [{ path: 'file', message: preview.fileError }]
			: preview.errors.map((row) => ({ path: `line ${row.line}`, message: reasonOf(row) }))
		: undefined
	return apiError(failure.status, failure.message, errors)
}
