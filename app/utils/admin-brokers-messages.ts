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
} as const

export const TRACKING_ID_PLACEHOLDER = '{trackingId}'

export const BROKERS_PAGE_TITLE = 'Brokers'
export const BROKER_NEW_TITLE = 'Add Broker'
export const BROKERS_LOAD_FAILED = 'Failed to load brokers'
export const BROKER_NOT_FOUND = 'Broker not found'
export const BROKER_CREATED = 'Broker added.'
export const BROKER_UPDATED = 'Broker updated.'
export const BROKER_DEACTIVATED = 'Broker deactivated: members no longer see it and its links answer 404.'
export const BROKER_ACTIVATED = 'Broker reactivated: members see it again.'
export const BROKER_ALREADY_INACTIVE = 'This broker is already inactive.'
export const BROKER_ALREADY_ACTIVE = 'This broker is already active.'
export const BROKER_DEACTIVATE_WARNING =
	'Members will no longer see this broker, and its tracked links (/go/…) will answer 404. Its clicks, tracking ids and reports are kept; you can reactivate it at any time.'

export const BROKER_MESSAGES = {
	nameRequired: 'Name is required',
	nameTooLong: `Name must be at most ${BROKER_LIMITS.name} characters`,
	nameInvalid: 'Name contains characters that are not allowed',
	slugRequired: 'Slug is required',
	slugFormat: 'Slug may only use lowercase letters a-z, digits and single hyphens (like "exness" or "hf-markets")',
	slugTooLong: `Slug must be at most ${BROKER_LIMITS.slug} characters`,
	slugTaken: 'This slug is already used by another broker',
	slugReserved: 'This slug is reserved; choose another',
	regulatorRequired: 'Regulator is required',
	regulatorTooLong: `Regulator must be at most ${BROKER_LIMITS.regulator} characters`,
	regulatorInvalid: 'Regulator contains characters that are not allowed',
	licenceRequired: 'Licence is required',
	licenceTooLong: `Licence must be at most ${BROKER_LIMITS.licence} characters`,
	licenceInvalid: 'Licence contains characters that are not allowed',
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
	nothingToChange: 'Give at least one field to change',
} as const

/** The member's side: next to every broker button. */
export function brokerRiskWarning(lossPercent: number) {
	return `${formatLossPercent(lossPercent)}% of retail investor accounts lose money when trading CFDs with this provider.`
}
export const AFFILIATE_DISCLOSURE = 'We may earn a commission from this broker.'

/** 71.32 → "71.32", 74 → "74", 70.5 → "70.5". */
export function formatLossPercent(value: number) {
	return String(Math.round(value * 100) / 100)
}
