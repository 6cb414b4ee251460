import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import { previewTestimonial, type StaffTestimonial } from '#app/features/content/testimonials.server.ts'
import { TestimonialFormSchema, type TestimonialInput } from '#app/features/content/schemas.ts'
import { replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { Result } from '#app/utils/result.ts'

/**
 * The testimonial form's POST on /admin/content/testimonials/new and /:id:
 * invalid (no consent among it) → 400 with the messages at their fields;
 * Preview → the landing's card (nothing stored); Save → the model's answer
 * (a consent day ahead: at its field), or the redirect `done` makes.
 */
export async function testimonialFormAction(
	formData: FormData,
	save: (input: TestimonialInput) => Result<StaffTestimonial>,
	done: (testimonial: StaffTestimonial) => Promise<Response>,
) {
	const submission = parseWithZod(formData, { schema: TestimonialFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'save' as const, preview: null, ...replyInvalid(submission).data }, { status: 400 })
	const { intent, input } = submission.value
	if (intent === 'preview')
		return data({ intent: 'preview' as const, preview: previewTestimonial(input), result: submission.reply() })
	const result = save(input)
	if (!result.ok)
		return data(
			{ intent: 'save' as const, preview: null, ...replyWithFailure(submission, result).data },
			{ status: result.status },
		)
	throw await done(result.value)
}
