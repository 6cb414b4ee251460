import { z } from 'zod'
import { CONTROL_CHARS, textFieldMessages } from '#app/utils/validation.ts'

/**
 * The words of /admin/brokers, /api/admin/brokers* and the member's broker
 * cards and disclosures (issue 14 parts 1 and 2). Browser-safe.
 */
export const BROKER_LIMITS = {
	name: 100,
	slug: 40,
	regulator: 200,
	licence: 200,
	affiliateUrl: 500,
	bonus: 120,
	features: 10,
	feature: 120,
	/** The largest minimum deposit accepted, in dollars. */
	minDepositDollars: 1_000_000,
	sortOrder: 9999,
	/** The costs (decision 060): the largest commission per lot and spread per lot accepted, in dollars. */
	commissionPerLotDollars: 1_000,
	spreadPerLotDollars: 10_000,
	spreads: 50,
	market: 20,
	howWeEarn: 200,
} as const

export const TRACKING_ID_PLACEHOLDER = '{trackingId}'

export const BROKER_MESSAGES = {
	...textFieldMessages('name', 'Name', BROKER_LIMITS.name),
	slugRequired: 'Slug is required',
	slugFormat: 'Slug may only use lowercase letters a-z, digits and single hyphens (like "exness" or "hf-markets")',
	slugTooLong: `Slug must be at most ${BROKER_LIMITS.slug} characters`,
	slugTaken: 'This slug is already used by another broker',
	slugReserved: 'This slug is reserved; choose another',
	...textFieldMessages('regulator', 'Regulator', BROKER_LIMITS.regulator),
	...textFieldMessages('licence', 'Licence', BROKER_LIMITS.licence),
	lossPercentRequired: 'Loss percentage is required',
	lossPercentFormat: 'Enter the percentage as a number from 0 to 100, like 71.32',
	lossPercentRange: 'Loss percentage must be from 0 to 100',
	minDepositFormat: 'Enter the minimum deposit in USD, like 10 or 10.50',
	minDepositRange: `Minimum deposit must be from $0 to $${BROKER_LIMITS.minDepositDollars.toLocaleString('en-US')}`,
	affiliateUrlRequired: 'Affiliate link is required',
	affiliateUrlHttps: 'The affiliate link must be an https:// link, like https://broker.example/?sub={trackingId}',
	affiliateUrlInvalid: 'The affiliate link is not a valid URL',
	affiliateUrlPlaceholder: `The affiliate link must contain ${TRACKING_ID_PLACEHOLDER} where the member's tracking id goes`,
	affiliateUrlTooLong: `The affiliate link must be at most ${BROKER_LIMITS.affiliateUrl} characters`,
	affiliateUrlCredentials: 'The affiliate link must not contain a user name or password',
	ratingFormat: 'Enter the rating as a number from 0 to 5, like 4.5',
	ratingRange: 'Rating must be from 0 to 5',
	bonusTooLong: `Bonus must be at most ${BROKER_LIMITS.bonus} characters`,
	bonusInvalid: 'Bonus contains characters that are not allowed',
	featuresTooMany: `At most ${BROKER_LIMITS.features} features`,
	featureTooLong: `Each feature must be at most ${BROKER_LIMITS.feature} characters`,
	featureInvalid: 'Features contain characters that are not allowed',
	recommendedInvalid: 'recommended must be true or false',
	sortOrderFormat: `Sort order must be a whole number from 0 to ${BROKER_LIMITS.sortOrder}`,
	copyTradingInvalid: 'copyTrading must be true or false',
	commissionFormat: 'Enter the commission in USD per lot, like 7 or 3.50',
	commissionRange: `Commission per lot must be from $0 to $${BROKER_LIMITS.commissionPerLotDollars.toLocaleString('en-US')}`,
	copyFeeFormat: 'Enter the copy or performance fee as a percentage from 0 to 100, like 20',
	copyFeeRange: 'Copy or performance fee must be from 0 to 100%',
	spreadsTooMany: `At most ${BROKER_LIMITS.spreads} markets`,
	spreadLine: (line: number) => `Line ${line}: write the market and its spread in USD per lot, like "EURUSD 7.50"`,
	spreadMarketInvalid:
		'Markets are instrument symbols of up to 20 letters, digits, ".", "/", "_", "-" or "#" (like XAUUSD or EUR/USD)',
	spreadFormat: 'Enter the spread in USD per lot, like 7 or 7.50',
	spreadRange: `Spread must be from $0 to $${BROKER_LIMITS.spreadPerLotDollars.toLocaleString('en-US')} per lot`,
	spreadRepeated: (market: string) => `${market} is listed twice`,
	howWeEarnTooLong: `How we earn must be at most ${BROKER_LIMITS.howWeEarn} characters`,
	howWeEarnInvalid: 'How we earn contains characters that are not allowed',
	nothingToChange: 'Give at least one field to change',
	pageTitle: 'Brokers',
	newTitle: 'Add Broker',
	loadFailed: 'Failed to load brokers',
	notFound: 'Broker not found',
	created: 'Broker added.',
	updated: 'Broker updated.',
	deactivated: 'Broker deactivated: members no longer see it and its links answer 404.',
	activated: 'Broker reactivated: members see it again.',
	alreadyInactive: 'This broker is already inactive.',
	alreadyActive: 'This broker is already active.',
	deactivateWarning:
		'Members will no longer see this broker, and its tracked links (/go/…) will answer 404. Its clicks, tracking ids and reports are kept; you can reactivate it at any time.',
} as const

