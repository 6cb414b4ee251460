import type { INVESTMENT_AMOUNTS } from '#app/features/auth/schemas.ts'
import { planCards } from './dashboard.ts'

type Bracket = {
	value: (typeof INVESTMENT_AMOUNTS)[number]
	title: string
	badge?: string
	/** The plan this capital leads to on the dashboard. */
	plan: 'regular' | 'gold'
}

/**
 * Capital brackets shown at sign-up (spec section 3), each with the plan it
 * leads to: the brackets are what the member plans to fund, the plans are
 * the one ladder the dashboard shows (docs/decisions/015-one-coherent-story.md).
 */
export const capitalBrackets: Bracket[] = [
	{ value: '$50-$100', title: 'Basic Access', plan: 'regular' },
	{ value: '$100-$500', title: 'Standard Access', badge: 'Most Popular', plan: 'regular' },
	{ value: '$500-$1000', title: 'Pro Access', plan: 'regular' },
	{ value: '$1000+', title: 'VIP Access', badge: 'Popular', plan: 'gold' },
]

/** What a bracket means on the dashboard, in words ("Starts on the Regular plan ($50 to $999)"). */
export function bracketPlanNote(bracket: Bracket) {
	const plan = planCards.find((p) => p.id === bracket.plan)!
	return bracket.plan === 'regular'
		? `Starts on the ${plan.name} plan (${plan.capitalRange})`
		: `${plan.name} and above (${plan.minCapital}+), once a plan code is activated`
}

export const signupSteps = ['Create Account', 'Verify Identity', 'Fund Account', 'Start Trading'] as const

export const unlockSteps = ['Account Created', 'Get Code', 'Unlock Dashboard'] as const

/**
 * The setup bonus window the unlock screen counts down: the spec's "within 5
 * minutes", counted from sign-up (not restarted by a reload), so the timer
 * and the claim beside it agree (docs/decisions/015-one-coherent-story.md).
 */
export const SETUP_BONUS_WINDOW_SECONDS = 5 * 60

/** Seconds left of the member's setup bonus window at `now` (0 once it has closed). */
export function bonusSecondsLeft(signedUpAt: Date, now = new Date()) {
	return Math.max(0, Math.floor((signedUpAt.getTime() + SETUP_BONUS_WINDOW_SECONDS * 1000 - now.getTime()) / 1000))
}

/** A fixed sample that shows the format; it is not a working code. */
export const EXAMPLE_UNLOCK_CODE = 'TC7X-9K2M'

export const setupGuide = [
	{ title: 'Join our Telegram channel', text: 'Tap the button below to open the official channel in Telegram.' },
	{ title: 'Copy your unlock code', text: 'The current unlock code is in the pinned message of the channel.' },
	{ title: 'Enter the code here', text: 'Paste the code into the form below to open your dashboard.' },
]
