import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { jsOff, waitForHydration } from './support.ts'

/**
 * The accessibility bar of tests/e2e/a11y.spec.ts as a helper: zero axe
 * violations of any impact, no horizontal overflow at phone width, and with
 * JS no Content-Security-Policy violation or page error. Call
 * `watchPageProblems` before opening the page, then `expectAccessible` (one
 * width) or `expectAccessibleAtWidths` (the phone and the desktop width).
 */

/** The phone width (overflow is checked here) and the desktop width. */
export const PHONE = { width: 360, height: 800 }
export const DESKTOP = { width: 1280, height: 800 }
/** For test titles: "at 360 and 1280 px". */
export const AT_BOTH_WIDTHS = `at ${PHONE.width} and ${DESKTOP.width} px`
export function watchPageProblems(page: Page) {
	const problems: string[] = []
	if (!jsOff()) {
		page.on('console', (msg) => {
			if (/Content[- ]Security[- ]Policy/i.test(msg.text())) problems.push(`console: ${msg.text()}`)
		})
		page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
	}
	return problems
}

export async function expectAccessible(page: Page, problems: string[] = []) {
	await waitForHydration(page)
	await page.waitForLoadState('networkidle')
	if (jsOff()) {
		// axe yields with timers, which do not fire while page scripts are
		// disabled: run its callbacks as microtasks instead.
		await page.evaluate(() => {
			const later = <T extends unknown[]>(fn: (...a: T) => void, ...args: T) => {
				void Promise.resolve().then(() => fn(...args))
				return 0
			}
			const w = window as unknown as Record<string, unknown>
			w.setTimeout = (fn: () => void, _ms?: number, ...args: []) => later(fn, ...args)
			w.clearTimeout = () => {}
			w.requestAnimationFrame = (fn: (t: number) => void) => later(fn, performance.now())
			w.requestIdleCallback = (fn: (d: object) => void) => later(fn, { didTimeout: false, timeRemaining: () => 50 })
		})
	}
	// Every rule runs; only the violations are gathered node by node (the
	// passes' and the inapplicable rules' selectors were most of axe's time).
	const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()
	const summary = results.violations.map((v) => ({
		id: v.id,
		impact: v.impact,
		help: v.help,
		targets: v.nodes.map((n) => n.target.join(' ')),
	}))
	expect(summary, 'axe violations').toEqual([])
	const width = page.viewportSize()?.width ?? 0
	if (width <= 360) {
		const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
		expect(scrollWidth, `no horizontal overflow at ${width}px`).toBeLessThanOrEqual(width)
	}
	expect(problems, 'CSP violations and page errors').toEqual([])
}

/**
 * One page state at both widths: `expectAccessible` at 360x800, then the
 * viewport resized to 1280x800 and `expectAccessible` again. The app lays
 * out by CSS alone (no script reads the width at load; the landing's
 * parallax follows a media query's changes), so a resize shows the same
 * state as a fresh load at that width, without running the state's setup
 * (members, sign-in, data, page loads) a second time. `reload` loads the
 * page again at the desktop width, for a state that survives a reload and
 * whose markup a script would fix at load time. Either width may be the
 * current one when called: it starts by setting the phone width.
 */
export async function expectAccessibleAtWidths(
	page: Page,
	problems: string[] = [],
	{ reload = false }: { reload?: boolean } = {},
) {
	await test.step(`accessible at ${PHONE.width}x${PHONE.height}`, async () => {
		await page.setViewportSize(PHONE)
		await expectAccessible(page, problems)
	})
	await test.step(`accessible at ${DESKTOP.width}x${DESKTOP.height}`, async () => {
		await page.setViewportSize(DESKTOP)
		if (reload) await page.reload()
		await expectAccessible(page, problems)
	})
}
