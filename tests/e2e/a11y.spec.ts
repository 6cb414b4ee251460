import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, type Fixtures } from '../fixtures.ts'
import { resetLinkFor } from '../playwright-utils.ts'
import { AT_BOTH_WIDTHS, DESKTOP, expectAccessible, expectAccessibleAtWidths, PHONE, watchPageProblems } from './axe.ts'
import { signupForm, waitForHydration } from './support.ts'

/**
 * Every page of the member account journey, at a phone and a desktop width:
 * zero axe violations of any impact, no horizontal overflow on the phone,
 * and (with JS) no Content-Security-Policy violation or page error.
 */

type Setup = (
	page: Page,
	fixtures: { request: APIRequestContext } & Pick<Fixtures, 'createMember' | 'signIn'>,
) => Promise<void>

const pages: Array<{ name: string; status?: number; setup: Setup }> = [
	{ name: 'landing /', setup: async (page) => void (await page.goto('/')) },
	{
		name: 'landing / (signed in)',
		setup: async (page, { createMember, signIn }) => {
			await signIn(page, await createMember({ unlocked: true }))
			await page.goto('/')
			await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
		},
	},
	{ name: '/terms', setup: async (page) => void (await page.goto('/terms')) },
	{ name: '/signup', setup: async (page) => void (await page.goto('/signup')) },
	{ name: '/login', setup: async (page) => void (await page.goto('/login')) },
	{ name: '/forgot-password', setup: async (page) => void (await page.goto('/forgot-password')) },
	{ name: '/reset-password without a token', setup: async (page) => void (await page.goto('/reset-password')) },
	{
		name: '/reset-password with a valid token',
		setup: async (page, { request, createMember }) => {
			const member = await createMember()
			const res = await request.post('/api/auth/forgot-password', { data: { email: member.email } })
			expect(res.status()).toBe(200)
			await page.goto(await resetLinkFor(member.email))
			await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()
		},
	},
	{
		name: '/next-steps (signed in, not unlocked)',
		setup: async (page, { createMember, signIn }) => {
			await signIn(page, await createMember())
			await page.goto('/next-steps')
		},
	},
	{
		name: '/dashboard (unlocked)',
		setup: async (page, { createMember, signIn }) => {
			await signIn(page, await createMember({ unlocked: true }))
			await page.goto('/dashboard')
		},
	},
	{ name: 'the 404 page', setup: async (page) => void (await page.goto('/no-such-page')) },
	{
		name: '/signup after a failed submit (errors shown)',
		setup: async (page) => {
			await page.goto('/signup')
			await waitForHydration(page)
			const form = signupForm(page)
			await form.email.fill('not-an-email')
			await form.submit.click()
			await expect(page.getByText('Invalid email address')).toBeVisible()
			await expect(page.getByText('You must agree to the terms')).toBeVisible()
		},
	},
	{
		name: '/login after a failed sign-in (banner shown)',
		setup: async (page) => {
			await page.goto('/login')
			await waitForHydration(page)
			await page.getByLabel('Email', { exact: true }).fill('nobody-a11y@example.com')
			await page.getByLabel('Password', { exact: true }).fill('Wr0ngPassword')
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByRole('alert')).toContainText('Invalid email or password')
		},
	},
	{
		name: '/next-steps after a wrong code (error shown)',
		setup: async (page, { createMember, signIn }) => {
			await signIn(page, await createMember())
			await page.goto('/next-steps')
			await waitForHydration(page)
			await page.getByLabel('Unlock Code', { exact: true }).fill('WRONG-CODE')
			await page.getByRole('button', { name: 'Unlock Dashboard' }).click()
			await expect(page.getByText('Invalid code. Please try again.')).toBeVisible()
		},
	},
]

test.describe('member account journey', () => {
	test.use({ viewport: PHONE })

	for (const { name, setup } of pages) {
		test(`${name} ${AT_BOTH_WIDTHS} has no accessibility violations`, async ({
			page,
			request,
			createMember,
			signIn,
		}) => {
			const problems = watchPageProblems(page)
			await setup(page, { request, createMember, signIn })
			await expectAccessibleAtWidths(page, problems)
		})
	}

	// Two states, each at the one width where it exists: the contents drawer
	// is the phone's (a <details>, hidden at desktop widths), choosing a
	// section from the always-shown contents the desktop's.
	test('/terms with the contents drawer open at 360 px and a section chosen at 1280 px has no accessibility violations', async ({
		page,
	}) => {
		const problems = watchPageProblems(page)
		const contents = page.getByRole('navigation', { name: 'Table of contents' })
		const summary = page.locator('details summary', { hasText: 'Contents' })
		await test.step('the contents drawer open at 360 px', async () => {
			await page.goto('/terms')
			await waitForHydration(page)
			await summary.click()
			await contents.getByRole('link', { name: '6. Eligibility' }).waitFor()
			await expectAccessible(page, problems)
		})
		await test.step('a section chosen at 1280 px', async () => {
			await page.setViewportSize(DESKTOP)
			await page.goto('/terms')
			await waitForHydration(page)
			await expect(summary).toBeHidden()
			await contents.getByRole('link', { name: '6. Eligibility' }).waitFor()
			await page.getByRole('link', { name: '6. Eligibility' }).click()
			await expectAccessible(page, problems)
		})
	})
})
