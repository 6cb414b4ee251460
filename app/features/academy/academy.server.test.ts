import { beforeEach, describe, expect, test } from 'vitest'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { formatLength } from '#app/content/academy.ts'
import { ensureSampleLessons, listMemberLessons, type AcademyLesson } from '#app/features/content/lessons.server.ts'
import {
	academyStats,
	certificateStates,
	certificateView,
	completeLesson,
	findLesson,
	getCompletedLessonIds,
	getLessonCompletions,
} from './academy.server.ts'

// The 15 sample lessons of a fresh install (the constants before issue 41), read from their rows.
let lessons: AcademyLesson[] = []
beforeEach(() => {
	ensureSampleLessons()
	lessons = listMemberLessons()
})

const idsOf = (tab: string) => lessons.filter((l) => l.tab === tab).map((l) => l.id)
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 10))

describe('academyStats', () => {
	test('progress = completed / total; the total length is the sum of the reading times', () => {
		expect(academyStats(new Set())).toMatchObject({
			completed: 0,
			total: 15,
			progressPercent: 0,
			totalLength: formatLength(lessons.reduce((sum, l) => sum + l.duration, 0)),
			certificates: 0,
			certificateTotal: 3,
		})
		expect(academyStats(new Set(['basics-1', 'risk-2']))).toMatchObject({ completed: 2, progressPercent: 13 })
		expect(academyStats(new Set(lessons.map((l) => l.id)))).toMatchObject({
			completed: 15,
			progressPercent: 100,
			certificates: 3,
		})
	})

	test('a certificate for each tab whose five lessons are complete; unknown ids count for nothing', () => {
		const basics = idsOf('basics')
		expect(academyStats(new Set(basics)).certificates).toBe(1)
		expect(academyStats(new Set(basics.slice(1))).certificates).toBe(0)
		expect(academyStats(new Set(['nope', 'basics-1'])).completed).toBe(1)
		// Completion times work as well as ids.
		expect(academyStats(new Map(basics.map((id, i) => [id, at(i + 1)]))).certificates).toBe(1)
	})
})

describe('certificateStates', () => {
	test('one per topic, none earned at first, with the lessons done of five', () => {
		expect(certificateStates(new Map())).toEqual([
			{ tab: 'basics', topic: 'Trading Basics', lessonsCompleted: 0, lessonTotal: 5, earnedAt: null },
			{ tab: 'risk', topic: 'Risk Management', lessonsCompleted: 0, lessonTotal: 5, earnedAt: null },
			{ tab: 'portfolio', topic: 'Portfolio Building', lessonsCompleted: 0, lessonTotal: 5, earnedAt: null },
		])
	})

	test('earned when all five lessons of the topic are complete, dated when the last one was', () => {
		const risk = idsOf('risk')
		// Completed out of order: the latest time is the third lesson's.
		const times = [at(2), at(5), at(9), at(1), at(3)]
		const completions = new Map(risk.map((id, i) => [id, times[i]!]))
		completions.set('basics-1', at(20))
		completions.set('no-such-lesson', at(25))
		const [basics, riskState, portfolio] = certificateStates(completions)
		expect(riskState).toMatchObject({ lessonsCompleted: 5, earnedAt: at(9) })
		expect(basics).toMatchObject({ lessonsCompleted: 1, earnedAt: null })
		expect(portfolio).toMatchObject({ lessonsCompleted: 0, earnedAt: null })

		// Four of five: not earned, whatever the dates.
		completions.delete(risk[4]!)
		expect(certificateStates(completions)[1]).toMatchObject({ lessonsCompleted: 4, earnedAt: null })
	})

	test('the view shows the earned date as text (UTC) and as an ISO time', () => {
		const completions = new Map(idsOf('portfolio').map((id, i) => [id, at(i + 1)]))
		expect(certificateView(certificateStates(completions)[2]!)).toEqual({
			tab: 'portfolio',
			topic: 'Portfolio Building',
			lessonsCompleted: 5,
			lessonTotal: 5,
			earned: { on: 'March 5, 2026', at: at(5).toISOString() },
		})
		expect(certificateView(certificateStates(completions)[0]!).earned).toBeNull()
	})
})

describe('findLesson', () => {
	test('its topic, its number in the topic, and the lessons before and after it', () => {
		expect(findLesson('basics-1')).toMatchObject({
			lesson: { id: 'basics-1' },
			topic: 'Trading Basics',
			number: 1,
			ofTopic: 5,
			previous: null,
			next: { id: 'basics-2' },
		})
		expect(findLesson('risk-1')).toMatchObject({ number: 1, previous: { id: 'basics-5' }, next: { id: 'risk-2' } })
		expect(findLesson('portfolio-5')).toMatchObject({ number: 5, next: null })
		expect(findLesson('risk-99')).toBeNull()
		expect(findLesson('')).toBeNull()
	})
})

