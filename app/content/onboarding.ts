import type { INVESTMENT_AMOUNTS } from '#app/utils/validation.ts'

type Bracket = {
	value: (typeof INVESTMENT_AMOUNTS)[number]
	title: string
	badge?: string
	features: string[]
}

/** Capital brackets shown at sign-up (spec section 3). */
export const capitalBrackets: Bracket[] = [
	{ value: '$50-$100', title: 'Basic Access', features: ['1 trader copy', 'Basic analytics', 'Email support'] },
	{
		value: '$100-$500',
		title: 'Standard Access',
		badge: 'Most Popular',
		features: ['3 trader copies', 'Advanced analytics', 'Priority support'],
	},
	{ value: '$500-$1000', title: 'Pro Access', features: ['5 trader copies', 'Pro analytics', 'Phone support'] },
	{
		value: '$1000+',
		title: 'VIP Access',
		badge: 'Popular',
		features: ['Unlimited copies', 'AI insights', 'Dedicated manager', '100% bonus'],
	},
]

export const signupSteps = ['Create Account', 'Verify Identity', 'Fund Account', 'Start Trading'] as const

export const unlockSteps = ['Account Created', 'Get Code', 'Unlock Dashboard'] as const

/** The unlock screen's countdown start (the spec leaves it open): 15 minutes. */
export const UNLOCK_COUNTDOWN_SECONDS = 15 * 60

/** A fixed sample that shows the format; it is not a working code. */
export const EXAMPLE_UNLOCK_CODE = 'TC7X-9K2M'

export const setupGuide = [
	{ title: 'Join our Telegram channel', text: 'Tap the button below to open the official channel in Telegram.' },
	{ title: 'Copy your unlock code', text: 'The current unlock code is in the pinned message of the channel.' },
	{ title: 'Enter the code here', text: 'Paste the code into the form below to open your dashboard.' },
]

export const unlockTestimonials = [
	{
		name: 'Chinedu O.',
		country: 'Nigeria',
		text: 'Got my code in under a minute and was copying my first trader the same evening.',
	},
	{
		name: 'Amara K.',
		country: 'Ghana',
		text: 'The channel posts the code straight away. Setup really takes about 60 seconds.',
	},
	{ name: 'Daniel M.', country: 'Kenya', text: 'Clear steps, no fuss. The risk settings let me start small with $50.' },
]
