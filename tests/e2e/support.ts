import type { APIRequestContext } from '@playwright/test'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'
import { PASSWORD, registration } from '../playwright-utils.ts'

/** True in the project that runs the browser with JavaScript disabled. */
export function jsOff() {
	return test.info().project.name === 'js-off'
}

function escapeRegExp(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The field shows `message` as its own error: the field is marked invalid,
 * the message is part of its accessible description (aria-describedby) and
 * the element it points at shows the text.
 */
export async function expectFieldError(page: Page, field: Locator, message: string) {
	// A radio group carries aria-invalid itself (ARIA gives it to
	// radiogroup, not to each radio), like any single field.
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)))
	const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean)
	expect(ids.length, 'the field points at its error').toBeGreaterThan(0)
	const described = page.locator(ids.map((id) => `[id="${id}"]`).join(', '))
	await expect(described.getByText(message, { exact: true })).toBeVisible()
}

/** The field carries no error at all. */
export async function expectNoFieldError(field: Locator) {
	await expect(field).not.toHaveAttribute('aria-invalid', 'true')
}

export type SignupData = {
	name: string
	email: string
	password: string
	phone: string
	country: string
	telegram: string
	investmentAmount: string | null
	referralCode?: string
	agree: boolean
	/** The 18+ and risk checkboxes (docs/decisions/023); ticked unless false. */
	adult?: boolean
	acceptRisk?: boolean
}

/** A complete, valid sign-up form's values with a unique email. */
export function signupData(overrides: Partial<SignupData> = {}): SignupData {
	const base = registration()
	return {
		name: base.name,
		email: base.email,
		password: PASSWORD,
		phone: base.phone,
		country: base.country,
		telegram: base.telegram,
		investmentAmount: base.investmentAmount,
		agree: true,
		...overrides,
	}
}

export function signupForm(page: Page) {
	return {
		name: page.getByLabel('Full Name', { exact: true }),
		email: page.getByLabel('Email', { exact: true }),
		password: page.getByLabel('Password', { exact: true }),
		phone: page.getByLabel('Phone', { exact: true }),
		country: page.getByLabel('Country', { exact: true }),
		telegram: page.getByLabel('Telegram Username', { exact: true }),
		capital: page.getByRole('radiogroup', { name: 'Starting Capital' }),
		bracket: (value: string) => page.getByRole('radio', { name: new RegExp(escapeRegExp(value)) }),
		referralCode: page.getByLabel('Referral Code (optional)', { exact: true }),
		terms: page.getByLabel('I agree to the'),
		adult: page.getByLabel('I confirm I am 18 years old or older.'),
		risk: page.getByLabel('I have read and accept the risk warning'),
		submit: page.getByRole('button', { name: 'Create Account' }),
	}
}

/** Fills the sign-up form (already open) with `data`. */
export async function fillSignup(page: Page, data: SignupData) {
	const form = signupForm(page)
	await form.name.fill(data.name)
	await form.email.fill(data.email)
	await form.password.fill(data.password)
	await form.phone.fill(data.phone)
	await form.country.fill(data.country)
	await form.telegram.fill(data.telegram)
	if (data.investmentAmount) await form.bracket(data.investmentAmount).check()
	if (data.referralCode !== undefined) await form.referralCode.fill(data.referralCode)
	if (data.agree) await form.terms.check()
	else await form.terms.uncheck()
	if (data.adult ?? true) await form.adult.check()
	else await form.adult.uncheck()
	if (data.acceptRisk ?? true) await form.risk.check()
	else await form.risk.uncheck()
}

/**
 * Waits until the page's scripts have taken over (JS on), so that clicks
 * go through the client router and its validation. No-op with JS off. The
 * public pages (/ and /terms) are not hydrated: there it waits for their
 * enhancement script (app/enhance/public-pages.js), which marks <html>
 * with data-enhanced once it has wired everything up.
 */
export async function waitForHydration(page: Page) {
	if (jsOff()) return
	// Set by the public pages' script (pages served without hydration), or
	// by the root layout's effect once React has hydrated the page and run
	// every effect (app/root.tsx). An element's `__reactFiber$…` key comes
	// sooner, while React may still be hydrating: a submit then could lose
	// its client validation.
	await page.waitForFunction(
		() =>
			document.documentElement.hasAttribute('data-enhanced') || document.documentElement.hasAttribute('data-hydrated'),
	)
}

/** Signs in through the API and returns the bearer token (or the status). */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
	const res = await request.post('/api/auth/login', { data: { email, password } })
	const body = res.ok() ? await res.json() : null
	return { status: res.status(), token: body?.data?.token as string | undefined }
}

/** Opens `url` and, with JS on, waits until the page is hydrated. */
export async function open(page: Page, url: string) {
	const response = await page.goto(url)
	await waitForHydration(page)
	return response
}

/** A second, independent browser context with the project's settings (another device). */
export async function otherDevice(browser: Browser) {
	return browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: !jsOff() })
}
