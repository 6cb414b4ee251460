import { describe, expect, test } from 'vitest'
import type { ZodError } from 'zod'
import { EmailSchema, NewPasswordSchema, PasswordSchema } from '#app/utils/validation.ts'
import {
	ForgotPasswordApiSchema,
	ForgotPasswordSchema,
	INVESTMENT_AMOUNTS,
	LoginApiSchema,
	LoginFormSchema,
	RegisterApiSchema,
	ResetPasswordApiSchema,
	ResetPasswordFormSchema,
	SignupFormSchema,
	TERMS_VERSION,
	UnlockCodeApiSchema,
	UnlockCodeSchema,
} from '#app/features/auth/schemas.ts'

/** Field path -> every message zod reported for it. */
function fieldErrors(error: ZodError | undefined) {
	const out: Record<string, string[]> = {}
	for (const issue of error?.issues ?? []) {
		const key = issue.path.join('.')
		;(out[key] ??= []).push(issue.message)
	}
	return out
}

function validSignup(overrides: Record<string, unknown> = {}) {
	return {
		name: 'Ada Lovelace',
		email: 'ada@example.com',
		password: 'Str0ngPassw0rd',
		phone: '+234 801 234 5678',
		country: 'Nigeria',
		telegram: '@ada_l',
		investmentAmount: '$100-$500',
		agreeToTerms: true,
		confirmAge: true,
		acknowledgeRisk: true,
		...overrides,
	}
}

function validRegisterApi(overrides: Record<string, unknown> = {}) {
	const { agreeToTerms: _ignored, confirmAge: _age, acknowledgeRisk: _risk, ...rest } = validSignup()
	return { ...rest, ...overrides }
}

