import { useForm, type SubmissionResult } from '@conform-to/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { CheckboxField, Field, SelectField, TextareaField } from './forms.tsx'
import { PasswordField } from './password-field.tsx'

// The field components take Conform's field metadata: the label names the
// control, and an invalid control says so and points at its errors.

type Values = { email: string; plan: string; about: string; agree: string; password: string }

function TestForm({ lastResult, extra }: { lastResult?: SubmissionResult<string[]>; extra?: string[] }) {
	const [form, fields] = useForm<Values>({ id: 'test-form', lastResult, constraint: { email: { required: true } } })
	return (
		<form id={form.id}>
			<Field
				label="Email"
				field={fields.email}
				type="email"
				hint="We never share it."
				inputProps={{ autoComplete: 'email' }}
				extraErrors={extra}
			/>
			<SelectField label="Plan" field={fields.plan}>
				<option value="gold">Gold</option>
			</SelectField>
			<TextareaField label="About" field={fields.about} textareaProps={{ rows: 2 }} />
			<CheckboxField label="I agree" field={fields.agree} />
			<PasswordField label="Password" field={fields.password} />
		</form>
	)
}

function attributes(html: string, id: string) {
	const tag = new RegExp(`<(input|select|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? ''
	return {
		tag,
		invalid: /aria-invalid="true"/.test(tag),
		describedBy: /aria-describedby="([^"]*)"/.exec(tag)?.[1] ?? null,
	}
}

describe('field components', () => {
	test('valid: labelled, constraints and the hint, no aria-invalid', () => {
		const html = renderToString(<TestForm />)
		expect(html).toContain('<label for="test-form-email"')
		const email = attributes(html, 'test-form-email')
		expect(email.tag).toMatch(/name="email"/)
		expect(email.tag).toMatch(/type="email"/)
		expect(email.tag).toMatch(/required=""/)
		expect(email.tag).toMatch(/autoComplete="email"|autocomplete="email"/)
		expect(email).toMatchObject({ invalid: false, describedBy: 'test-form-email-hint' })
		for (const id of ['test-form-plan', 'test-form-about', 'test-form-agree', 'test-form-password']) {
			expect(html, id).toContain(`<label for="${id}"`)
			expect(attributes(html, id), id).toMatchObject({ invalid: false, describedBy: null })
		}
	})

	test('invalid: aria-invalid and aria-describedby name the error list (with the hint)', () => {
		const lastResult: SubmissionResult<string[]> = {
			status: 'error',
			initialValue: { email: 'x' },
			error: {
				email: ['Invalid email address'],
				plan: ['Plan must be one of regular, gold'],
				about: ['About is required'],
				agree: ['You must agree to the terms'],
				password: ['Password is required'],
			},
		}
		const html = renderToString(<TestForm lastResult={lastResult} extra={['Registration failed']} />)
		expect(attributes(html, 'test-form-email')).toMatchObject({
			invalid: true,
			describedBy: 'test-form-email-hint test-form-email-error',
		})
		expect(html).toMatch(
			/<ul id="test-form-email-error"[^>]*><li[^>]*>Invalid email address<\/li><li[^>]*>Registration failed<\/li><\/ul>/,
		)
		expect(html).toMatch(/value="x"/)
		for (const [id, message] of [
			['test-form-plan', 'Plan must be one of regular, gold'],
			['test-form-about', 'About is required'],
			['test-form-agree', 'You must agree to the terms'],
			['test-form-password', 'Password is required'],
		] as const) {
			expect(attributes(html, id), id).toMatchObject({ invalid: true, describedBy: `${id}-error` })
			expect(html, id).toMatch(new RegExp(`<ul id="${id}-error"[^>]*><li[^>]*>${message}</li></ul>`))
		}
	})

	test('errors that are not the field own make it invalid too (the form error under sign-up email)', () => {
		const html = renderToString(<TestForm extra={['An account with this email already exists']} />)
		expect(attributes(html, 'test-form-email')).toMatchObject({
			invalid: true,
			describedBy: 'test-form-email-hint test-form-email-error',
		})
	})
})
