import type { Locator, Page, TestInfo } from '@playwright/test'
import { site } from '#app/content/site.ts'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { expectAccessible } from './axe.ts'
import { open } from './support.ts'

// Icons (one same-origin sprite, other/icon-sprite.ts), the self-hosted
// font, the 404 page inside the site's header and footer, and the buttons'
// shared heights. Runs with JS on and off: none of it needs JavaScript.

/** Every request the page makes, and every CSP violation the browser reports, from now on. */
function watch(page: Page) {
	const requests: string[] = []
	const violations: string[] = []
	page.on('request', (r) => requests.push(r.url()))
	page.on('console', (m) => {
		if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
	})
	return { requests, violations }
}

/** The `<use>` targets of the icons inside `scope`: one sprite URL and the symbol names. */
async function iconTargets(scope: Locator) {
	const hrefs = await scope.locator('svg > use').evaluateAll((uses) => uses.map((u) => u.getAttribute('href') ?? ''))
	expect(hrefs.length, 'icons in the region').toBeGreaterThan(0)
	const sprites = new Set(hrefs.map((h) => h.split('#')[0]))
	expect([...sprites], 'one sprite').toHaveLength(1)
	return { sprite: [...sprites][0]!, names: hrefs.map((h) => h.split('#')[1]!) }
}

/**
 * The sprite is served from /assets (same origin, cached for a year) and
 * holds a symbol for each name; the first icon really paints: its pixels
 * change when its `<use>` points nowhere.
 */
async function expectIconsRender(page: Page, scope: Locator, testInfo: TestInfo, name: string) {
	const { sprite, names } = await iconTargets(scope)
	expect(sprite).toMatch(/^\/assets\/icons-[\w-]+\.svg$/)
	const res = await page.request.get(sprite)
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toContain('image/svg+xml')
	expect(res.headers()['cache-control']).toContain('immutable')
	const body = await res.text()
	for (const icon of new Set(names)) expect(body, icon).toContain(`<symbol id="${icon}"`)

	const icon = scope.locator('svg:has(> use)').first()
	await expect(icon).toBeVisible()
	await expect(icon).toHaveAttribute('aria-hidden', 'true')
	const box = await icon.boundingBox()
	expect(box!.width).toBeGreaterThanOrEqual(12)
	const drawn = await icon.screenshot()
	await icon.locator('use').evaluate((use) => use.setAttribute('href', '#no-such-icon'))
	const blank = await icon.screenshot()
	expect(drawn.equals(blank), 'the icon paints something').toBe(false)
	await icon.locator('use').evaluate((use, href) => use.setAttribute('href', href), `${sprite}#${names[0]}`)
	await testInfo.attach(`${name}.png`, { body: await page.screenshot(), contentType: 'image/png' })
}

test.describe('icons from the sprite', () => {
	test('the landing page (cached, hash-based CSP): feature and step icons render, nothing leaves the origin', async ({
		page,
	}, testInfo) => {
		const seen = watch(page)
		await open(page, '/')
		await expect(page.locator('#features li svg > use')).toHaveCount(6)
		await expect(page.locator('#how-it-works li svg > use')).toHaveCount(3)
		await expectIconsRender(page, page.locator('#features'), testInfo, 'landing-features')
		await expectIconsRender(page, page.locator('#how-it-works'), testInfo, 'landing-steps')

		// The self-hosted font: one woff2 from /assets, in use once loaded.
		await expect
			.poll(() =>
				page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"'))),
			)
			.toBe(true)
		const fonts = seen.requests.filter((u) => /\.woff2$/.test(u))
		expect(fonts).toHaveLength(1)
		expect(fonts[0]).toMatch(new RegExp(`^${E2E_BASE_URL}/assets/inter-latin-wght-normal-[\\w-]+\\.woff2$`))
		const font = await page.request.get(fonts[0]!)
		expect(font.headers()['content-type']).toBe('font/woff2')
		expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/)

		const foreign = seen.requests.filter((u) => !u.startsWith(`${E2E_BASE_URL}/`) && !u.startsWith('data:'))
		expect(foreign, 'requests that leave the origin').toEqual([])
		expect(seen.violations).toEqual([])
	})

	test('the member dashboard (nonce CSP): navigation and stat tiles', async ({ page, member }, testInfo) => {
		const seen = watch(page)
		await open(page, '/dashboard')
		const nav = page.getByRole('navigation', { name: 'Dashboard' }).last()
		await expect(nav.getByRole('link', { name: 'Academy' })).toBeVisible()
		// One icon per entry (every entry of the navigation is a link).
		const entries = await nav.getByRole('link').count()
		expect(entries).toBeGreaterThanOrEqual(8)
		await expect(nav.locator('a > span:first-child > svg > use')).toHaveCount(entries)
		await expectIconsRender(page, nav, testInfo, 'dashboard-nav')
		await expectIconsRender(page, page.locator('section[aria-labelledby="stats-heading"]'), testInfo, 'dashboard-stats')
		// The icon adds nothing to the names: the link is still just its label.
		await expect(nav.getByRole('link', { name: 'Academy', exact: true })).toBeVisible()
		expect(seen.violations).toEqual([])
	})

	test('the admin portal: navigation and stat cards', async ({ page, admin }, testInfo) => {
		const seen = watch(page)
		await open(page, '/admin/dashboard')
		const nav = page.getByRole('navigation', { name: 'Administration' }).last()
		await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible()
		await expectIconsRender(page, nav, testInfo, 'admin-nav')
		await expectIconsRender(page, page.locator('section[aria-labelledby="stats-heading"]'), testInfo, 'admin-stats')
		expect(seen.violations).toEqual([])
	})
})