/**
 * /admin/brokers (forms) and /api/admin/brokers* (JSON): the broker's
 * fields. Browser-safe. The forms send text (dollars, percentages); the API
 * sends numbers, booleans and a features array; both come out as
 * BrokerInput (minimum deposit in cents, features one per line).
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** Slugs the staff pages use for themselves (/admin/brokers/new). */
const RESERVED_SLUGS = new Set(['new'])

export type BrokerInput = {
	name: string
	slug: string
	regulator: string
	licence: string
	lossPercent: number
	minDepositCents: number
	affiliateUrl: string
	rating: number
	bonus: string
	/** One per line. */
	features: string
	recommended: boolean
	sortOrder: number
	/** The costs (decision 060). */
	copyTrading: boolean
	commissionPerLotCents: number
	copyFeePercent: number
	spreads: BrokerSpread[]
	howWeEarn: string
}

/** One market's spread at a broker: the symbol and US cents per standard lot (decision 060). */
export type BrokerSpread = { market: string; spreadCents: number }

/** An instrument symbol, as traders.markets spell them (app/features/traders/schemas.ts). */
export const MARKET_PATTERN = /^[A-Z0-9./_#-]{1,20}$/

function issue(ctx: z.RefinementCtx, message: string) {
	ctx.addIssue({ code: z.ZodIssueCode.custom, message })
}

function text(options: { required?: string; max: number; tooLong: string; invalid: string }) {
	return z
		.string({
			required_error: options.required ?? options.invalid,
			invalid_type_error: options.required ?? options.invalid,
		})
		.trim()
		.superRefine((value, ctx) => {
			if (value.length === 0 && options.required) issue(ctx, options.required)
			else if (value.length > options.max) issue(ctx, options.tooLong)
			else if (CONTROL_CHARS.test(value)) issue(ctx, options.invalid)
		})
}

/** A required one-line field (name, regulator, licence): its limit and its three messages are named after it. */
function requiredText(field: 'name' | 'regulator' | 'licence') {
	return text({
		required: BROKER_MESSAGES[`${field}Required`],
		max: BROKER_LIMITS[field],
		tooLong: BROKER_MESSAGES[`${field}TooLong`],
		invalid: BROKER_MESSAGES[`${field}Invalid`],
	})
}
const NameSchema = requiredText('name')
const RegulatorSchema = requiredText('regulator')
const LicenceSchema = requiredText('licence')
const HowWeEarnSchema = text({
	max: BROKER_LIMITS.howWeEarn,
	tooLong: BROKER_MESSAGES.howWeEarnTooLong,
	invalid: BROKER_MESSAGES.howWeEarnInvalid,
})
const BonusSchema = text({
	max: BROKER_LIMITS.bonus,
	tooLong: BROKER_MESSAGES.bonusTooLong,
	invalid: BROKER_MESSAGES.bonusInvalid,
})

export const SlugSchema = z
	.string({ required_error: BROKER_MESSAGES.slugRequired, invalid_type_error: BROKER_MESSAGES.slugRequired })
	.trim()
	.superRefine((value, ctx) => {
		if (value.length === 0) issue(ctx, BROKER_MESSAGES.slugRequired)
		else if (value.length > BROKER_LIMITS.slug) issue(ctx, BROKER_MESSAGES.slugTooLong)
		else if (!SLUG_PATTERN.test(value)) issue(ctx, BROKER_MESSAGES.slugFormat)
		else if (RESERVED_SLUGS.has(value)) issue(ctx, BROKER_MESSAGES.slugReserved)
	})

/** A slug in a URL (/go/:slug, /admin/brokers/:slug): well-formed, else null (a 404). */
export function parseBrokerSlug(value: string | undefined) {
	return value !== undefined && value.length <= BROKER_LIMITS.slug && SLUG_PATTERN.test(value) ? value : null
}

/**
 * The affiliate link template: an absolute https: URL (no user name or
 * password) containing {trackingId}. The redirect of /go/:slug only ever
 * goes to this stored template.
 */
export function affiliateUrlProblem(value: string): string | null {
	if (value.length === 0) return BROKER_MESSAGES.affiliateUrlRequired
	if (value.length > BROKER_LIMITS.affiliateUrl) return BROKER_MESSAGES.affiliateUrlTooLong
	if (!/^https:\/\//i.test(value)) return BROKER_MESSAGES.affiliateUrlHttps
	if (CONTROL_CHARS.test(value) || /\s/.test(value)) return BROKER_MESSAGES.affiliateUrlInvalid
	let url: URL
	try {
		url = new URL(value.replaceAll(TRACKING_ID_PLACEHOLDER, 'x'))
	} catch {
		return BROKER_MESSAGES.affiliateUrlInvalid
	}
	if (url.protocol !== 'https:') return BROKER_MESSAGES.affiliateUrlHttps
	if (!url.hostname || !url.hostname.includes('.')) return BROKER_MESSAGES.affiliateUrlInvalid
	if (url.username || url.password) return BROKER_MESSAGES.affiliateUrlCredentials
	if (!value.includes(TRACKING_ID_PLACEHOLDER)) return BROKER_MESSAGES.affiliateUrlPlaceholder
	return null
}

const AffiliateUrlSchema = z
	.string({
		required_error: BROKER_MESSAGES.affiliateUrlRequired,
		invalid_type_error: BROKER_MESSAGES.affiliateUrlRequired,
	})
	.trim()
	.superRefine((value, ctx) => {
		const problem = affiliateUrlProblem(value)
		if (problem) issue(ctx, problem)
	})

/**
 * A decimal number typed in a form: digits, at most `decimals` decimals (a
 * leading $ and thousands commas allowed). Blank (Conform reads '' as
 * missing) is `required`'s message, or 0 when optional.
 */
function decimalText(options: {
	required?: string
	format: string
	decimals: number
	check: (n: number) => string | null
}) {
	const pattern = new RegExp(`^\\d{1,9}(?:\\.\\d{1,${options.decimals}})?$`)
	return z
		.string({ invalid_type_error: options.format })
		.optional()
		.transform((raw, ctx) => {
			const value = (raw ?? '').trim()
			if (value.length === 0) {
				if (options.required) {
					issue(ctx, options.required)
					return z.NEVER
				}
				return 0
			}
			const plain = value.replace(/^\$/, '').replace(/,/g, '')
			if (!pattern.test(plain)) {
				issue(ctx, options.format)
				return z.NEVER
			}
			const n = Number(plain)
			const problem = options.check(n)
			if (problem) {
				issue(ctx, problem)
				return z.NEVER
			}
			return n
		})
}

/** A JSON number with at most `decimals` decimals. */
function decimalNumber(options: {
	required?: string
	format: string
	decimals: number
	check: (n: number) => string | null
}) {
	return z
		.number({ required_error: options.required ?? options.format, invalid_type_error: options.format })
		.superRefine((n, ctx) => {
			const scale = 10 ** options.decimals
			if (!Number.isFinite(n) || Math.abs(Math.round(n * scale) - n * scale) > 1e-6) return issue(ctx, options.format)
			const problem = options.check(n)
			if (problem) issue(ctx, problem)
		})
}

const lossPercent = {
	required: BROKER_MESSAGES.lossPercentRequired,
	format: BROKER_MESSAGES.lossPercentFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > 100 ? BROKER_MESSAGES.lossPercentRange : null),
}
const rating = {
	format: BROKER_MESSAGES.ratingFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > 5 ? BROKER_MESSAGES.ratingRange : null),
}
const minDeposit = {
	format: BROKER_MESSAGES.minDepositFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > BROKER_LIMITS.minDepositDollars ? BROKER_MESSAGES.minDepositRange : null),
}

