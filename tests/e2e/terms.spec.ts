import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { jsOff, open, waitForHydration } from './support.ts'

/** Spec section 2 (/terms), plus Termination: fifteen sections. */
const SECTIONS = [
	'About',
	'No Financial Advice',
	'Risk Disclosure',
	'Third-Party Brokers',
	'Revenue Model',
	'Eligibility',
	'Platform Usage',
	'Privacy & Data',
	'Limitation of Liability',
	'Governing Law',
	'Arbitration',
	'No Class Action',
	'Termination',
	'Modification of Terms',
	'Contact',
]

const toc = (page: Page) => page.getByRole('navigation', { name: 'Table of contents' })
const sectionHeading = (page: Page, index: number) =>
	page.getByRole('heading', { level: 2, name: `${index + 1}. ${SECTIONS[index]}`, exact: true })

test.describe('terms page', () => {
	test('title, last updated date and the fifteen sections in order', async ({ page }) => {
		await open(page, '/terms')
		await expect(page).toHaveTitle('Terms & Conditions | TradeCircle')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions')
		await expect(page.getByText('Last updated June 29, 2025')).toBeVisible()
		await expect(page.locator('main time')).toHaveAttribute('datetime', '2025-06-29')
		const h2s = await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()
		expect(h2s).toEqual(SECTIONS.map((s, i) => `${i + 1}. ${s}`))
	})

	test('the required terms are written out', async ({ page }) => {
		await open(page, '/terms')
		const section = (id: string) => page.locator(`section#${id}`)
		await expect(section('eligibility')).toContainText('at least 18 years old')
		await expect(section('eligibility')).toContainText('legally allowed to trade')
		await expect(section('eligibility')).toContainText('not prohibited or barred from using financial services')
		await expect(section('governing-law')).toContainText('laws of the Federal Republic of Nigeria')
		await expect(section('governing-law')).toContainText('courts of Lagos State')
		await expect(section('arbitration')).toContainText('in Lagos, Nigeria, conducted in the English language')
		await expect(section('arbitration')).toContainText('trial by jury')
		await expect(section('arbitration')).toContainText('class or representative action')
		await expect(section('no-class-action')).toContainText('class, collective or representative action')
		await expect(section('revenue-model')).toContainText('partner brokers')
		await expect(section('risk-disclosure')).toContainText('78% of retail CFD accounts lose money')
		await expect(section('contact')).toContainText('@TradeCircleSupport')
	})

	test('the header follows the session', async ({ page, createMember, signIn }) => {
		await open(page, '/terms')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
		await signIn(page, await createMember({ unlocked: true }))
		await open(page, '/terms')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible()
		await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible()
	})

	test.describe('at 1280 px', () => {
		test.use({ viewport: { width: 1280, height: 800 } })

		test('every table of contents link reaches its section', async ({ page }) => {
			await open(page, '/terms')
			const links = toc(page).getByRole('link')
			await expect(links).toHaveText(SECTIONS.map((s, i) => `${i + 1}. ${s}`))
			for (let i = 0; i < SECTIONS.length; i++) {
				await links.nth(i).click()
				await expect(page).toHaveURL(
					new RegExp(`#${await links.nth(i).evaluate((a) => a.getAttribute('href')!.slice(1))}$`),
				)
				await expect(sectionHeading(page, i)).toBeInViewport()
			}
		})

		test('the table of contents marks the section in view (JS)', async ({ page }) => {
			test.skip(jsOff(), 'highlighting is a JS enhancement')
			await open(page, '/terms')
			for (const name of ['3. Risk Disclosure', '6. Eligibility', '10. Governing Law']) {
				await toc(page).getByRole('link', { name }).click()
				await expect(toc(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'location')
				await expect(toc(page).locator('[aria-current]')).toHaveCount(1)
			}
			await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
			await expect(toc(page).getByRole('link', { name: '15. Contact' })).toHaveAttribute('aria-current', 'location')
		})

		test('reading progress and back to top', async ({ page }) => {
			await open(page, '/terms')
			if (jsOff()) {
				await page.locator('#contact').scrollIntoViewIfNeeded()
				await page.locator('main').getByRole('link', { name: 'Back to top' }).click()
				await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
				return
			}
			const bar = page.getByTestId('reading-progress')
			await expect(bar).toHaveCSS('transform', 'matrix(0, 0, 0, 1, 0, 0)')
			await expect(page.getByRole('link', { name: 'Back to top' })).toHaveCount(1)
			await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
			await expect(bar).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)')
			const floating = page.getByRole('link', { name: 'Back to top' }).last()
			await expect(page.getByRole('link', { name: 'Back to top' })).toHaveCount(2)
			await page.evaluate(() => window.scrollTo(0, 1500))
			await floating.click()
			await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
		})
	})

	test.describe('at 360 px', () => {
		test.use({ viewport: { width: 360, height: 740 } })

		test('the contents drawer opens, locks the page while open (JS) and its links reach the sections', async ({
			page,
		}) => {
			await open(page, '/terms')
			const summary = page.locator('details summary', { hasText: 'Contents' })
			await expect(toc(page)).toBeHidden()
			await summary.click()
			await expect(toc(page)).toBeVisible()
			if (!jsOff()) await expect(page.locator('body')).toHaveCSS('overflow', 'hidden')
			await toc(page).getByRole('link', { name: '9. Limitation of Liability' }).click()
			await expect(page).toHaveURL(/#limitation-of-liability$/)
			if (jsOff()) {
				// The native drawer stays open: close it by its summary.
				await summary.click()
			} else {
				await expect(toc(page)).toBeHidden()
				await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')
			}
			await expect(sectionHeading(page, 8)).toBeInViewport()
			if (!jsOff()) await expect(summary).toContainText('Limitation of Liability')
		})

		test('Escape closes the open drawer (JS)', async ({ page }) => {
			test.skip(jsOff(), 'a JS enhancement')
			await open(page, '/terms')
			await page.locator('details summary', { hasText: 'Contents' }).click()
			await expect(toc(page)).toBeVisible()
			await page.keyboard.press('Escape')
			await expect(toc(page)).toBeHidden()
			await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')
		})
	})
})

test('the terms link of the hydrated sign-up form loads the terms as a document, with their script (JS)', async ({
	page,
}) => {
	test.skip(jsOff(), 'client navigation needs JS')
	await open(page, '/signup')
	expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true)
	await page.getByRole('link', { name: 'Terms & Conditions' }).first().click()
	await expect(page).toHaveURL((url) => url.pathname === '/terms')
	await waitForHydration(page)
	expect(
		await page.evaluate(() => ({
			enhanced: document.documentElement.hasAttribute('data-enhanced'),
			router: '__reactRouterContext' in window,
			document: new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name).pathname,
		})),
	).toEqual({ enhanced: true, router: false, document: '/terms' })
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions')
})
