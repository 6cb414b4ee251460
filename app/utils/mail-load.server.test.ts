import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { MAILER_STEPS, mailer } from './mail.server.ts'

// Its own file: the first mailer() of this module is the one measured.
describe('loading nodemailer', () => {
	test('a module per turn: the process serves between the steps; each step is a module of the installed nodemailer', async () => {
		const require = createRequire(import.meta.url)
		for (const step of MAILER_STEPS) expect(() => require.resolve(step), step).not.toThrow()
		let turns = 0
		let counting = true
		const count = () => {
			if (!counting) return
			turns++
			setImmediate(count)
		}
		setImmediate(count)
		const nodemailer = await mailer()
		counting = false
		expect(typeof nodemailer.createTransport).toBe('function')
		expect(turns).toBeGreaterThanOrEqual(MAILER_STEPS.length)
		expect(await mailer()).toBe(nodemailer)
		for (const step of MAILER_STEPS) expect(require.cache[require.resolve(step)], step).toBeDefined()
	})
})
