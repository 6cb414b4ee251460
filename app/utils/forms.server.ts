import type { Submission, SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { Failure } from './result.ts'

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
	return data(
		{ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
		{ status: 400 },
	)
}
