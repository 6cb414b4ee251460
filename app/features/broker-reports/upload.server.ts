import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { checkCsvBytes, readCsvFile, type CsvFile, type CsvUploadRules } from '#app/utils/csv-upload.server.ts'
import type { Result } from '#app/utils/result.ts'

/**
 * What an uploaded report file must be before its rows are read, for the
 * page and the API alike: at most 5 MiB (413), and CSV (415), as
 * app/utils/csv-upload.server.ts checks every uploaded CSV file.
 */
export const REPORT_UPLOAD_MESSAGES = {
	tooLarge: 'The file is larger than 5 MB (5,242,880 bytes). Split the report or remove columns it does not need.',
	notCsv: 'Upload the report as a CSV file (.csv, UTF-8 text); this file is not one.',
	fileRequired: 'Choose the report file (.csv)',
} as const

export const REPORT_UPLOAD_RULES: CsvUploadRules = {
	maxBytes: BROKER_REPORT_LIMITS.fileBytes,
	messages: REPORT_UPLOAD_MESSAGES,
}

export type ReportFile = CsvFile

/** Checks an uploaded file's bytes, name and type; its text when it is a CSV file of at most 5 MiB. */
export function checkReportBytes(bytes: Uint8Array, name: string, type: string): Result<ReportFile> {
	return checkCsvBytes(REPORT_UPLOAD_RULES, bytes, name, type)
}

/** A form's file field (the page's and the API's multipart `file`). */
export function readReportFile(value: FormDataEntryValue | null): Promise<Result<ReportFile>> {
	return readCsvFile(REPORT_UPLOAD_RULES, value)
}

/**
 * The two paths that take a report file (the page, also as its `.data`
 * request, and the API): the server reads bodies up to 5 MiB plus the
 * multipart overhead there (server/app.ts).
 */
export const REPORT_UPLOAD_PATH = /^\/(api\/)?admin\/brokers\/[^/]+\/reports(\.data)?$/