const commissionPerLot = {
	format: BROKER_MESSAGES.commissionFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > BROKER_LIMITS.commissionPerLotDollars ? BROKER_MESSAGES.commissionRange : null),
}
const copyFeePercent = {
	format: BROKER_MESSAGES.copyFeeFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > 100 ? BROKER_MESSAGES.copyFeeRange : null),
}
const spreadPerLot = {
	format: BROKER_MESSAGES.spreadFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > BROKER_LIMITS.spreadPerLotDollars ? BROKER_MESSAGES.spreadRange : null),
}

function toCents(dollars: number) {
	return Math.round(dollars * 100)
}

/** Features as typed: one per line, blank lines dropped. */
export function splitFeatures(value: string) {
	return value
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
}

function checkFeatures(lines: string[], ctx: z.RefinementCtx) {
	if (lines.length > BROKER_LIMITS.features) issue(ctx, BROKER_MESSAGES.featuresTooMany)
	else if (lines.some((l) => l.length > BROKER_LIMITS.feature)) issue(ctx, BROKER_MESSAGES.featureTooLong)
	else if (lines.some((l) => CONTROL_CHARS.test(l))) issue(ctx, BROKER_MESSAGES.featureInvalid)
}

const FeaturesTextSchema = z
	.string({ invalid_type_error: BROKER_MESSAGES.featureInvalid })
	.optional()
	.transform((v) => splitFeatures(v ?? ''))
	.superRefine(checkFeatures)
	.transform((lines) => lines.join('\n'))

