import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'

/**
 * What an uploaded report file must be before its rows are read, for the
 * page and the API alike: at most 5 MiB (413), and CSV (415): a `.csv`
 * name when it has one, a CSV-ish content type when it gives one, UTF-8
 * text without NUL bytes and without the signature of a PNG, JPEG, GIF,
 * PDF or ZIP (xlsx) file.
 */
export const REPORT_UPLOAD_MESSAGES = {
	tooLarge: 'The file is larger than 5 MB (5,242,880 bytes). Split the report or remove columns it does not need.',
	notCsv: 'Upload the report as a CSV file (.csv, UTF-8 text); this file is not one.',
	fileRequired: 'Choose the report file (.csv)',
} as const

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

export type ReportFile = { fileName: string; content: string }

function mediaType(type: string) {
	return type.split(';')[0]!.trim().toLowerCase()
}

/** A file name as kept: its last path segment, control characters removed, at most 200 characters. */
export function cleanFileName(name: string) {
	const base = name.split(/[\\/]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex
	return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, BROKER_REPORT_LIMITS.fileName)
}

/** Checks an uploaded file's bytes, name and type; its text when it is a CSV file of at most 5 MiB. */
export function checkReportBytes(bytes: Uint8Array, name: string, type: string): Result<ReportFile> {
	if (bytes.byteLength > BROKER_REPORT_LIMITS.fileBytes) return fail(413, REPORT_UPLOAD_MESSAGES.tooLarge)
	const fileName = cleanFileName(name)
	if (fileName !== '' && !fileName.toLowerCase().endsWith('.csv')) return fail(415, REPORT_UPLOAD_MESSAGES.notCsv)
	if (!CSV_TYPES.has(mediaType(type))) return fail(415, REPORT_UPLOAD_MESSAGES.notCsv)
	if (SIGNATURES.some((sig) => sig.every((byte, i) => bytes[i] === byte)))
		return fail(415, REPORT_UPLOAD_MESSAGES.notCsv)
	if (bytes.includes(0)) return fail(415, REPORT_UPLOAD_MESSAGES.notCsv)
	let content: string
	try {
		content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
	} catch {
		return fail(415, REPORT_UPLOAD_MESSAGES.notCsv)
	}
	return ok({ fileName, content })
}

/** A form's file field (the page's and the API's multipart `file`). */
export async function readReportFile(value: FormDataEntryValue | null): Promise<Result<ReportFile>> {
	if (value === null || typeof value === 'string' || (value.size === 0 && value.name === '')) {
		return fail(400, REPORT_UPLOAD_MESSAGES.fileRequired, {
			fieldErrors: { file: [REPORT_UPLOAD_MESSAGES.fileRequired] },
		})
	}
	if (value.size > BROKER_REPORT_LIMITS.fileBytes) return fail(413, REPORT_UPLOAD_MESSAGES.tooLarge)
	return checkReportBytes(new Uint8Array(await value.arrayBuffer()), value.name, value.type)
}

/**
 * The two paths that take a report file (the page, also as its `.data`
 * request, and the API): the server reads bodies up to 5 MiB plus the
 * multipart overhead there (server/app.ts).
 */
export const REPORT_UPLOAD_PATH = /^\/(api\/)?admin\/brokers\/[^/]+\/reports(\.data)?$/
