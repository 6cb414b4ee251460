import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import {
	BROKER_MESSAGES as M,
	affiliateUrlProblem,
	BrokerCreateApiSchema,
	BrokerFormSchema,
	BrokerUpdateApiSchema,
	parseBrokerSlug,
} from './schemas.ts'
import { brokerRiskWarning } from '#app/components/broker-card.tsx'

const goodForm = {
	name: 'Alpha Markets',
	slug: 'alpha-fx',
	regulator: 'FCA',
	licence: 'FRN 123456',
	lossPercent: '71.32',
	minDeposit: '$1,250.50',
	affiliateUrl: 'https://alpha.example/?sub={trackingId}',
	rating: '4.5',
	bonus: '',
	features: 'One\r\n\r\n Two ',
	recommended: 'on',
	sortOrder: '3',
}

/** The form as the pages read it: FormData through Conform's parseWithZod (blank fields arrive as missing). */
function parseForm(values: Record<string, string>) {
	const formData = new FormData()
	for (const [key, value] of Object.entries(values)) formData.set(key, value)
	return parseWithZod(formData, { schema: BrokerFormSchema })
}

function parsed(values: Record<string, string>) {
	const submission = parseForm(values)
	if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
	return submission.value
}

function formErrors(values: Record<string, string>) {
	const submission = parseForm(values)
	if (submission.status === 'success') return {}
	return Object.fromEntries(Object.entries(submission.error ?? {}).map(([path, messages]) => [path, messages?.[0]]))
}

describe('BrokerFormSchema', () => {
	test('reads the form: cents, features one per line, the checkbox', () => {
		expect(parsed(goodForm)).toEqual({
			name: 'Alpha Markets',
			slug: 'alpha-fx',
			regulator: 'FCA',
			licence: 'FRN 123456',
			lossPercent: 71.32,
			minDepositCents: 125_050,
			affiliateUrl: 'https://alpha.example/?sub={trackingId}',
			rating: 4.5,
			bonus: '',
			features: 'One\nTwo',
			recommended: true,
			sortOrder: 3,
		})
		const { recommended: _r, ...unchecked } = goodForm
		expect(parsed(unchecked).recommended).toBe(false)
	})

	test('blank optional fields read as their defaults', () => {
		expect(
			parsed({ ...goodForm, bonus: '', features: '', minDeposit: '', rating: '', sortOrder: '', recommended: '' }),
		).toMatchObject({ bonus: '', features: '', minDepositCents: 0, rating: 0, sortOrder: 0, recommended: false })
	})

	test('the affiliate link must be https and carry {trackingId}', () => {
		expect(formErrors({ ...goodForm, affiliateUrl: 'http://alpha.example/?sub={trackingId}' })).toEqual({
			affiliateUrl: M.affiliateUrlHttps,
		})
		expect(formErrors({ ...goodForm, affiliateUrl: 'javascript:alert(1)//{trackingId}' })).toEqual({
			affiliateUrl: M.affiliateUrlHttps,
		})
		expect(formErrors({ ...goodForm, affiliateUrl: 'https://alpha.example/?sub=123' })).toEqual({
			affiliateUrl: M.affiliateUrlPlaceholder,
		})
		expect(formErrors({ ...goodForm, affiliateUrl: '' })).toEqual({ affiliateUrl: M.affiliateUrlRequired })
		expect(affiliateUrlProblem('https://user:pw@alpha.example/{trackingId}')).toBe(M.affiliateUrlCredentials)
		expect(affiliateUrlProblem('https:// bad/{trackingId}')).toBe(M.affiliateUrlInvalid)
	})

	test('loss percent from 0 to 100 with decimals; rating 0 to 5', () => {
		expect(parsed({ ...goodForm, lossPercent: '0' }).lossPercent).toBe(0)
		expect(parsed({ ...goodForm, lossPercent: '100' }).lossPercent).toBe(100)
		expect(formErrors({ ...goodForm, lossPercent: '100.01' })).toEqual({ lossPercent: M.lossPercentRange })
		expect(formErrors({ ...goodForm, lossPercent: '-1' })).toEqual({ lossPercent: M.lossPercentFormat })
		expect(formErrors({ ...goodForm, lossPercent: 'abc' })).toEqual({ lossPercent: M.lossPercentFormat })
		expect(formErrors({ ...goodForm, lossPercent: '' })).toEqual({ lossPercent: M.lossPercentRequired })
		expect(formErrors({ ...goodForm, rating: '5.5' })).toEqual({ rating: M.ratingRange })
	})

	test('slug: lowercase a-z, digits and hyphens only', () => {
		for (const slug of ['Alpha', 'al pha', 'alpha_fx', '-alpha', 'alpha--fx', 'é']) {
			expect(formErrors({ ...goodForm, slug }), slug).toEqual({ slug: M.slugFormat })
		}
		expect(formErrors({ ...goodForm, slug: '' })).toEqual({ slug: M.slugRequired })
		expect(formErrors({ ...goodForm, slug: 'new' })).toEqual({ slug: M.slugReserved })
		expect(parseBrokerSlug('xm')).toBe('xm')
		expect(parseBrokerSlug('XM')).toBeNull()
		expect(parseBrokerSlug('../x')).toBeNull()
	})

	test('required texts, control characters and too many features', () => {
		expect(formErrors({ ...goodForm, name: ' ', regulator: '', licence: 'a\u0007' })).toEqual({
			name: M.nameRequired,
			regulator: M.regulatorRequired,
			licence: M.licenceInvalid,
		})
		expect(formErrors({ ...goodForm, features: Array.from({ length: 11 }, (_, i) => `F${i}`).join('\n') })).toEqual({
			features: M.featuresTooMany,
		})
		expect(formErrors({ ...goodForm, sortOrder: '1.5' })).toEqual({ sortOrder: M.sortOrderFormat })
	})
})

