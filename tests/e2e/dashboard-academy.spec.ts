import { lessonTabs } from '#app/content/academy.ts'
import { SAMPLE_LESSONS } from '#app/features/academy/lesson-samples.ts'
import { acquireAcademyLock, memberLessons, type SeededLesson } from '../content-e2e-utils.ts'
import { site } from '#app/content/site.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { sidebar } from './dashboard-support.ts'
import { open, otherDevice, waitForHydration } from './support.ts'

// The lessons members see (the seeded samples), read from the database; the lock keeps a lessons
// spec's published test lesson out of these counts (tests/content-e2e-utils.ts).
let lessons: SeededLesson[] = []
let release: (() => void) | undefined
test.beforeEach(async () => {
	release = await acquireAcademyLock()
	lessons = memberLessons()
})
test.afterEach(() => release?.())

const lesson = (id: string) => lessons.find((l) => l.id === id)!
const idsOf = (tab: string) => lessons.filter((l) => l.tab === tab).map((l) => l.id)
/** Certificate dates as the pages write them ("March 9, 2026", UTC). */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

test.describe('academy', () => {
	test('the tabs are links that switch the five lessons shown', async ({ page, member }) => {
		await page.goto('/dashboard/academy')
		await waitForHydration(page)
		const tabs = page.getByRole('navigation', { name: 'Lesson topics' })
		for (const tab of [...lessonTabs.slice(1), lessonTabs[0]!]) {
			await tabs.getByRole('link', { name: tab.label, exact: true }).click()
			await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy?tab=${tab.id}`)
			await expect(tabs.getByRole('link', { name: tab.label, exact: true })).toHaveAttribute('aria-current', 'page')
			await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1)
			const list = page.getByRole('list', { name: `${tab.label} lessons` })
			const inTab = lessons.filter((l) => l.tab === tab.id)
			await expect(list.getByRole('heading', { level: 2 })).toHaveText(inTab.map((l, i) => `${i + 1}. ${l.title}`))
			// Each title links to the lesson's page; each shows its reading time.
			for (const l of inTab) {
				await expect(list.getByRole('link', { name: l.title, exact: true })).toHaveAttribute(
					'href',
					`/dashboard/academy/${l.id}`,
				)
			}
			await expect(list.getByText(/^\d+ min read$/)).toHaveText(inTab.map((l) => `${l.duration} min read`))
		}
		// An unknown tab shows the first one.
		await page.goto('/dashboard/academy?tab=nope')
		await expect(page.getByRole('list', { name: 'Trading Basics lessons' })).toBeVisible()
	})

	test("marking a lesson complete raises the member's own count, and it persists", async ({
		page,
		member,
		browser,
		createMember,
		signIn,
	}) => {
		await page.goto('/dashboard/academy?tab=risk')
		await waitForHydration(page)
		await expect(page.getByText('0 of 15 lessons completed (0%)')).toBeVisible()
		const risk2 = lesson('risk-2')
		// The lesson's title is in the button's name (visually hidden).
		await page.getByRole('button', { name: new RegExp(`^Mark as complete\\s*: ${risk2.title}$`) }).click()

		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy?tab=risk#lesson-risk-2`)
		await expect(page.getByText('1 of 15 lessons completed (7%)')).toBeVisible()
		await expect(page.getByRole('progressbar', { name: /lessons completed/ })).toHaveAttribute('aria-valuenow', '7')
		const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `2. ${risk2.title}` }) })
		await expect(item).toContainText('Completed')
		await expect(item.getByRole('button')).toHaveCount(0)
		await expect(page.getByRole('button', { name: /^Mark as complete/ })).toHaveCount(4)

		await page.reload()
		await expect(page.getByText('1 of 15 lessons completed (7%)')).toBeVisible()
		await expect(item).toContainText('Completed')
		// The home tile follows the member's own progress.
		await page.goto('/dashboard')
		await expect(
			page.getByRole('term').filter({ hasText: 'Academy Progress' }).locator('xpath=following-sibling::dd'),
		).toHaveText('7%')

		// Another member's numbers are their own.
		const device = await otherDevice(browser)
		try {
			const other = await device.newPage()
			await signIn(other, await createMember({ unlocked: true }))
			await other.goto('/dashboard/academy?tab=risk')
			await expect(other.getByText('0 of 15 lessons completed (0%)')).toBeVisible()
		} finally {
			await device.close()
		}
	})

	test('a lesson is a page of its own: read it from the list, mark it complete at its end', async ({
		page,
		member,
	}) => {
		const risk2 = lesson('risk-2')
		await open(page, '/dashboard/academy?tab=risk')
		await page.getByRole('link', { name: risk2.title, exact: true }).click()

		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy/risk-2`)
		await expect(page).toHaveTitle(`${risk2.title} | Academy | ${site.name}`)
		// Inside the dashboard layout, with Academy as the current section.
		await expect(sidebar(page).locator('[aria-current="page"]')).toHaveAttribute('href', '/dashboard/academy')
		const article = page.getByRole('article', { name: risk2.title })
		await expect(article.getByRole('heading', { level: 1 })).toHaveText(risk2.title)
		await expect(article).toContainText('Risk Management · Lesson 2 of 5')
		await expect(article).toContainText(`Reading time:${risk2.duration} min (`)
		// The lesson's text as its seeded Markdown has it (it was not edited): headings, paragraphs, the key point.
		const markdown = SAMPLE_LESSONS.find((l) => l.key === 'risk-2')!.body
		const blocks = markdown.split('\n\n').map((b) => b.trim())
		const headings = blocks.filter((b) => b.startsWith('## ')).map((b) => b.slice(3))
		await expect(article.getByRole('heading', { level: 2 })).toHaveText(headings)
		const paragraphs = blocks.filter((b) => !/^(## |> |- |\d+\. )/.test(b))
		for (const text of paragraphs) await expect(article.getByText(text, { exact: true })).toBeVisible()
		const keyPoint = article.locator('blockquote')
		await expect(keyPoint).toHaveText(blocks.at(-1)!.replace('> **Key point:** ', 'Key point: '))

		// "Mark as complete" comes after the end of the text.
		const button = page.getByRole('button', { name: new RegExp(`^Mark as complete\\s*: ${risk2.title}$`) })
		const end = await keyPoint.boundingBox()
		expect((await button.boundingBox())!.y).toBeGreaterThan(end!.y + end!.height)
		await button.click()

		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy/risk-2#finish`)
		const finish = page.getByRole('region', { name: 'Lesson completed' })
		await expect(finish).toContainText('Completed')
		await expect(finish).toContainText('1 of 5 lessons of Risk Management completed.')
		await expect(page.getByRole('button', { name: /^Mark as complete/ })).toHaveCount(0)
		await page.reload()
		await expect(page.getByRole('region', { name: 'Lesson completed' })).toContainText('Completed')

		// Next and previous lessons, across topics at the ends.
		const lessonsNav = page.getByRole('navigation', { name: 'Lessons' })
		await lessonsNav.getByRole('link', { name: new RegExp(`^Next lesson\\s*${lesson('risk-3').title}$`) }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy/risk-3`)
		await expect(page.getByRole('heading', { level: 2, name: 'Finished reading?' })).toBeVisible()
		await lessonsNav.getByRole('link', { name: new RegExp(`^Previous lesson\\s*${risk2.title}$`) }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy/risk-2`)
		await page.goto('/dashboard/academy/risk-1')
		await expect(lessonsNav.getByRole('link', { name: /^Previous lesson/ })).toHaveAttribute(
			'href',
			'/dashboard/academy/basics-5',
		)

		// Back in the list, the lesson shows as completed.
		await lessonsNav.getByRole('link', { name: 'Back to the lesson list' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy?tab=risk#lesson-risk-1`)
		await expect(page.getByText('1 of 15 lessons completed (7%)')).toBeVisible()
		const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `2. ${risk2.title}` }) })
		await expect(item).toContainText('Completed')
	})

	test('completing the last lesson of a topic on its page earns the certificate, shown with name, topic and date', async ({
		page,
		createMember,
		signIn,
		completeLessons,
	}) => {
		const member = await createMember({ unlocked: true, name: 'Ngozi Adebayo' })
		await signIn(page, member)
		const [first, ...rest] = idsOf('risk').reverse()
		await completeLessons(
			member,
			rest.map((id, i) => ({ id, at: new Date(Date.UTC(2026, 0, 10 + i)) })),
		)

		await open(page, '/dashboard/academy?tab=risk')
		const certificates = page.getByRole('region', { name: 'Certificates' })
		await expect(certificates).toContainText('Complete all the lessons of a topic')
		const risk = certificates.getByRole('listitem').filter({ hasText: 'Risk Management' })
		await expect(risk).toContainText('Not earned yet: 4 of 5 lessons')
		await expect(certificates.getByRole('listitem').filter({ hasText: 'Trading Basics' })).toContainText(
			'Not earned yet: 0 of 5 lessons',
		)
		await expect(page.getByRole('region', { name: 'Your progress' })).toContainText('Certificates0/3')

		await page.getByRole('link', { name: lesson(first!).title, exact: true }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy/${first}`)
		const before = longDate.format(new Date())
		await page.getByRole('button', { name: /^Mark as complete/ }).click()
		const after = longDate.format(new Date())
		const finish = page.getByRole('region', { name: 'Lesson completed' })
		await expect(finish).toContainText(
			'You have completed all 5 lessons of Risk Management and earned its certificate.',
		)

		await finish.getByRole('link', { name: 'See your certificate' }).click()
		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy/certificates/risk`)
		await expect(page).toHaveTitle(`Certificate: Risk Management | Academy | ${site.name}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificate of completion: Risk Management')
		const main = page.getByRole('main')
		await expect(main).toContainText('Ngozi Adebayo')
		const dated = (day: string) => `completed all 5 lessons of Risk Management on ${day}.`
		await expect(main).toContainText(before === after ? dated(before) : new RegExp(`${dated(before)}|${dated(after)}`))

		await page.getByRole('link', { name: 'Back to the Academy' }).click()
		await expect(page.getByRole('region', { name: 'Your progress' })).toContainText('Certificates1/3')
		const card = page
			.getByRole('region', { name: 'Certificates' })
			.getByRole('listitem')
			.filter({ hasText: 'Risk Management' })
		await expect(card.getByRole('heading', { level: 3 })).toHaveText('Certificate of completion: Risk Management')
		await expect(card).toContainText('Ngozi Adebayo')
		await expect(card).not.toContainText('Not earned yet')
		await expect(
			card.getByRole('link', { name: /^Open the printable certificate\s*: Risk Management$/ }),
		).toHaveAttribute('href', '/dashboard/academy/certificates/risk')
	})

	test('an earned certificate is dated when the last lesson of the topic was completed', async ({
		page,
		member,
		completeLessons,
	}) => {
		// Completed out of order: the latest is March 9, 2026.
		const days = [3, 9, 1, 7, 5]
		await completeLessons(
			member,
			idsOf('portfolio').map((id, i) => ({ id, at: new Date(Date.UTC(2026, 2, days[i]!, 12)) })),
		)
		await page.goto('/dashboard/academy')
		const card = page
			.getByRole('region', { name: 'Certificates' })
			.getByRole('listitem')
			.filter({ hasText: 'Portfolio Building' })
		await expect(card).toContainText(`${member.name}completed all 5 lessons of Portfolio Building on March 9, 2026.`)
		await page.goto('/dashboard/academy/certificates/portfolio')
		await expect(page.getByRole('main')).toContainText('on March 9, 2026.')
	})

	test('completing every lesson of a tab from the list earns its certificate', async ({ page, member }) => {
		await page.goto('/dashboard/academy?tab=portfolio')
		await waitForHydration(page)
		const progress = page.getByRole('region', { name: 'Your progress' })
		for (let done = 1; done <= 5; done++) {
			await page
				.getByRole('button', { name: /^Mark as complete/ })
				.first()
				.click()
			await expect(page.getByText(`${done} of 15 lessons completed`)).toBeVisible()
		}
		await expect(progress).toContainText('Certificates1/3')
		await expect(page.getByText('5 of 15 lessons completed (33%)')).toBeVisible()
		await expect(
			page.getByRole('heading', { level: 3, name: 'Certificate of completion: Portfolio Building' }),
		).toBeVisible()
		await expect(page.getByRole('link', { name: /^Open the printable certificate/ })).toHaveCount(1)
	})

	test('an unknown lesson, and a certificate not earned, are 404 pages', async ({ page, member, completeLessons }) => {
		await completeLessons(member, idsOf('basics').slice(0, 4))
		for (const url of [
			'/dashboard/academy/no-such-lesson',
			'/dashboard/academy/risk-6',
			'/dashboard/academy/certificates',
			'/dashboard/academy/certificates/basics',
			'/dashboard/academy/certificates/nope',
		]) {
			const response = await page.goto(url)
			expect(response?.status(), url).toBe(404)
			await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), url).toBeVisible()
		}
	})
})
