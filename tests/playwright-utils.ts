import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_MAIL_DIR, E2E_UNLOCK_CODE } from './setup/e2e-config.ts'

export { E2E_UNLOCK_CODE }
export const PASSWORD = 'Str0ngPassw0rd'

export function uniqueEmail(prefix = 'member') {
	return `${prefix}-${randomUUID().slice(0, 12)}@example.com`
}

export function registration(overrides: Record<string, unknown> = {}) {
	const id = randomUUID().slice(0, 8)
	return {
		name: `Ada Member${id}`,
		email: uniqueEmail(),
		password: PASSWORD,
		phone: '+2348012345678',
		country: 'Nigeria',
		telegram: `@ada_${id}`,
		investmentAmount: '$100-$500',
		...overrides,
	}
}

/** Creates a member through the API; returns the payload, token and user. */
export async function createMember(
	request: APIRequestContext,
	options: { unlocked?: boolean; overrides?: Record<string, unknown> } = {},
) {
	const payload = registration(options.overrides)
	const res = await request.post('/api/auth/register', { data: payload })
	expect(res.status(), await res.text()).toBe(201)
	const body = await res.json()
	if (options.unlocked) {
		const unlock = await request.post('/api/auth/verify-code', {
			data: { code: E2E_UNLOCK_CODE },
			headers: { Authorization: `Bearer ${body.data.token}` },
		})
		expect(unlock.status()).toBe(200)
	}
	return { ...payload, token: body.data.token as string, user: body.data.user }
}

/** Signs in through the real form (works with JS on and off). */
export async function login(page: Page, email: string, password = PASSWORD) {
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign In' }).click()
}

function decodeQuotedPrintable(raw: string) {
	return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
}

/**
 * How long a completed contest's result mails may take: whichever serving
 * process answered the complete request, the one that runs the scheduler
 * is prompted at once through the primary (runJobSoon, decision 066), so
 * well within one of its ticks (30 s).
 */
export const CONTEST_RESULT_MAIL_WAIT_MS = 10_000

/** Waits for a mail to `to` received by the test SMTP server. */
export async function waitForMail(to: string, options: { subject?: string; timeout?: number } = {}) {
	const deadline = Date.now() + (options.timeout ?? 10_000)
	for (;;) {
		const files = fs.existsSync(E2E_MAIL_DIR) ? fs.readdirSync(E2E_MAIL_DIR).sort() : []
		for (const file of files.reverse()) {
			let mail: { to: string[]; raw: string }
			try {
				mail = JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8'))
			} catch {
				continue // the mail catcher is still writing it: read it on the next round
			}
			if (!mail.to.includes(to.toLowerCase())) continue
			const text = decodeQuotedPrintable(mail.raw)
			if (options.subject && !text.includes(`Subject: ${options.subject}`)) continue
			return { ...mail, text }
		}
		if (Date.now() > deadline) throw new Error(`no mail for ${to}`)
		await new Promise((r) => setTimeout(r, 100))
	}
}

export function countMails(to: string) {
	if (!fs.existsSync(E2E_MAIL_DIR)) return 0
	return fs.readdirSync(E2E_MAIL_DIR).filter((f) => {
		try {
			return (JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as { to: string[] }).to.includes(
				to.toLowerCase(),
			)
		} catch {
			return false // still being written
		}
	}).length
}

/** The reset link of the newest reset mail to `to`. */
export async function resetLinkFor(to: string) {
	const mail = await waitForMail(to, { subject: 'Reset your password' })
	const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)
	if (!match) throw new Error('no reset link in mail')
	return match[0]
}
