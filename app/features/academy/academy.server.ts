import { eq } from 'drizzle-orm'
import { getDb, write } from '#db/client.server.ts'
import { lessonCompletions } from '#db/schema.ts'
import type { AcademyProgress, AcademyStats } from '#app/features/academy/responses.server.ts'
import { CERTIFICATE_COUNT, formatLength, lessonTabs, type LessonTab } from '#app/content/academy.ts'
import { listMemberLessons, type AcademyLesson } from '#app/features/content/lessons.server.ts'
import { rescoreContests } from '#app/features/contests/scoring.server.ts'
import { UNKNOWN_LESSON } from '#app/features/academy/schemas.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'

/**
 * The academy: lessons are the published, unexpired rows staff write
 * (app/features/content/lessons.server.ts, decision 062), completions are
 * the member's own (one row per lesson key, with the time it was
 * completed). Stats and certificates count only the lessons members see: a
 * completion of a lesson unpublished, expired or deleted stays stored but
 * does not count.
 */

type Lesson = AcademyLesson

/** The member's completed lessons: a set of ids, or the completion times by id. */
type CompletedLessons = { has(lessonId: string): boolean }

export type { AcademyStats }

/** The lessons of one topic, in order. */
export function lessonsOfTab(tab: LessonTab, list: Lesson[] = listMemberLessons()) {
	return list.filter((l) => l.tab === tab)
}

/** A topic's certificate is earned when every one of its lessons is complete. */
function earnsCertificate(inTab: Lesson[], completed: CompletedLessons) {
	return inTab.length > 0 && inTab.every((l) => completed.has(l.id))
}

export function academyStats(completed: CompletedLessons, list: Lesson[] = listMemberLessons()): AcademyStats {
	const done = list.filter((l) => completed.has(l.id)).length
	const total = list.length
	const minutes = list.reduce((sum, l) => sum + l.duration, 0)
	return {
		completed: done,
		total,
		progressPercent: total === 0 ? 0 : Math.round((done / total) * 100),
		totalLength: formatLength(minutes),
		certificates: lessonTabs.filter((tab) => earnsCertificate(lessonsOfTab(tab.id, list), completed)).length,
		certificateTotal: CERTIFICATE_COUNT,
	}
}

export type CertificateState = {
	tab: LessonTab
	topic: string
	lessonsCompleted: number
	lessonTotal: number
	/** When the topic's last lesson was completed; null until all are. */
	earnedAt: Date | null
}

/** One certificate per topic, in the topics' order, with its state. */
export function certificateStates(
	completions: ReadonlyMap<string, Date>,
	list: Lesson[] = listMemberLessons(),
): CertificateState[] {
	return lessonTabs.map((tab) => {
		const inTab = lessonsOfTab(tab.id, list)
		const earned = earnsCertificate(inTab, completions)
		const times = inTab.flatMap((l) => completions.get(l.id)?.getTime() ?? [])
		return {
			tab: tab.id,
			topic: tab.label,
			lessonsCompleted: times.length,
			lessonTotal: inTab.length,
			earnedAt: earned ? new Date(Math.max(...times)) : null,
		}
	})
}

const earnedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** A certificate as pages show it: the earned date as text ("March 3, 2026", UTC) and as an ISO time. */
export function certificateView(state: CertificateState) {
	const { earnedAt, ...rest } = state
	return {
		...rest,
		earned: earnedAt ? { on: earnedDate.format(earnedAt), at: earnedAt.toISOString() } : null,
	}
}

/** A lesson by id with its place: number within its topic, and the lessons before and after it in the academy. */
export function findLesson(lessonId: string, list: Lesson[] = listMemberLessons()) {
	const index = list.findIndex((l) => l.id === lessonId)
	if (index === -1) return null
	const lesson = list[index]!
	const inTab = lessonsOfTab(lesson.tab, list)
	return {
		lesson,
		topic: lessonTabs.find((t) => t.id === lesson.tab)!.label,
		number: inTab.indexOf(lesson) + 1,
		ofTopic: inTab.length,
		previous: list[index - 1] ?? null,
		next: list[index + 1] ?? null,
	}
}

/** The member's completed lessons with the time each was completed. */
export function getLessonCompletions(userId: number) {
	const rows = getDb()
		.select({ lessonId: lessonCompletions.lessonId, completedAt: lessonCompletions.completedAt })
		.from(lessonCompletions)
		.where(eq(lessonCompletions.userId, userId))
		.all()
	return new Map(rows.map((r) => [r.lessonId, r.completedAt]))
}

export function getCompletedLessonIds(userId: number) {
	return new Set(getLessonCompletions(userId).keys())
}

/**
 * Marks a lesson complete for the member; doing it twice changes nothing
 * (the first time stays). A first completion rescores the member's activity
 * contests in the same transaction.
 */
export function completeLesson(userId: number, lessonId: string, now = new Date()): Result<{ lessonId: string }> {
	if (!listMemberLessons(now).some((l) => l.id === lessonId)) {
		return fail(404, UNKNOWN_LESSON, { fieldErrors: { lessonId: [UNKNOWN_LESSON] } })
	}
	write((tx) => {
		const added =
			tx.insert(lessonCompletions).values({ userId, lessonId, completedAt: now }).onConflictDoNothing().run().changes >
			0
		if (added) rescoreContests(tx, { types: ['activity'], userIds: [userId] }, now)
	})
	return ok({ lessonId })
}

/**
 * The member's academy (the academy page and GET /api/member/academy): the
 * progress, one certificate per topic and every lesson in order with its
 * completion time (null until completed).
 */
export function getAcademyProgress(userId: number, list: Lesson[] = listMemberLessons()): AcademyProgress {
	const completions = getLessonCompletions(userId)
	return {
		stats: academyStats(completions, list),
		certificates: certificateStates(completions, list).map(certificateView),
		lessons: list.map((l) => ({
			id: l.id,
			tab: l.tab,
			title: l.title,
			duration: l.duration,
			description: l.description,
			completed: completions.has(l.id),
			completedAt: completions.get(l.id)?.toISOString() ?? null,
		})),
	}
}
