import { expect, test } from '@playwright/test'
import { jsOff, open } from './support.ts'

/**
 * The public pages at a phone, a tablet and a desktop width: a full-page
 * screenshot of each is kept as a test artifact (in the test output
 * folder, and attached to the report), and horizontal overflow fails.
 */
const WIDTHS = [360, 768, 1280]
const PAGES = [
	{ name: 'landing', path: '/' },
	{ name: 'terms', path: '/terms' },
]

for (const { name, path } of PAGES) {
	for (const width of WIDTHS) {
		test(`${name} at ${width} px: screenshot kept, no horizontal overflow`, async ({ page }, testInfo) => {
			await page.setViewportSize({ width, height: 800 })
			await open(page, path)
			await page.waitForLoadState('networkidle')
			const file = testInfo.outputPath(`${name}-${width}-${jsOff() ? 'js-off' : 'js-on'}.png`)
			await page.screenshot({ path: file, fullPage: true })
			await testInfo.attach(`${name} at ${width} px`, { path: file, contentType: 'image/png' })
			const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
			expect(scrollWidth, `no horizontal overflow at ${width} px`).toBeLessThanOrEqual(width)
		})
	}
}