describe('completeLesson', () => {
	test('stores the completion for that member only; twice is the same as once', () => {
		const a = insertMember()
		const b = insertMember()
		const before = Date.now()
		expect(completeLesson(a.id, 'risk-3').ok).toBe(true)
		const first = getLessonCompletions(a.id).get('risk-3')!
		expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000)
		expect(first.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
		expect(completeLesson(a.id, 'risk-3').ok).toBe(true)
		expect([...getCompletedLessonIds(a.id)]).toEqual(['risk-3'])
		// The certificate's date is the first completion's, not a later click's.
		expect(getLessonCompletions(a.id).get('risk-3')).toEqual(first)
		expect(getCompletedLessonIds(b.id).size).toBe(0)
	})

	test('an unknown lesson is refused and stores nothing', () => {
		const a = insertMember()
		const result = completeLesson(a.id, 'risk-99')
		expect(result.ok).toBe(false)
		expect(result.ok ? 0 : result.status).toBe(404)
		expect(getCompletedLessonIds(a.id).size).toBe(0)
	})
})

describe('lessons staff edit (decision 062, Lessons)', () => {
	let admin = { id: 0, email: '' }
	beforeEach(() => {
		const row = insertAdmin({ role: 'admin' })
		admin = { id: row.id, email: row.email }
	})

	test('a lesson edited after a member completed it stays completed, under the same key', async () => {
		const { getLesson, updateLesson } = await import('#app/features/content/lessons.server.ts')
		const a = insertMember()
		expect(completeLesson(a.id, 'basics-2').ok).toBe(true)
		const row = listMemberLessons().find((l) => l.id === 'basics-2')!
		const staff = (await import('#app/features/content/lessons.server.ts')).listLessonsForStaff()
		const id = staff.find((l) => l.key === 'basics-2')!.id
		const edited = updateLesson(admin, id, { title: 'Reading a trader profile, revised', body: 'New **text**.' })
		expect(edited.ok).toBe(true)
		expect(getLesson(id)!.version).toBe(2)
		const after = listMemberLessons().find((l) => l.id === 'basics-2')!
		expect(after.title).toBe('Reading a trader profile, revised')
		expect(after.html).toBe('<p>New <strong>text</strong>.</p>\n')
		expect(after.html).not.toBe(row.html)
		expect(getCompletedLessonIds(a.id).has('basics-2')).toBe(true)
		expect(academyStats(getLessonCompletions(a.id)).completed).toBe(1)
	})

	test('an unpublished lesson is not shown, not counted and cannot be completed; its completions stay stored', async () => {
		const { listLessonsForStaff, unpublishLesson, publishLesson } =
			await import('#app/features/content/lessons.server.ts')
		const a = insertMember()
		const basics = idsOf('basics')
		for (const id of basics) expect(completeLesson(a.id, id).ok).toBe(true)
		expect(academyStats(getLessonCompletions(a.id)).certificates).toBe(1)
		const id = listLessonsForStaff().find((l) => l.key === 'basics-5')!.id
		expect(unpublishLesson(admin, id).ok).toBe(true)
		expect(listMemberLessons().map((l) => l.id)).not.toContain('basics-5')
		expect(academyStats(getLessonCompletions(a.id))).toMatchObject({ completed: 4, total: 14, certificates: 1 })
		expect(completeLesson(insertMember().id, 'basics-5').ok).toBe(false)
		expect(getCompletedLessonIds(a.id).has('basics-5')).toBe(true)
		expect(publishLesson(admin, id).ok).toBe(true)
		expect(academyStats(getLessonCompletions(a.id))).toMatchObject({ completed: 5, total: 15 })
	})

	test('a new lesson published in a topic takes its certificate back until the member completes it', async () => {
		const { createLesson, publishLesson } = await import('#app/features/content/lessons.server.ts')
		const a = insertMember()
		for (const id of idsOf('risk')) expect(completeLesson(a.id, id, at(3)).ok).toBe(true)
		expect(certificateStates(getLessonCompletions(a.id))[1]).toMatchObject({ earnedAt: at(3) })
		const created = createLesson(admin, {
			title: 'Position sizing',
			description: 'How much of an allocation one trade risks.',
			tab: 'risk',
			position: null,
			duration: null,
			body: 'Text.',
			publishOn: null,
			expiresOn: null,
		})
		expect(created.ok).toBe(true)
		if (!created.ok) return
		expect(created.value).toMatchObject({ key: 'position-sizing', position: 6 })
		expect(publishLesson(admin, created.value.id).ok).toBe(true)
		expect(certificateStates(getLessonCompletions(a.id))[1]).toMatchObject({
			lessonsCompleted: 5,
			lessonTotal: 6,
			earnedAt: null,
		})
		expect(completeLesson(a.id, 'position-sizing', at(7)).ok).toBe(true)
		expect(certificateStates(getLessonCompletions(a.id))[1]).toMatchObject({ lessonTotal: 6, earnedAt: at(7) })
	})
})
