import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { Result } from '#app/utils/result.ts'

/** A confirm dialog's action: read the form, run the change, then throw the flash redirect from `done` or reply with the failure. */
export async function runConfirmAction<Schema extends z.ZodTypeAny>(
	request: Request,
	schema: Schema,
	run: (value: z.output<Schema>) => Result<unknown>,
	done: () => Promise<Response>,
) {
	const submission = parseWithZod(await readFormData(request), { schema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = run(submission.value)
	if (!result.ok) return replyWithFailure(submission, result)
	throw await done()
}