describe('the API schemas', () => {
	test('create: numbers in dollars, defaults, unknown fields refused', () => {
		const value = BrokerCreateApiSchema.parse({
			name: 'Alpha',
			slug: 'alpha',
			regulator: 'FCA',
			licence: 'FRN 1',
			lossPercent: 71.32,
			affiliateUrl: 'https://alpha.example/{trackingId}',
			minDeposit: 10.5,
			features: ['One', ' ', 'Two'],
		})
		expect(value).toMatchObject({ minDepositCents: 1050, features: 'One\nTwo', rating: 0, recommended: false })
		expect(BrokerCreateApiSchema.safeParse({ ...value, extra: 1 }).success).toBe(false)
		const bad = BrokerCreateApiSchema.safeParse({
			name: 'Alpha',
			slug: 'alpha',
			regulator: 'FCA',
			licence: 'FRN 1',
			lossPercent: 101,
			affiliateUrl: 'http://alpha.example/{trackingId}',
		})
		expect(bad.success).toBe(false)
		if (bad.success) return
		expect(bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['lossPercent', M.lossPercentRange],
			['affiliateUrl', M.affiliateUrlHttps],
		])
	})

	test('update: at least one field; only the fields given', () => {
		expect(BrokerUpdateApiSchema.parse({ minDeposit: 5 })).toEqual({ minDepositCents: 500 })
		expect(BrokerUpdateApiSchema.parse({ recommended: false })).toEqual({ recommended: false })
		expect(BrokerUpdateApiSchema.safeParse({}).success).toBe(false)
		expect(BrokerUpdateApiSchema.safeParse({ lossPercent: 1.234 }).success).toBe(false)
	})
})

test('the seed brokers pass the rules staff are held to', () => {
	for (const broker of SEED_BROKERS) {
		expect(affiliateUrlProblem(broker.affiliateUrl), broker.slug).toBeNull()
		expect(parseBrokerSlug(broker.slug)).toBe(broker.slug)
	}
})

test('the risk warning names the percentage as published', () => {
	expect(brokerRiskWarning(71.32)).toBe(
		'71.32% of retail investor accounts lose money when trading CFDs with this provider.',
	)
	expect(brokerRiskWarning(74)).toMatch(/^74% of retail/)
})
