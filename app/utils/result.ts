/** What a domain operation answers; both the pages and /api map it. */
export type Failure = {
	ok: false
	/** The HTTP status the API answers with (400, 401, 403, 404, 409, 429, ...). */
	status: number
	message: string
	/** Field errors by field name, shown under the field on the page. */
	fieldErrors?: Record<string, string[]>
	retryAfterSeconds?: number
}
export type Success<T> = { ok: true; value: T }
export type Result<T> = Success<T> | Failure

export function ok<T>(value: T): Success<T> {
	return { ok: true, value }
}

export function fail(status: number, message: string, extra: Omit<Failure, 'ok' | 'status' | 'message'> = {}): Failure {
	return { ok: false, status, message, ...extra }
}
