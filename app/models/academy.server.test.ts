import { describe, expect, test } from 'vitest'
import { insertMember } from '#tests/factories.ts'
import { lessons } from '#app/content/dashboard.ts'
import { academyStats, completeLesson, getCompletedLessonIds } from './academy.server.ts'

describe('academy content', () => {
	test('15 lessons in 3 tabs of 5, 2.5 h in all', () => {
		expect(lessons).toHaveLength(15)
		for (const tab of ['basics', 'risk', 'portfolio']) expect(lessons.filter((l) => l.tab === tab)).toHaveLength(5)
		expect(lessons.reduce((sum, l) => sum + l.duration, 0)).toBe(150)
		expect(new Set(lessons.map((l) => l.id)).size).toBe(15)
	})
})

describe('academyStats', () => {
	test('progress = completed / total', () => {
		expect(academyStats(new Set())).toMatchObject({
			completed: 0,
			total: 15,
			progressPercent: 0,
			totalHours: '2.5 h',
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
		const basics = lessons.filter((l) => l.tab === 'basics').map((l) => l.id)
		expect(academyStats(new Set(basics)).certificates).toBe(1)
		expect(academyStats(new Set(basics.slice(1))).certificates).toBe(0)
		expect(academyStats(new Set(['nope', 'basics-1'])).completed).toBe(1)
	})
})

describe('completeLesson', () => {
	test('stores the completion for that member only; twice is the same as once', () => {
		const a = insertMember()
		const b = insertMember()
		expect(completeLesson(a.id, 'risk-3').ok).toBe(true)
		expect(completeLesson(a.id, 'risk-3').ok).toBe(true)
		expect([...getCompletedLessonIds(a.id)]).toEqual(['risk-3'])
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