const FeaturesArraySchema = z
	.array(z.string({ invalid_type_error: BROKER_MESSAGES.featureInvalid }), {
		invalid_type_error: BROKER_MESSAGES.featureInvalid,
	})
	.transform((items) => items.map((i) => i.trim()).filter(Boolean))
	.superRefine(checkFeatures)
	.transform((lines) => lines.join('\n'))

/** A spread in dollars per lot as typed (a leading $ allowed), else the problem. */
function spreadDollars(text: string): number | string {
	const plain = text.replace(/^\$/, '').replace(/,/g, '')
	if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(plain)) return BROKER_MESSAGES.spreadFormat
	const n = Number(plain)
	return spreadPerLot.check(n) ?? n
}

function checkSpreads(list: BrokerSpread[], ctx: z.RefinementCtx) {
	// A line already refused (z.NEVER) leaves nothing to check.
	if (!Array.isArray(list)) return
	if (list.length > BROKER_LIMITS.spreads) return issue(ctx, BROKER_MESSAGES.spreadsTooMany)
	const seen = new Set<string>()
	for (const { market } of list) {
		if (seen.has(market)) return issue(ctx, BROKER_MESSAGES.spreadRepeated(market))
		seen.add(market)
	}
}

/**
 * The form's spreads: one market a line, its symbol then its spread in USD
 * per lot ("EURUSD 7.50", "XAUUSD: 16"); blank lines dropped. A bad line is
 * named by its number.
 */
