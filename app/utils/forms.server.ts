import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import type { z } from 'zod'
import type { Failure, Result } from './result.ts'

/**
 * Answers a page form with a domain failure: field errors under their
 * fields, anything else as a form error, with the failure's status and a
 * Retry-After header when rate limited. Passwords are never echoed back.
 */
export function replyWithFailure(submission: Submission<any>, failure: Failure) {
	const result: SubmissionResult<string[]> = submission.reply({
		hideFields: ['password', 'confirmPassword'],
		...(failure.fieldErrors ? { fieldErrors: failure.fieldErrors } : { formErrors: [failure.message] }),
	})
	return data(
		{ result },
		{
			status: failure.status,
			headers: failure.retryAfterSeconds ? { 'Retry-After': String(failure.retryAfterSeconds) } : undefined,
		},
	)
}

export function replyInvalid(submission: Submission<any>) {
	return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
}

/**
 * Reads a page form's body. A body that is not form data (JSON, say) is a
 * 415 answer, not a TypeError turned into a 500.
 */
export async function readFormData(request: Request) {
	try {
		return await request.formData()
	} catch {
		throw data({ error: 'This form accepts form submissions only' }, { status: 415 })
	}
}

/**
 * A page form's action, as every staff form and confirm dialog runs it: read
 * the form, answer 400 at the fields when it is invalid, run the model, then
 * answer its failure at the field (or the form), or throw the redirect
 * `done` makes from the model's value (a flash and the way back).
 */
export async function runFormAction<Schema extends z.ZodTypeAny, T>(
	request: Request,
	schema: Schema,
	run: (value: z.output<Schema>) => Result<T> | Promise<Result<T>>,
	done: (value: T) => Promise<Response>,
) {
	const submission = parseWithZod(await readFormData(request), { schema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = await run(submission.value)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await done(result.value)
}
