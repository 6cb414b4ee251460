import { describe, expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import { CompleteLessonSchema, LESSON_TABS } from '#app/features/academy/schemas.ts'
import {
	CERTIFICATE_COUNT,
	formatLength,
	lessons,
	lessonTabs,
	lessonWords,
	READING_WORDS_PER_MINUTE,
	readingMinutes,
	type LessonBlock,
} from './academy.ts'

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

describe('reading time', () => {
	test('counts the words of every block: headings, paragraphs, list items and key points', () => {
		const body: LessonBlock[] = [
			{ kind: 'heading', text: 'Two words' },
			{ kind: 'paragraph', text: '  three\nspaced   words ' },
			{ kind: 'list', items: ['one', 'two words'] },
			{ kind: 'keyPoint', text: 'and four more words' },
		]
		expect(lessonWords(body)).toBe(2 + 3 + 3 + 4)
	})

	test('whole minutes at 200 words a minute, rounded up, at least one', () => {
		expect(READING_WORDS_PER_MINUTE).toBe(200)
		expect(readingMinutes([])).toBe(1)
		expect(readingMinutes([{ kind: 'paragraph', text: words(200) }])).toBe(1)
		expect(readingMinutes([{ kind: 'paragraph', text: words(201) }])).toBe(2)
		expect(readingMinutes([{ kind: 'paragraph', text: words(400) }])).toBe(2)
		expect(readingMinutes([{ kind: 'paragraph', text: words(401) }])).toBe(3)
	})

	test('lengths read as minutes, then hours and minutes', () => {
		expect(formatLength(30)).toBe('30 min')
		expect(formatLength(60)).toBe('1 h')
		expect(formatLength(75)).toBe('1 h 15 min')
		expect(formatLength(150)).toBe('2 h 30 min')
	})
})

describe('the lessons', () => {
	test('15 lessons in 3 topics of 5, with unique ids the completion form accepts', () => {
		expect(lessons).toHaveLength(15)
		expect(lessonTabs.map((t) => t.id)).toEqual([...LESSON_TABS])
		for (const tab of LESSON_TABS) expect(lessons.filter((l) => l.tab === tab)).toHaveLength(5)
		expect(new Set(lessons.map((l) => l.id)).size).toBe(15)
		expect(new Set(lessons.map((l) => l.title)).size).toBe(15)
		for (const l of lessons) {
			expect(CompleteLessonSchema.safeParse({ lessonId: l.id }).success).toBe(true)
			expect(l.id).toMatch(/^[a-z0-9-]+$/)
		}
		expect(CERTIFICATE_COUNT).toBe(3)
	})

	test.each(lessons.map((l) => [l.id, l] as const))(
		'%s has a body of 250 to 450 words: paragraphs, headings and a key point, no empty text',
		(_, lesson) => {
			const kinds = lesson.body.map((b) => b.kind)
			expect(kinds.filter((k) => k === 'paragraph').length).toBeGreaterThanOrEqual(2)
			expect(kinds).toContain('heading')
			expect(kinds.at(-1)).toBe('keyPoint')
			for (const block of lesson.body) {
				const texts = block.kind === 'list' ? block.items : [block.text]
				expect(texts.length).toBeGreaterThan(0)
				for (const text of texts) expect(text.trim().length).toBeGreaterThan(1)
			}
			const count = lessonWords(lesson.body)
			expect(count).toBeGreaterThanOrEqual(250)
			expect(count).toBeLessThanOrEqual(450)
		},
	)

	test("each lesson's duration is the reading time of its body, not a typed number", () => {
		for (const l of lessons) {
			expect(l.duration).toBe(Math.max(1, Math.ceil(lessonWords(l.body) / READING_WORDS_PER_MINUTE)))
		}
	})

	test('the lesson on CFD losses carries the product’s risk line', () => {
		const text = JSON.stringify(lessons.find((l) => l.id === 'risk-1')!.body)
		expect(site.riskWarning).toContain('78% of retail CFD accounts lose money')
		expect(text).toContain('78% of retail CFD accounts lose money')
	})

	test('no lesson promises a profit', () => {
		for (const l of lessons) {
			expect(JSON.stringify(l.body)).not.toMatch(/guarantee|risk-free|risk free|sure profit|will make money/i)
		}
	})
})