const SpreadsTextSchema = z
	.string({ invalid_type_error: BROKER_MESSAGES.spreadFormat })
	.optional()
	.transform((raw, ctx): BrokerSpread[] => {
		const lines = (raw ?? '').replace(/\r\n?/g, '\n').split('\n')
		const list: BrokerSpread[] = []
		for (const [index, line] of lines.entries()) {
			const trimmed = line.trim()
			if (!trimmed) continue
			const match = /^(\S+?)\s*[:=]?\s+(\S+)$/.exec(trimmed) ?? /^(\S+?)[:=](\S+)$/.exec(trimmed)
			const market = match?.[1]?.toUpperCase() ?? ''
			if (!match || CONTROL_CHARS.test(trimmed)) {
				issue(ctx, BROKER_MESSAGES.spreadLine(index + 1))
				return z.NEVER
			}
			if (!MARKET_PATTERN.test(market)) {
				issue(ctx, `Line ${index + 1}: ${BROKER_MESSAGES.spreadMarketInvalid}`)
				return z.NEVER
			}
			const dollars = spreadDollars(match[2]!)
			if (typeof dollars === 'string') {
				issue(ctx, `Line ${index + 1}: ${dollars}`)
				return z.NEVER
			}
			list.push({ market, spreadCents: toCents(dollars) })
		}
		return list
	})
	.superRefine(checkSpreads)

/** The spreads as the form shows them: "EURUSD 7.50", one a line. */
export function spreadsText(list: ReadonlyArray<{ market: string; spreadPerLot: number }>) {
	return list.map((s) => `${s.market} ${s.spreadPerLot.toFixed(2)}`).join('\n')
}

const SpreadsArraySchema = z
	.array(
		z
			.object({
				market: z
					.string({
						required_error: BROKER_MESSAGES.spreadMarketInvalid,
						invalid_type_error: BROKER_MESSAGES.spreadMarketInvalid,
					})
					.trim()
					.transform((m) => m.toUpperCase())
					.refine((m) => MARKET_PATTERN.test(m), BROKER_MESSAGES.spreadMarketInvalid),
				spreadPerLot: decimalNumber({ ...spreadPerLot, required: BROKER_MESSAGES.spreadFormat }),
			})
			.strict(),
		{ invalid_type_error: BROKER_MESSAGES.spreadFormat },
	)
	.transform((items) => items.map((i): BrokerSpread => ({ market: i.market, spreadCents: toCents(i.spreadPerLot) })))
	.superRefine(checkSpreads)

const SortOrderTextSchema = z
	.string({ invalid_type_error: BROKER_MESSAGES.sortOrderFormat })
	.optional()
	.transform((raw, ctx) => {
		const value = (raw ?? '').trim()
		if (value.length === 0) return 0
		if (!/^\d{1,4}$/.test(value)) {
			issue(ctx, BROKER_MESSAGES.sortOrderFormat)
			return z.NEVER
		}
		return Number(value)
	})

const SortOrderNumberSchema = z
	.number({ invalid_type_error: BROKER_MESSAGES.sortOrderFormat })
	.int(BROKER_MESSAGES.sortOrderFormat)
	.min(0, BROKER_MESSAGES.sortOrderFormat)
	.max(BROKER_LIMITS.sortOrder, BROKER_MESSAGES.sortOrderFormat)

const RecommendedBooleanSchema = z.boolean({ invalid_type_error: BROKER_MESSAGES.recommendedInvalid })

/**
 * /admin/brokers/new and /admin/brokers/:slug, read through Conform's
 * parseWithZod (a blank field arrives as missing; a checked box as true):
 * every field; a box left unchecked is false.
 */