test.describe('the 404 page', () => {
	test('a visitor on an unknown URL gets the site header and footer around the 404', async ({ page }) => {
		const response = await page.goto('/no-such-page/anywhere')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
		const header = page.getByRole('banner')
		await expect(header.getByRole('link', { name: site.name })).toHaveAttribute('href', '/')
		await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
		await expect(header.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup')
		await expect(page.getByRole('contentinfo')).toContainText(site.riskWarning)
		await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
		expect(await page.content()).not.toMatch(/at \w+ \(.*:\d+:\d+\)/)
	})

	test('a signed-in member gets the header with Dashboard and Sign Out', async ({ page, member }) => {
		const response = await page.goto('/dashboard/no-such-section')
		expect(response?.status()).toBe(404)
		const header = page.getByRole('banner')
		await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
		await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible()
		await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
		await expect(page.getByRole('contentinfo')).toContainText(site.riskWarning)
		await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard')
	})

	// Issue 37 part 7: a 404 inside the member area (an unknown trader, lesson,
	// certificate, a bad notifications page) showed "Sign In" and "Get Started Free".
	for (const path of [
		'/dashboard/traders/no-such-trader',
		'/dashboard/academy/no-such-lesson',
		'/dashboard/notifications?page=x',
	]) {
		test(`a member on ${path} stays in the member area's header and navigation`, async ({ page, member }) => {
			const response = await page.goto(path)
			expect(response?.status()).toBe(404)
			await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
			await expect(page.getByText('Your plan:')).toBeAttached()
			await expect(page.getByRole('navigation').first()).toBeAttached()
			await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
			await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0)
			const back = page.getByRole('link', { name: 'Back to the dashboard' })
			await expect(back).toHaveAttribute('href', '/dashboard')
			for (const width of [360, 1280]) {
				await page.setViewportSize({ width, height: 800 })
				await expectAccessible(page)
			}
			await back.click()
			await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible()
			expect(await page.content()).not.toMatch(/at \w+ \(.*:\d+:\d+\)/)
		})
	}

	test('a certificate not earned (a printable page outside the member layout): the signed-in header', async ({
		page,
		member,
	}) => {
		const response = await page.goto('/dashboard/academy/certificates/no-such-topic')
		expect(response?.status()).toBe(404)
		const header = page.getByRole('banner')
		await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
		await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard')
	})
})

const height = async (l: Locator) => (await l.boundingBox())!.height

test.describe('typography and buttons', () => {
	test('buttons side by side share one height; figures use tabular numerals', async ({ page }) => {
		await open(page, '/')
		const header = page.getByRole('banner')
		const signIn = await height(header.getByRole('link', { name: 'Sign In' }))
		expect(await height(header.getByRole('link', { name: 'Get Started Free' }))).toBe(signIn)
		const hero = page.locator('section[aria-labelledby="hero-title"]')
		const primary = await height(hero.getByRole('link', { name: 'Get Started Free' }))
		expect(await height(hero.getByRole('link', { name: 'See How It Works' }))).toBe(primary)
		expect(primary).toBeGreaterThan(signIn)
		for (const figure of [
			page.locator('section[aria-labelledby="stats-title"] dd').first(),
			page.getByRole('timer'),
			page.locator('#pricing li:has(h3) .text-4xl').first(),
		])
			expect(await figure.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe('tabular-nums')
	})

	test('Logout is a quiet button: no fill and no border beside the filled and outlined ones; label centred', async ({
		page,
		admin,
	}) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		await open(page, '/admin/dashboard')
		const logout = page.getByRole('button', { name: 'Logout' }).filter({ visible: true })
		const mainSite = page.getByRole('link', { name: 'Main Site' }).filter({ visible: true })
		await expect(logout).toBeVisible()
		const style = await logout.evaluate((el) => {
			const s = getComputedStyle(el)
			return { bg: s.backgroundColor, border: s.borderTopColor, justify: s.justifyContent, align: s.alignItems }
		})
		// Transparent fill and border (the ghost style) until hovered.
		expect(style.bg).toMatch(/rgba\(0, 0, 0, 0\)|transparent/)
		expect(style.border).toMatch(/rgba\(0, 0, 0, 0\)|transparent|oklab\(0 0 0 \/ 0\)|oklch\(0 0 0 \/ 0\)/)
		expect(style.justify).toBe('center')
		expect(style.align).toBe('center')
		// As tall as the button beside it, which has a visible border.
		expect(await height(logout)).toBe(await height(mainSite))
		expect(await mainSite.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toMatch(/rgba\(0, 0, 0, 0\)/)
	})

	test('an admin list filter: the submit is "Apply filters", as tall as the fields beside it', async ({
		page,
		admin,
	}) => {
		await open(page, '/admin/users')
		const apply = page.getByRole('button', { name: 'Apply filters' })
		await expect(apply).toBeVisible()
		expect(await height(apply)).toBe(await height(page.locator('#users-status')))
		expect(await height(apply)).toBe(await height(page.locator('#users-search')))
	})
})
