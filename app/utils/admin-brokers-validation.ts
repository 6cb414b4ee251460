import { z } from 'zod'
import { BROKER_LIMITS, BROKER_MESSAGES as M, TRACKING_ID_PLACEHOLDER } from './admin-brokers-messages.ts'
import { CONTROL_CHARS } from './validation.ts'

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
}

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

const NameSchema = text({
	required: M.nameRequired,
	max: BROKER_LIMITS.name,
	tooLong: M.nameTooLong,
	invalid: M.nameInvalid,
})
const RegulatorSchema = text({
	required: M.regulatorRequired,
	max: BROKER_LIMITS.regulator,
	tooLong: M.regulatorTooLong,
	invalid: M.regulatorInvalid,
})
const LicenceSchema = text({
	required: M.licenceRequired,
	max: BROKER_LIMITS.licence,
	tooLong: M.licenceTooLong,
	invalid: M.licenceInvalid,
})
const BonusSchema = text({ max: BROKER_LIMITS.bonus, tooLong: M.bonusTooLong, invalid: M.bonusInvalid })

export const SlugSchema = z
	.string({ required_error: M.slugRequired, invalid_type_error: M.slugRequired })
	.trim()
	.superRefine((value, ctx) => {
		if (value.length === 0) issue(ctx, M.slugRequired)
		else if (value.length > BROKER_LIMITS.slug) issue(ctx, M.slugTooLong)
		else if (!SLUG_PATTERN.test(value)) issue(ctx, M.slugFormat)
		else if (RESERVED_SLUGS.has(value)) issue(ctx, M.slugReserved)
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
	if (value.length === 0) return M.affiliateUrlRequired
	if (value.length > BROKER_LIMITS.affiliateUrl) return M.affiliateUrlTooLong
	if (!/^https:\/\//i.test(value)) return M.affiliateUrlHttps
	if (CONTROL_CHARS.test(value) || /\s/.test(value)) return M.affiliateUrlInvalid
	let url: URL
	try {
		url = new URL(value.replaceAll(TRACKING_ID_PLACEHOLDER, 'x'))
	} catch {
		return M.affiliateUrlInvalid
	}
	if (url.protocol !== 'https:') return M.affiliateUrlHttps
	if (!url.hostname || !url.hostname.includes('.')) return M.affiliateUrlInvalid
	if (url.username || url.password) return M.affiliateUrlCredentials
	if (!value.includes(TRACKING_ID_PLACEHOLDER)) return M.affiliateUrlPlaceholder
	return null
}

const AffiliateUrlSchema = z
	.string({ required_error: M.affiliateUrlRequired, invalid_type_error: M.affiliateUrlRequired })
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
	required: M.lossPercentRequired,
	format: M.lossPercentFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > 100 ? M.lossPercentRange : null),
}
const rating = { format: M.ratingFormat, decimals: 2, check: (n: number) => (n < 0 || n > 5 ? M.ratingRange : null) }
const minDeposit = {
	format: M.minDepositFormat,
	decimals: 2,
	check: (n: number) => (n < 0 || n > BROKER_LIMITS.minDepositDollars ? M.minDepositRange : null),
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
	if (lines.length > BROKER_LIMITS.features) issue(ctx, M.featuresTooMany)
	else if (lines.some((l) => l.length > BROKER_LIMITS.feature)) issue(ctx, M.featureTooLong)
	else if (lines.some((l) => CONTROL_CHARS.test(l))) issue(ctx, M.featureInvalid)
}

const FeaturesTextSchema = z
	.string({ invalid_type_error: M.featureInvalid })
	.optional()
	.transform((v) => splitFeatures(v ?? ''))
	.superRefine(checkFeatures)
	.transform((lines) => lines.join('\n'))

const FeaturesArraySchema = z
	.array(z.string({ invalid_type_error: M.featureInvalid }), { invalid_type_error: M.featureInvalid })
	.transform((items) => items.map((i) => i.trim()).filter(Boolean))
	.superRefine(checkFeatures)
	.transform((lines) => lines.join('\n'))

const SortOrderTextSchema = z
	.string({ invalid_type_error: M.sortOrderFormat })
	.optional()
	.transform((raw, ctx) => {
		const value = (raw ?? '').trim()
		if (value.length === 0) return 0
		if (!/^\d{1,4}$/.test(value)) {
			issue(ctx, M.sortOrderFormat)
			return z.NEVER
		}
		return Number(value)
	})

const SortOrderNumberSchema = z
	.number({ invalid_type_error: M.sortOrderFormat })
	.int(M.sortOrderFormat)
	.min(0, M.sortOrderFormat)
	.max(BROKER_LIMITS.sortOrder, M.sortOrderFormat)

const RecommendedBooleanSchema = z.boolean({ invalid_type_error: M.recommendedInvalid })

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
	})
	.transform(({ minDeposit, ...rest }): BrokerInput => ({ ...rest, minDepositCents: toCents(minDeposit) }))

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
	})
	.strict()
	.transform(({ minDeposit, ...rest }): BrokerInput => ({ ...rest, minDepositCents: toCents(minDeposit) }))

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
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], message: M.nothingToChange })
	})
	.transform(({ minDeposit, ...rest }): Partial<BrokerInput> => {
		const out: Partial<BrokerInput> = {}
		for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(out, { [key]: value })
		if (minDeposit !== undefined) out.minDepositCents = toCents(minDeposit)
		return out
	})
