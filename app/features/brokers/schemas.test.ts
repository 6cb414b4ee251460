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
	spreadsText,
	MARKET_PATTERN,
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
			copyTrading: false,
			commissionPerLotCents: 0,
			copyFeePercent: 0,
			spreads: [],
			howWeEarn: '',
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

describe('the costs of copying (decision 060)', () => {
	test('the form reads the costs: the box, dollars to cents, one spread a line', () => {
		expect(
			parsed({
				...goodForm,
				copyTrading: 'on',
				commissionPerLot: '$3.50',
				copyFeePercent: '20.5',
				spreads: 'eurusd 7.50\r\n\r\nXAUUSD: 16\nUS500=$0.8\n EUR/USD  12 ',
				howWeEarn: ' Revenue share on members\u2019 spreads ',
			}),
		).toMatchObject({
			copyTrading: true,
			commissionPerLotCents: 350,
			copyFeePercent: 20.5,
			spreads: [
				{ market: 'EURUSD', spreadCents: 750 },
				{ market: 'XAUUSD', spreadCents: 1600 },
				{ market: 'US500', spreadCents: 80 },
				{ market: 'EUR/USD', spreadCents: 1200 },
			],
			howWeEarn: 'Revenue share on members\u2019 spreads',
		})
	})

	test('a bad cost is refused at its field, a bad spread line by its number', () => {
		expect(formErrors({ ...goodForm, commissionPerLot: 'ten' })).toEqual({ commissionPerLot: M.commissionFormat })
		expect(formErrors({ ...goodForm, commissionPerLot: '1000.01' })).toEqual({ commissionPerLot: M.commissionRange })
		expect(formErrors({ ...goodForm, copyFeePercent: '101' })).toEqual({ copyFeePercent: M.copyFeeRange })
		expect(formErrors({ ...goodForm, copyFeePercent: '-5' })).toEqual({ copyFeePercent: M.copyFeeFormat })
		expect(formErrors({ ...goodForm, spreads: 'EURUSD 7.5\nGBPUSD' })).toEqual({ spreads: M.spreadLine(2) })
		expect(formErrors({ ...goodForm, spreads: 'EURUSD 7.5\nGBPUSD 1 2' })).toEqual({ spreads: M.spreadLine(2) })
		expect(formErrors({ ...goodForm, spreads: 'EURUSD abc' })).toEqual({ spreads: `Line 1: ${M.spreadFormat}` })
		expect(formErrors({ ...goodForm, spreads: 'EURUSD 10000.01' })).toEqual({ spreads: `Line 1: ${M.spreadRange}` })
		expect(formErrors({ ...goodForm, spreads: 'EUR%USD 1' })).toEqual({ spreads: `Line 1: ${M.spreadMarketInvalid}` })
		expect(formErrors({ ...goodForm, spreads: 'EURUSD 1\neurusd 2' })).toEqual({ spreads: M.spreadRepeated('EURUSD') })
		expect(formErrors({ ...goodForm, spreads: Array.from({ length: 51 }, (_, i) => `M${i} 1`).join('\n') })).toEqual({
			spreads: M.spreadsTooMany,
		})
		expect(formErrors({ ...goodForm, howWeEarn: 'x'.repeat(201) })).toEqual({ howWeEarn: M.howWeEarnTooLong })
	})

	test('the API takes numbers and a spreads list; the form shows them back', () => {
		expect(
			BrokerUpdateApiSchema.parse({
				copyTrading: true,
				commissionPerLot: 6,
				copyFeePercent: 30,
				spreads: [{ market: 'xauusd', spreadPerLot: 15.25 }],
				howWeEarn: 'Rebate per lot',
			}),
		).toEqual({
			copyTrading: true,
			commissionPerLotCents: 600,
			copyFeePercent: 30,
			spreads: [{ market: 'XAUUSD', spreadCents: 1525 }],
			howWeEarn: 'Rebate per lot',
		})
		for (const body of [
			{ copyTrading: 'yes' },
			{ commissionPerLot: -1 },
			{ commissionPerLot: 1.234 },
			{ copyFeePercent: 100.5 },
			{ spreads: [{ market: 'EURUSD', spreadPerLot: -1 }] },
			{ spreads: [{ market: 'EUR USD', spreadPerLot: 1 }] },
			{ spreads: [{ market: 'EURUSD' }] },
			{ spreads: [{ market: 'EURUSD', spreadPerLot: 1, extra: 1 }] },
			{
				spreads: [
					{ market: 'EURUSD', spreadPerLot: 1 },
					{ market: 'eurusd', spreadPerLot: 2 },
				],
			},
			{ spreads: 'EURUSD 1' },
		]) {
			expect(BrokerUpdateApiSchema.safeParse(body).success, JSON.stringify(body)).toBe(false)
		}
		expect(
			spreadsText([
				{ market: 'EURUSD', spreadPerLot: 7.5 },
				{ market: 'XAUUSD', spreadPerLot: 16 },
			]),
		).toBe('EURUSD 7.50\nXAUUSD 16.00')
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
		expect(broker.spreads.length, broker.slug).toBeGreaterThan(0)
		for (const { market } of broker.spreads) expect(market).toMatch(MARKET_PATTERN)
	}
})

test('the risk warning names the percentage as published', () => {
	expect(brokerRiskWarning(71.32)).toBe(
		'71.32% of retail investor accounts lose money when trading CFDs with this provider.',
	)
	expect(brokerRiskWarning(74)).toMatch(/^74% of retail/)
})