/** The messages of one field of the sign-up form for a given value. */
function signupMessages(field: string, value: unknown) {
	const result = SignupFormSchema.safeParse(validSignup({ [field]: value }))
	expect(result.success).toBe(false)
	const errors = fieldErrors(result.error)
	// Only the field under test fails.
	expect(Object.keys(errors)).toEqual([field])
	return errors[field]
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8')

describe('sign-up form: the spec messages, one per field', () => {
	test('a valid form parses, email normalised, password untouched', () => {
		const result = SignupFormSchema.safeParse(
			validSignup({ email: '  Ada@Example.COM ', password: ' Str0ngPassw0rd ', name: '  Ada  ' }),
		)
		expect(result.success).toBe(true)
		expect(result.data?.email).toBe('ada@example.com')
		expect(result.data?.password).toBe(' Str0ngPassw0rd ')
		expect(result.data?.name).toBe('Ada')
		expect(result.data?.agreeToTerms).toBe(true)
		expect(result.data?.referralCode).toBeUndefined()
	})

	test('an empty form gives exactly the spec message for every required field', () => {
		const result = SignupFormSchema.safeParse({})
		expect(result.success).toBe(false)
		expect(fieldErrors(result.error)).toEqual({
			name: ['Full name is required'],
			email: ['Email is required'],
			password: ['Password is required'],
			phone: ['Required'],
			country: ['Required'],
			telegram: ['Telegram username is required'],
			investmentAmount: ['Please select an investment amount'],
			agreeToTerms: ['You must agree to the terms'],
			confirmAge: ['You must confirm you are 18 or older'],
			acknowledgeRisk: ['You must accept the risk warning'],
		})
	})

	test('empty strings and whitespace-only values are "required"', () => {
		const result = SignupFormSchema.safeParse({
			name: '   ',
			email: ' \t ',
			password: '',
			phone: '  ',
			country: '\n',
			telegram: ' ',
			investmentAmount: '',
			agreeToTerms: false,
			confirmAge: false,
			acknowledgeRisk: false,
		})
		expect(fieldErrors(result.error)).toEqual({
			name: ['Full name is required'],
			email: ['Email is required'],
			password: ['Password is required'],
			phone: ['Required'],
			country: ['Required'],
			telegram: ['Telegram username is required'],
			investmentAmount: ['Please select an investment amount'],
			agreeToTerms: ['You must agree to the terms'],
			confirmAge: ['You must confirm you are 18 or older'],
			acknowledgeRisk: ['You must accept the risk warning'],
		})
	})

	test.each(['plainaddress', 'a@b', 'a@b.', '@example.com', 'a b@example.com', 'a@@example.com', 'ada@exa mple.com'])(
		'email %j is an invalid address',
		(email) => {
			expect(signupMessages('email', email)).toEqual(['Invalid email address'])
		},
	)

	test('password shorter than 8 gives only the length message', () => {
		expect(signupMessages('password', 'Ab1')).toEqual(['Password must be at least 8 characters'])
		expect(signupMessages('password', 'Abcdef1')).toEqual(['Password must be at least 8 characters'])
	})

	test.each(['abcdefgh1', 'ABCDEFGH1', 'Abcdefghi', '12345678', '        '])(
		'password %j lacks a class',
		(password) => {
			expect(signupMessages('password', password)).toEqual(['Password must contain uppercase, lowercase, and number'])
		},
	)

	test('exactly 8 characters with every class is accepted', () => {
		expect(SignupFormSchema.safeParse(validSignup({ password: 'Abcdefg1' })).success).toBe(true)
	})

	test('telegram must start with @', () => {
		expect(signupMessages('telegram', 'ada_l')).toEqual(['Telegram username must start with @'])
		expect(SignupFormSchema.safeParse(validSignup({ telegram: '  @ada  ' })).data?.telegram).toBe('@ada')
	})

	test.each(['$10', '100-500', '$100-$500 ', 'gold'])('investment amount %j is refused', (amount) => {
		expect(signupMessages('investmentAmount', amount)).toEqual(['Please select an investment amount'])
	})

	test('every capital bracket is accepted', () => {
		for (const amount of INVESTMENT_AMOUNTS) {
			expect(SignupFormSchema.safeParse(validSignup({ investmentAmount: amount })).success).toBe(true)
		}
	})

	test('terms must be agreed to with a real true', () => {
		expect(signupMessages('agreeToTerms', false)).toEqual(['You must agree to the terms'])
		expect(signupMessages('agreeToTerms', 'true')).toEqual(['You must agree to the terms'])
		expect(signupMessages('agreeToTerms', 'on')).toEqual(['You must agree to the terms'])
	})

	test('the referral code is optional, trimmed and upper-cased', () => {
		expect(SignupFormSchema.safeParse(validSignup({ referralCode: '' })).data?.referralCode).toBeUndefined()
		expect(SignupFormSchema.safeParse(validSignup({ referralCode: '   ' })).data?.referralCode).toBeUndefined()
		expect(SignupFormSchema.safeParse(validSignup({ referralCode: ' abcd2345 ' })).data?.referralCode).toBe('ABCD2345')
		expect(signupMessages('referralCode', 'X'.repeat(33))).toEqual(['Invalid referral code'])
	})

	test('control characters in the name are refused', () => {
		expect(signupMessages('name', 'Ada\u0000Lovelace')).toEqual(['Full name contains characters that are not allowed'])
		expect(signupMessages('name', 'Ada\r\nBcc: x@evil.example')).toEqual([
			'Full name contains characters that are not allowed',
		])
	})

	test('the terms version is the one the spec names', () => {
		expect(TERMS_VERSION).toBe('June 29, 2025')
	})
})

describe('emails', () => {
	test('are trimmed and lower-cased', () => {
		expect(EmailSchema.parse('  Ada.Lovelace+Tag@Example.COM\t')).toBe('ada.lovelace+tag@example.com')
		expect(LoginFormSchema.parse({ email: ' A@B.IO ', password: 'x' }).email).toBe('a@b.io')
		expect(ForgotPasswordSchema.parse({ email: 'X@Y.Z' }).email).toBe('x@y.z')
	})

	test('at most 254 characters (RFC 5321)', () => {
		const local = 'a'.repeat(64)
		const ok = `${local}@${'b'.repeat(254 - 64 - 1 - 4)}.com`
		expect(ok.length).toBe(254)
		expect(EmailSchema.safeParse(ok).success).toBe(true)
		const tooLong = `${local}@${'b'.repeat(254 - 64 - 4)}.com`
		expect(tooLong.length).toBe(255)
		expect(EmailSchema.safeParse(tooLong).error?.issues.map((i) => i.message)).toEqual([
			'Email must be at most 254 characters',
		])
	})

	test('header injection through the address is refused', () => {
		expect(EmailSchema.safeParse('x@example.com\r\nBcc:evil@x.io').success).toBe(false)
		expect(EmailSchema.safeParse('x@example.com%0d%0aBcc:evil@x').success).toBe(false) // a second @
	})

	test('control characters (NUL, DEL, ...) are refused in the address (B9)', () => {
		for (const email of ['x@exa\u0000mple.com', 'x\u0001@example.com', 'x@example.com\u007f', 'x\u001f@example.com']) {
			expect(EmailSchema.safeParse(email).success).toBe(false)
		}
	})

	test('Unicode look-alikes are normalised before the uniqueness check (B10)', () => {
		// Full-width letters (NFKC) and a decomposed é (NFD) name the same address.
		expect(EmailSchema.parse('\uff41\uff44\uff41@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com')).toBe(
			'ada@example.com',
		)
		expect(EmailSchema.parse('re\u0301my@example.com')).toBe(EmailSchema.parse('r\u00e9my@example.com'))
		expect(EmailSchema.parse('A@Example.COM')).toBe('a@example.com')
	})

	test('a ReDoS probe validates fast (<100 ms)', () => {
		const probes = ['a'.repeat(50_000) + '@', '@'.repeat(50_000), 'a@' + 'a.'.repeat(25_000), 'a@' + 'a'.repeat(250)]
		for (const probe of probes) {
			const start = performance.now()
			const result = EmailSchema.safeParse(probe)
			const elapsed = performance.now() - start
			expect(result.success).toBe(false)
			expect(elapsed).toBeLessThan(100)
		}
	})
})

describe('passwords', () => {
	test('are never trimmed', () => {
		expect(NewPasswordSchema.parse('  Abcdefg1  ')).toBe('  Abcdefg1  ')
		expect(PasswordSchema.parse(' pw ')).toBe(' pw ')
		expect(LoginApiSchema.parse({ email: 'a@b.io', password: '\tsecret\t' }).password).toBe('\tsecret\t')
	})

	test('72 bytes are accepted, 73 refused with a clear message (new password)', () => {
		const ascii72 = 'Aa1' + 'a'.repeat(69)
		expect(bytes(ascii72)).toBe(72)
		expect(NewPasswordSchema.safeParse(ascii72).success).toBe(true)
		expect(NewPasswordSchema.safeParse(ascii72 + 'a').error?.issues.map((i) => i.message)).toEqual([
			'Password is too long (at most 72 bytes)',
		])

		// Multi-byte: 3 + 17*4 + 1 = 72 bytes
		const emoji72 = 'Aa1' + '😀'.repeat(17) + 'b'
		expect(bytes(emoji72)).toBe(72)
		expect(NewPasswordSchema.safeParse(emoji72).success).toBe(true)
		const emoji73 = emoji72 + 'c'
		expect(emoji73.length).toBeLessThan(72) // fewer than 72 characters, still too many bytes
		expect(NewPasswordSchema.safeParse(emoji73).error?.issues.map((i) => i.message)).toEqual([
			'Password is too long (at most 72 bytes)',
		])
	})

	test("'😀'.repeat(18) is exactly 72 bytes and the login schema accepts it; one byte more is refused", () => {
		const emoji = '😀'.repeat(18)
		expect(bytes(emoji)).toBe(72)
		expect(PasswordSchema.safeParse(emoji).success).toBe(true)
		expect(LoginFormSchema.safeParse({ email: 'a@b.io', password: emoji }).success).toBe(true)
		const result = LoginFormSchema.safeParse({ email: 'a@b.io', password: emoji + 'x' })
		expect(fieldErrors(result.error)).toEqual({ password: ['Password is too long (at most 72 bytes)'] })
		expect(LoginApiSchema.safeParse({ email: 'a@b.io', password: 'a'.repeat(73) }).success).toBe(false)
		expect(LoginApiSchema.safeParse({ email: 'a@b.io', password: 'a'.repeat(72) }).success).toBe(true)
	})

	test('a login password of any composition is accepted, empty is required', () => {
		expect(LoginFormSchema.safeParse({ email: 'a@b.io', password: 'x' }).success).toBe(true)
		expect(fieldErrors(LoginFormSchema.safeParse({ email: '', password: '' }).error)).toEqual({
			email: ['Email is required'],
			password: ['Password is required'],
		})
		expect(fieldErrors(LoginFormSchema.safeParse({ email: 'nope', password: 'x' }).error)).toEqual({
			email: ['Invalid email address'],
		})
	})

	test('1,000 and 10,000 characters are refused as too long', () => {
		for (const n of [1000, 10_000]) {
			expect(NewPasswordSchema.safeParse('Aa1' + 'a'.repeat(n)).error?.issues[0]?.message).toBe(
				'Password is too long (at most 72 bytes)',
			)
			expect(PasswordSchema.safeParse('a'.repeat(n)).error?.issues[0]?.message).toBe(
				'Password is too long (at most 72 bytes)',
			)
		}
	})

	test('a NUL byte is kept, not cut', () => {
		expect(PasswordSchema.parse('pa\u0000ss')).toBe('pa\u0000ss')
	})
})

describe('reset password', () => {
	test('passwords must match', () => {
		const result = ResetPasswordFormSchema.safeParse({
			token: 'abc',
			password: 'Abcdefg1',
			confirmPassword: 'Abcdefg2',
		})
		expect(fieldErrors(result.error)).toEqual({ confirmPassword: ['Passwords do not match'] })
	})

	test('a trailing space makes them differ (no trimming)', () => {
		const result = ResetPasswordFormSchema.safeParse({
			token: 'abc',
			password: 'Abcdefg1',
			confirmPassword: 'Abcdefg1 ',
		})
		expect(fieldErrors(result.error)).toEqual({ confirmPassword: ['Passwords do not match'] })
	})

	test('the sign-up rules apply to the new password and the token is required', () => {
		const result = ResetPasswordFormSchema.safeParse({ token: '  ', password: 'short', confirmPassword: 'short' })
		expect(fieldErrors(result.error)).toEqual({
			token: ['Invalid reset token'],
			password: ['Password must be at least 8 characters'],
		})
		expect(
			fieldErrors(
				ResetPasswordFormSchema.safeParse({ token: 't', password: 'abcdefgh', confirmPassword: 'abcdefgh' }).error,
			),
		).toEqual({ password: ['Password must contain uppercase, lowercase, and number'] })
	})

	test('matching valid passwords parse', () => {
		const result = ResetPasswordFormSchema.safeParse({
			token: ' tok ',
			password: 'Abcdefg1',
			confirmPassword: 'Abcdefg1',
		})
		expect(result.success).toBe(true)
		expect(result.data?.token).toBe('tok')
	})

	test('the API schema: token and password, strict', () => {
		expect(ResetPasswordApiSchema.safeParse({ token: 't', password: 'Abcdefg1' }).success).toBe(true)
		expect(fieldErrors(ResetPasswordApiSchema.safeParse({ password: 'Abcdefg1' }).error)).toEqual({
			token: ['Invalid reset token'],
		})
		expect(
			fieldErrors(ResetPasswordApiSchema.safeParse({ token: 'x'.repeat(201), password: 'Abcdefg1' }).error),
		).toEqual({
			token: ['Invalid reset token'],
		})
		const extra = ResetPasswordApiSchema.safeParse({ token: 't', password: 'Abcdefg1', confirmPassword: 'x' })
		expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys')
	})
})

describe('unlock code', () => {
	test.each(['', '   ', '\t\n'])('%j asks for the code', (code) => {
		expect(fieldErrors(UnlockCodeSchema.safeParse({ code }).error)).toEqual({
			code: ['Please enter your unlock code'],
		})
	})

	test('missing or of the wrong type asks for the code', () => {
		expect(fieldErrors(UnlockCodeSchema.safeParse({}).error)).toEqual({ code: ['Please enter your unlock code'] })
		expect(fieldErrors(UnlockCodeSchema.safeParse({ code: 123456 }).error)).toEqual({
			code: ['Please enter your unlock code'],
		})
	})

	test('is trimmed; over 64 characters is an invalid code', () => {
		expect(UnlockCodeSchema.parse({ code: '  abcd-1234 ' }).code).toBe('abcd-1234')
		expect(fieldErrors(UnlockCodeSchema.safeParse({ code: 'x'.repeat(65) }).error)).toEqual({
			code: ['Invalid code. Please try again.'],
		})
	})

	test('the API schema is strict', () => {
		expect(UnlockCodeApiSchema.safeParse({ code: 'A', userId: 2 }).success).toBe(false)
	})
})

describe('API schemas are strict', () => {
	const cases = [
		['register', RegisterApiSchema, validRegisterApi()],
		['login', LoginApiSchema, { email: 'a@b.io', password: 'x' }],
		['forgot', ForgotPasswordApiSchema, { email: 'a@b.io' }],
		['reset', ResetPasswordApiSchema, { token: 't', password: 'Abcdefg1' }],
		['unlock', UnlockCodeApiSchema, { code: 'ABC' }],
	] as const

	test.each(cases)('%s: the valid payload parses', (_name, schema, payload) => {
		expect(schema.safeParse(payload).success).toBe(true)
	})

	test.each(cases)('%s: an unknown key is refused', (_name, schema, payload) => {
		const result = schema.safeParse({ ...payload, role: 'super_admin' })
		expect(result.success).toBe(false)
		const issue = result.error?.issues.find((i) => i.code === 'unrecognized_keys')
		expect(issue && 'keys' in issue ? issue.keys : []).toEqual(['role'])
	})

	test.each(cases)('%s: __proto__ from JSON is refused and pollutes nothing', (_name, schema, payload) => {
		const body = JSON.parse(`{"__proto__":{"isAdmin":true},${JSON.stringify(payload).slice(1)}`)
		expect(Object.keys(body)).toContain('__proto__')
		const result = schema.safeParse(body)
		expect(result.success).toBe(false)
		const issue = result.error?.issues.find((i) => i.code === 'unrecognized_keys')
		expect(issue && 'keys' in issue ? issue.keys : []).toEqual(['__proto__'])
		expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
	})

	test('constructor.prototype is an unknown key too', () => {
		const body = JSON.parse(`{"constructor":{"prototype":{"role":"super_admin"}},"email":"a@b.io","password":"x"}`)
		expect(LoginApiSchema.safeParse(body).success).toBe(false)
		expect(({} as Record<string, unknown>).role).toBeUndefined()
	})

	test('register accepts referralCode null and the terms flag only as true', () => {
		expect(RegisterApiSchema.parse(validRegisterApi({ referralCode: null })).referralCode).toBeUndefined()
		expect(RegisterApiSchema.safeParse(validRegisterApi({ agreeToTerms: true })).success).toBe(true)
		expect(fieldErrors(RegisterApiSchema.safeParse(validRegisterApi({ agreeToTerms: false })).error)).toEqual({
			agreeToTerms: ['You must agree to the terms'],
		})
	})

	test('the register API gives the same messages as the form', () => {
		expect(fieldErrors(RegisterApiSchema.safeParse({}).error)).toEqual({
			name: ['Full name is required'],
			email: ['Email is required'],
			password: ['Password is required'],
			phone: ['Required'],
			country: ['Required'],
			telegram: ['Telegram username is required'],
			investmentAmount: ['Please select an investment amount'],
		})
	})
})

describe('type confusion gives errors, never throws', () => {
	const weird: unknown[] = [null, 0, 123, true, [], ['a@x.io'], {}, { $ne: null }, Symbol.for('x')]

	test.each(weird.map((v) => [String(typeof v === 'symbol' ? 'symbol' : JSON.stringify(v)), v]))(
		'%s in every field of the register API',
		(_label, value) => {
			const payload = Object.fromEntries(Object.keys(validRegisterApi()).map((k) => [k, value]))
			let result: ReturnType<typeof RegisterApiSchema.safeParse> | undefined
			expect(() => {
				result = RegisterApiSchema.safeParse(payload)
			}).not.toThrow()
			expect(result?.success).toBe(false)
			const errors = fieldErrors(result?.error)
			expect(errors.email).toEqual(['Email is required'])
			expect(errors.password).toEqual(['Password is required'])
			expect(errors.name).toEqual(['Full name is required'])
			expect(errors.investmentAmount).toEqual(['Please select an investment amount'])
		},
	)

	test('non-object bodies are refused', () => {
		for (const body of [null, undefined, 'x', 42, [], [validRegisterApi()]]) {
			expect(RegisterApiSchema.safeParse(body).success).toBe(false)
			expect(LoginApiSchema.safeParse(body).success).toBe(false)
		}
	})

	test('{"password": true} and {"email": ["a@x.io"]} on login', () => {
		expect(fieldErrors(LoginApiSchema.safeParse({ email: ['a@x.io'], password: true }).error)).toEqual({
			email: ['Email is required'],
			password: ['Password is required'],
		})
	})

	test('numbers are not coerced to strings', () => {
		expect(fieldErrors(SignupFormSchema.safeParse(validSignup({ phone: 2348012345678 })).error)).toEqual({
			phone: ['Required'],
		})
	})
})

describe('10,000-character strings are refused', () => {
	const long = 'a'.repeat(10_000)
	test.each([
		['name', long, 'Full name must be at most 100 characters'],
		['email', `${long}@example.com`, 'Email must be at most 254 characters'],
		['password', `Aa1${long}`, 'Password is too long (at most 72 bytes)'],
		['phone', '1'.repeat(10_000), 'Phone must be at most 32 characters'],
		['country', long, 'Country must be at most 56 characters'],
		['telegram', `@${long}`, 'Telegram username must be at most 33 characters'],
		['investmentAmount', long, 'Please select an investment amount'],
		['referralCode', long, 'Invalid referral code'],
	])('%s', (field, value, message) => {
		expect(signupMessages(field, value)).toEqual([message])
		const api = RegisterApiSchema.safeParse(validRegisterApi({ [field]: value }))
		expect(fieldErrors(api.error)).toEqual({ [field]: [message] })
	})

	test('the maximum length itself is accepted', () => {
		expect(SignupFormSchema.safeParse(validSignup({ name: 'a'.repeat(100) })).success).toBe(true)
		expect(signupMessages('name', 'a'.repeat(101))).toEqual(['Full name must be at most 100 characters'])
		expect(SignupFormSchema.safeParse(validSignup({ telegram: '@' + 'a'.repeat(32) })).success).toBe(true)
		expect(signupMessages('telegram', '@' + 'a'.repeat(33))).toEqual([
			'Telegram username must be at most 33 characters',
		])
	})

	test('login, forgot, reset and unlock too', () => {
		expect(LoginApiSchema.safeParse({ email: `${long}@x.io`, password: 'x' }).success).toBe(false)
		expect(LoginApiSchema.safeParse({ email: 'a@x.io', password: long }).success).toBe(false)
		expect(ForgotPasswordApiSchema.safeParse({ email: `${long}@x.io` }).success).toBe(false)
		expect(ResetPasswordApiSchema.safeParse({ token: long, password: 'Abcdefg1' }).success).toBe(false)
		expect(UnlockCodeApiSchema.safeParse({ code: long }).success).toBe(false)
		expect(LoginFormSchema.safeParse({ email: 'a@x.io', password: 'x', redirectTo: `/${long}` }).success).toBe(false)
	})
})
