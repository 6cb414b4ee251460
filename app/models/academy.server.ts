import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { lessonCompletions } from '#db/schema.ts'
import { CERTIFICATE_COUNT, lessons, lessonTabs, type Lesson } from '#app/content/dashboard.ts'
import { UNKNOWN_LESSON } from '#app/utils/messages.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'

/** The academy: lessons come from the content module, completions are the member's own. */
export type AcademyStats = {
	completed: number
	total: number
	/** completed / total, as a whole percent. */
	progressPercent: number
	/** "2.5 h": the length of all lessons. */
	totalHours: string
	certificates: number
	certificateTotal: number
}

export function academyStats(completedIds: ReadonlySet<string>, list: Lesson[] = lessons): AcademyStats {
	const completed = list.filter((l) => completedIds.has(l.id)).length
	const total = list.length
	const minutes = list.reduce((sum, l) => sum + l.duration, 0)
	// A certificate for each tab whose lessons are all complete.
	const certificates = lessonTabs.filter((tab) => {
		const inTab = list.filter((l) => l.tab === tab.id)
		return inTab.length > 0 && inTab.every((l) => completedIds.has(l.id))
	}).length
	return {
		completed,
		total,
		progressPercent: total === 0 ? 0 : Math.round((completed / total) * 100),
		totalHours: `${Math.round((minutes / 60) * 10) / 10} h`,
		certificates,
		certificateTotal: CERTIFICATE_COUNT,
	}
}

export function getCompletedLessonIds(userId: number) {
	const rows = getDb()
		.select({ lessonId: lessonCompletions.lessonId })
		.from(lessonCompletions)
		.where(eq(lessonCompletions.userId, userId))
		.all()
	return new Set(rows.map((r) => r.lessonId))
}

/** Marks a lesson complete for the member; doing it twice changes nothing. */
export function completeLesson(userId: number, lessonId: string): Result<{ lessonId: string }> {
	if (!lessons.some((l) => l.id === lessonId)) {
		return fail(404, UNKNOWN_LESSON, { fieldErrors: { lessonId: [UNKNOWN_LESSON] } })
	}
	getDb().insert(lessonCompletions).values({ userId, lessonId }).onConflictDoNothing().run()
	return ok({ lessonId })
}
