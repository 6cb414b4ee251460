import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { getEnv, resetEnv } from './env.server.ts'
import { escapeHtml, onMailFailure, sendMail } from './mail.server.ts'

afterEach(() => {
	delete process.env.SMTP_URL
	delete process.env.MAIL_OUTBOX
	delete process.env.MAIL_FROM
	resetEnv()
})

function outbox() {
	const dir = getEnv().mailOutbox
	return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []
}

describe('sendMail without SMTP_URL', () => {
	test('writes one .eml file into DATA_DIR/outbox', async () => {
		expect(getEnv().mailOutbox).toBe(path.join(getEnv().dataDir, 'outbox'))
		expect(
			await sendMail({
				to: 'member@example.com',
				subject: 'Hello there',
				text: 'Plain body',
				html: '<p>Html body</p>',
			}),
		).toBe(true)
		const files = outbox()
		expect(files).toHaveLength(1)
		expect(files[0]).toMatch(/\.eml$/)
		expect(fs.statSync(files[0]!).mode & 0o077).toBe(0)
		const raw = fs.readFileSync(files[0]!, 'utf8')
		expect(raw).toMatch(/^To: member@example\.com$/m)
		expect(raw).toMatch(/^Subject: Hello there$/m)
		expect(raw).toMatch(/^From: .*no-reply@/m)
		expect(raw).toContain('Plain body')
		expect(raw).toContain('<p>Html body</p>')
	})

	test('MAIL_OUTBOX and MAIL_FROM are honoured', async () => {
		const dir = path.join(getEnv().dataDir, 'custom-outbox')
		process.env.MAIL_OUTBOX = dir
		process.env.MAIL_FROM = 'Team <team@example.org>'
		resetEnv()
		await sendMail({ to: 'a@example.com', subject: 'S', text: 'T' })
		const files = fs.readdirSync(dir)
		expect(files).toHaveLength(1)
		expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toMatch(/^From: Team <team@example\.org>$/m)
	})

	test('two mails at once get two files', async () => {
		await Promise.all([
			sendMail({ to: 'a@example.com', subject: 'One', text: '1' }),
			sendMail({ to: 'b@example.com', subject: 'Two', text: '2' }),
		])
		expect(outbox()).toHaveLength(2)
	})

	test('CR/LF in the subject cannot add headers', async () => {
		await sendMail({ to: 'a@example.com', subject: 'Hi\r\nBcc: evil@example.com', text: 'x' })
		const raw = fs.readFileSync(outbox()[0]!, 'utf8')
		expect(raw).not.toMatch(/^Bcc:/im)
	})
})

describe('sendMail with a failing SMTP server', () => {
	test('resolves to false and tells the listeners; never throws', async () => {
		process.env.SMTP_URL = 'smtp://127.0.0.1:1'
		resetEnv()
		const errors: unknown[] = []
		const off = onMailFailure((error) => errors.push(error))
		try {
			expect(await sendMail({ to: 'a@example.com', subject: 'S', text: 'T' })).toBe(false)
		} finally {
			off()
		}
		expect(errors).toHaveLength(1)
		expect(outbox()).toHaveLength(0)
	})
})

describe('escapeHtml', () => {
	test('escapes the five HTML specials', () => {
		expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
			'&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
		)
		expect(escapeHtml('plain text')).toBe('plain text')
	})
})
