import { checkCsvBytes, readCsvFile, type CsvFile, type CsvUploadRules } from '#app/utils/csv-upload.server.ts'
import type { Result } from '#app/utils/result.ts'
import { STATEMENT_LIMITS } from './statements-csv.server.ts'

/**
 * What an uploaded statement file must be before its rows are read (page
 * and API): at most 10 MB, 10,000,000 bytes (413), and a CSV file (415),
 * as app/utils/csv-upload.server.ts checks every uploaded CSV file.
 */
export const STATEMENT_UPLOAD_MESSAGES = {
	tooLarge:
		'The file is larger than 10 MB (10,000,000 bytes). Split the statement by period and upload the parts in order.',
	notCsv: 'Upload the statement as a CSV file (.csv, UTF-8 text); this file is not one.',
	fileRequired: 'Choose the statement file (.csv)',
} as const

/** Room for the multipart envelope and the other fields around the file. */
export const STATEMENT_MULTIPART_OVERHEAD_BYTES = 64 * 1024

export const STATEMENT_UPLOAD_RULES: CsvUploadRules = {
	maxBytes: STATEMENT_LIMITS.maxBytes,
	messages: STATEMENT_UPLOAD_MESSAGES,
}

export function checkStatementBytes(bytes: Uint8Array, name: string, type: string): Result<CsvFile> {
	return checkCsvBytes(STATEMENT_UPLOAD_RULES, bytes, name, type)
}

export function readStatementFile(value: FormDataEntryValue | null): Promise<Result<CsvFile>> {
	return readCsvFile(STATEMENT_UPLOAD_RULES, value)
}

/** The paths that take a statement file (the page, its `.data` request, and the API): server/app.ts reads bodies up to 10 MB plus the envelope there. */
export const STATEMENT_UPLOAD_PATH = /^\/(api\/)?admin\/traders\/[^/]+\/statements(\.data)?$/
