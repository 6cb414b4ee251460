import { describe, expect, test } from 'vitest'
import { fail } from './result.ts'
import { readCsvUpload, refusedUpload, type CsvUploadRules } from './csv-upload.server.ts'

const RULES: CsvUploadRules = {
	maxBytes: 64,
	messages: { tooLarge: 'Too large', notCsv: 'Not CSV', fileRequired: 'Choose a file' },
}
const NOT_MULTIPART_OR_CSV = 'Send multipart or CSV'

function post(body: BodyInit, type?: string) {
	return new Request('http://localhost/api/upload', {
		method: 'POST',
		body,
		headers: type ? { 'Content-Type': type } : {},
	})
}

async function refusal(promise: Promise<unknown>) {
	try {
		await promise
	} catch (answer) {
		const response = answer as Response
		return { status: response.status, body: (await response.json()) as { message: string; errors?: unknown } }
	}
	throw new Error('not refused')
}

describe('readCsvUpload', () => {
	test('a text/csv body is the file, with no name and no fields', async () => {
		const read = await readCsvUpload(post('a,b\n1,2\n', 'text/csv; charset=utf-8'), RULES, NOT_MULTIPART_OR_CSV)
		expect(read).toEqual({ file: { fileName: '', content: 'a,b\n1,2\n' }, fields: undefined })
	})

	test("a multipart body's file field, its other fields read first", async () => {
		const form = new FormData()
		form.set('month', '2026-11')
		form.set('file', new File(['a,b\n'], 'report.csv', { type: 'text/csv' }))
		const read = await readCsvUpload(post(form), RULES, NOT_MULTIPART_OR_CSV, (f) => f.get('month'))
		expect(read).toEqual({ file: { fileName: 'report.csv', content: 'a,b\n' }, fields: '2026-11' })
	})

	test('a field refusal comes before the file is checked', async () => {
		const form = new FormData()
		form.set('file', new File(['x'.repeat(100)], 'big.csv'))
		const refused = await refusal(
			readCsvUpload(post(form), RULES, NOT_MULTIPART_OR_CSV, () => {
				throw Response.json({ message: 'Bad month' }, { status: 400 })
			}),
		)
		expect(refused).toEqual({ status: 400, body: { message: 'Bad month' } })
	})

	test('refused: another media type (415), no file field (400), too large (413), not CSV (415)', async () => {
		expect(
			(await refusal(readCsvUpload(post('{}', 'application/json'), RULES, NOT_MULTIPART_OR_CSV))).body.message,
		).toBe(NOT_MULTIPART_OR_CSV)
		expect((await refusal(readCsvUpload(post(new FormData()), RULES, NOT_MULTIPART_OR_CSV))).status).toBe(400)
		expect((await refusal(readCsvUpload(post('x'.repeat(65), 'text/csv'), RULES, NOT_MULTIPART_OR_CSV))).status).toBe(
			413,
		)
		const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])
		expect((await refusal(readCsvUpload(post(png, 'text/csv'), RULES, NOT_MULTIPART_OR_CSV))).status).toBe(415)
	})
})

describe('refusedUpload', () => {
	test('each bad row as "line N" with its reason', async () => {
		const answer = refusedUpload(
			{ ...fail(422, 'Refused'), preview: { fileError: null, errors: [{ line: 3, why: 'bad date' }] } },
			(row) => row.why,
		)
		expect(answer.status).toBe(422)
		expect(await answer.json()).toMatchObject({ message: 'Refused', errors: [{ path: 'line 3', message: 'bad date' }] })
	})

	test("the file's own problem as path file; no preview, no errors", async () => {
		const fileProblem = refusedUpload(
			{ ...fail(422, 'Refused'), preview: { fileError: 'Empty file', errors: [] as { line: number }[] } },
			() => '',
		)
		expect(await fileProblem.json()).toMatchObject({ errors: [{ path: 'file', message: 'Empty file' }] })
		const conflict = await refusedUpload(fail(409, 'Overlaps'), () => '').json()
		expect(conflict).toMatchObject({ message: 'Overlaps' })
		expect(conflict).not.toHaveProperty('errors')
	})
})