export const BrokerFormSchema = z
	.object({
		name: NameSchema,
		slug: SlugSchema,
		regulator: RegulatorSchema,
		licence: LicenceSchema,
		lossPercent: decimalText(lossPercent),
		minDeposit: decimalText(minDeposit),
		affiliateUrl: AffiliateUrlSchema,
		rating: decimalText(rating),
		bonus: BonusSchema.optional().transform((v) => v ?? ''),
		features: FeaturesTextSchema,
		recommended: z
			.boolean()
			.optional()
			.transform((v) => v === true),
		sortOrder: SortOrderTextSchema,
		copyTrading: z
			.boolean()
			.optional()
			.transform((v) => v === true),
		commissionPerLot: decimalText(commissionPerLot),
		copyFeePercent: decimalText(copyFeePercent),
		spreads: SpreadsTextSchema,
		howWeEarn: HowWeEarnSchema.optional().transform((v) => v ?? ''),
	})
	.transform(({ minDeposit, commissionPerLot, ...rest }): BrokerInput => ({
		...rest,
		minDepositCents: toCents(minDeposit),
		commissionPerLotCents: toCents(commissionPerLot),
	}))

const apiFields = {
	name: NameSchema,
	slug: SlugSchema,
	regulator: RegulatorSchema,
	licence: LicenceSchema,
	lossPercent: decimalNumber(lossPercent),
	minDeposit: decimalNumber(minDeposit),
	affiliateUrl: AffiliateUrlSchema,
	rating: decimalNumber(rating),
	bonus: BonusSchema,
	features: FeaturesArraySchema,
	recommended: RecommendedBooleanSchema,
	sortOrder: SortOrderNumberSchema,
	copyTrading: z.boolean({ invalid_type_error: BROKER_MESSAGES.copyTradingInvalid }),
	commissionPerLot: decimalNumber(commissionPerLot),
	copyFeePercent: decimalNumber(copyFeePercent),
	spreads: SpreadsArraySchema,
	howWeEarn: HowWeEarnSchema,
}

/**
 * POST /api/admin/brokers: name, slug, regulator, licence, lossPercent,
 * affiliateUrl required; minDeposit (USD), rating, bonus, features
 * (array), recommended, sortOrder optional (0, 0, '', [], false, 0).
 */
export const BrokerCreateApiSchema = z
	.object({
		...apiFields,
		minDeposit: apiFields.minDeposit.default(0),
		rating: apiFields.rating.default(0),
		bonus: apiFields.bonus.default(''),
		features: apiFields.features.default([]),
		recommended: apiFields.recommended.default(false),
		sortOrder: apiFields.sortOrder.default(0),
		copyTrading: apiFields.copyTrading.default(false),
		commissionPerLot: apiFields.commissionPerLot.default(0),
		copyFeePercent: apiFields.copyFeePercent.default(0),
		spreads: apiFields.spreads.default([]),
		howWeEarn: apiFields.howWeEarn.default(''),
	})
	.strict()
	.transform(({ minDeposit, commissionPerLot, ...rest }): BrokerInput => ({
		...rest,
		minDepositCents: toCents(minDeposit),
		commissionPerLotCents: toCents(commissionPerLot),
	}))

/** PATCH /api/admin/brokers/:slug: any of the fields, at least one. */
export const BrokerUpdateApiSchema = z
	.object({
		name: apiFields.name.optional(),
		slug: apiFields.slug.optional(),
		regulator: apiFields.regulator.optional(),
		licence: apiFields.licence.optional(),
		lossPercent: apiFields.lossPercent.optional(),
		minDeposit: apiFields.minDeposit.optional(),
		affiliateUrl: apiFields.affiliateUrl.optional(),
		rating: apiFields.rating.optional(),
		bonus: apiFields.bonus.optional(),
		features: apiFields.features.optional(),
		recommended: apiFields.recommended.optional(),
		sortOrder: apiFields.sortOrder.optional(),
		copyTrading: apiFields.copyTrading.optional(),
		commissionPerLot: apiFields.commissionPerLot.optional(),
		copyFeePercent: apiFields.copyFeePercent.optional(),
		spreads: apiFields.spreads.optional(),
		howWeEarn: apiFields.howWeEarn.optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], message: BROKER_MESSAGES.nothingToChange })
	})
	.transform(({ minDeposit, commissionPerLot, ...rest }): Partial<BrokerInput> => {
		const out: Partial<BrokerInput> = {}
		for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(out, { [key]: value })
		if (minDeposit !== undefined) out.minDepositCents = toCents(minDeposit)
		if (commissionPerLot !== undefined) out.commissionPerLotCents = toCents(commissionPerLot)
		return out
	})
