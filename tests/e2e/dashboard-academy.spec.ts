import { lessons, lessonTabs } from '#app/content/academy.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { otherDevice, waitForHydration } from './support.ts'

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
			const titles = lessons.filter((l) => l.tab === tab.id).map((l, i) => `${i + 1}. ${l.title}`)
			await expect(list.getByRole('heading', { level: 2 })).toHaveText(titles)
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
		const lesson = lessons.find((l) => l.id === 'risk-2')!
		// The lesson's title is in the button's name (visually hidden).
		await page.getByRole('button', { name: new RegExp(`^Mark as complete\\s*: ${lesson.title}$`) }).click()

		await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/academy?tab=risk#lesson-risk-2`)
		await expect(page.getByText('1 of 15 lessons completed (7%)')).toBeVisible()
		await expect(page.getByRole('progressbar', { name: /lessons completed/ })).toHaveAttribute('aria-valuenow', '7')
		const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `2. ${lesson.title}` }) })
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

	test('completing every lesson of a tab earns its certificate', async ({ page, member }) => {
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
	})
})
