import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { LoginFormSchema, SignupFormSchema } from '#app/features/auth/schemas.ts'

// Page forms are parsed by Conform: nested names must not reach the global
// prototype (docs/security.md B6), and a repeated field is refused, not silently picked (B5).
describe('form data parsing', () => {
	test('__proto__ and constructor.prototype names pollute nothing', () => {
		const fd = new FormData()
		fd.append('__proto__[isAdmin]', 'true')
		fd.append('constructor[prototype][isAdmin]', 'true')
		fd.append('email', 'a@b.co')
		fd.append('password', 'x')
		const submission = parseWithZod(fd, { schema: LoginFormSchema })
		expect(submission.status).toBe('success')
		expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
		expect(Object.prototype).not.toHaveProperty('isAdmin')
	})

	test('a repeated scalar field is an error', () => {
		const fd = new FormData()
		fd.append('email', 'a@b.co')
		fd.append('email', 'c@d.co')
		fd.append('password', 'x')
		const submission = parseWithZod(fd, { schema: LoginFormSchema })
		expect(submission.status).toBe('error')
		expect(submission.reply().error?.email).toEqual(['Email is required'])
	})

	test('the terms checkbox must be ticked', () => {
		const fd = new FormData()
		const submission = parseWithZod(fd, { schema: SignupFormSchema })
		expect(submission.reply().error?.agreeToTerms).toEqual(['You must agree to the terms'])
		fd.append('agreeToTerms', 'on')
		expect(parseWithZod(fd, { schema: SignupFormSchema }).reply().error?.agreeToTerms).toBeUndefined()
	})

	test('the 18+ and risk checkboxes must be ticked too (docs/decisions/023)', () => {
		const fd = new FormData()
		const errors = () => parseWithZod(fd, { schema: SignupFormSchema }).reply().error
		expect(errors()?.confirmAge).toEqual(['You must confirm you are 18 or older'])
		expect(errors()?.acknowledgeRisk).toEqual(['You must accept the risk warning'])
		fd.append('confirmAge', 'on')
		fd.append('acknowledgeRisk', 'on')
		expect(errors()?.confirmAge).toBeUndefined()
		expect(errors()?.acknowledgeRisk).toBeUndefined()
	})
})
