import { describe, expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import { SAMPLE_LESSONS } from '#app/features/academy/lesson-samples.ts'
import { htmlWords, renderLessonMarkdown } from '#app/features/academy/markdown.server.ts'
import { CompleteLessonSchema, LESSON_TABS } from '#app/features/academy/schemas.ts'
import { CERTIFICATE_COUNT, formatLength, lessonTabs, READING_WORDS_PER_MINUTE, readingMinutes } from './academy.ts'

describe('reading time', () => {
	test('whole minutes at 200 words a minute, rounded up, at least one', () => {
		expect(READING_WORDS_PER_MINUTE).toBe(200)
		expect(readingMinutes(0)).toBe(1)
		expect(readingMinutes(200)).toBe(1)
		expect(readingMinutes(201)).toBe(2)
		expect(readingMinutes(400)).toBe(2)
		expect(readingMinutes(401)).toBe(3)
	})

	test('counts the words a member reads: headings, paragraphs, list items and the key point, not the markup', () => {
		const html = renderLessonMarkdown(
			'## Two words\n\n  three\nspaced   words \n\n- one\n- two words\n\n> and **four** more',
		)
		expect(htmlWords(html)).toBe(2 + 3 + 3 + 3)
		expect(htmlWords(renderLessonMarkdown('a &amp; b — c'))).toBe(3)
	})

	test('lengths read as minutes, then hours and minutes', () => {
		expect(formatLength(30)).toBe('30 min')
		expect(formatLength(60)).toBe('1 h')
		expect(formatLength(75)).toBe('1 h 15 min')
		expect(formatLength(150)).toBe('2 h 30 min')
	})
})

describe('the sample lessons (the seed)', () => {
	test('15 lessons in 3 topics of 5, with unique keys the completion form accepts', () => {
		expect(SAMPLE_LESSONS).toHaveLength(15)
		expect(lessonTabs.map((t) => t.id)).toEqual([...LESSON_TABS])
		for (const tab of LESSON_TABS) expect(SAMPLE_LESSONS.filter((l) => l.tab === tab)).toHaveLength(5)
		expect(new Set(SAMPLE_LESSONS.map((l) => l.key)).size).toBe(15)
		expect(new Set(SAMPLE_LESSONS.map((l) => l.title)).size).toBe(15)
		for (const l of SAMPLE_LESSONS) {
			expect(CompleteLessonSchema.safeParse({ lessonId: l.key }).success).toBe(true)
			expect(l.key).toMatch(/^[a-z0-9-]+$/)
		}
		expect(CERTIFICATE_COUNT).toBe(3)
	})

	test.each(SAMPLE_LESSONS.map((l) => [l.key, l] as const))(
		'%s renders to 250 to 450 words: paragraphs, h2 headings and a closing key point',
		(_, lesson) => {
			const html = renderLessonMarkdown(lesson.body)
			expect(html.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(2)
			expect(html).toContain('<h2>')
			expect(html.trimEnd()).toMatch(/<blockquote>\n<p><strong>Key point:<\/strong> [^<]+<\/p>\n<\/blockquote>$/)
			// Nothing of the text was taken for markup by mistake (an escaped character left as a backslash).
			expect(html).not.toContain('\\')
			const count = htmlWords(html)
			expect(count).toBeGreaterThanOrEqual(250)
			expect(count).toBeLessThanOrEqual(450)
		},
	)

	test('the lesson on CFD losses carries the product’s risk line', () => {
		expect(site.riskWarning).toContain('78% of retail CFD accounts lose money')
		expect(SAMPLE_LESSONS.find((l) => l.key === 'risk-1')!.body).toContain('78% of retail CFD accounts lose money')
	})

	test('no lesson promises a profit', () => {
		for (const l of SAMPLE_LESSONS) {
			expect(l.body).not.toMatch(/guarantee|risk-free|risk free|sure profit|will make money/i)
		}
	})
})
