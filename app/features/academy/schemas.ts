import { z } from 'zod'

export const UNKNOWN_LESSON = 'This lesson does not exist'

// Member dashboard forms.

export const LESSON_TABS = ['basics', 'risk', 'portfolio'] as const

export const CompleteLessonSchema = z.object({
	lessonId: z
		.string({ required_error: 'Choose a lesson', invalid_type_error: 'Choose a lesson' })
		.trim()
		.min(1, 'Choose a lesson')
		.max(64, 'This lesson does not exist'),
	tab: z.enum(LESSON_TABS).optional().catch(undefined),
})
