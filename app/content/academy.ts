/**
 * The Academy's fixed parts: its three topic tabs, the reading speed a
 * lesson's duration is counted at and how lengths read. The lessons
 * themselves are data: staff write them on /admin/content/lessons (issue 41
 * part 3; app/features/content/lessons.server.ts; decisions 016 and 062).
 */

export type LessonTab = 'basics' | 'risk' | 'portfolio'

export const lessonTabs: Array<{ id: LessonTab; label: string }> = [
	{ id: 'basics', label: 'Trading Basics' },
	{ id: 'risk', label: 'Risk Management' },
	{ id: 'portfolio', label: 'Portfolio Building' },
]

/** Words a minute of an attentive reader of instructional text. */
export const READING_WORDS_PER_MINUTE = 200

/** Reading time in whole minutes of `words` words, rounded up, at least 1. */
export function readingMinutes(words: number) {
	return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE))
}

/** "30 min", "1 h", "1 h 15 min": a length in minutes as the academy shows it. */
export function formatLength(minutes: number) {
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	if (hours === 0) return `${rest} min`
	return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** One certificate per topic, earned when all its published lessons are complete. */
export const CERTIFICATE_COUNT = lessonTabs.length
