/**
 * The landing page's marketing content (content, not
 * code). The route's loader reads it, so it can be replaced without touching
 * the components. Figures and names are the spec's (sections 1, 2 and 9).
 */
import { durationToSeconds } from '#app/components/countdown.tsx'
import { planCards } from './dashboard.ts'
import type { IconName } from '#app/components/icon-names.ts'

/** Spec section 9: the landing countdown starts at 3d 12h 45m 30s. */
export const LANDING_COUNTDOWN_START_SECONDS = durationToSeconds({ days: 3, hours: 12, minutes: 45, seconds: 30 })

/** When the spec's marketing claims (50,000+ traders, 94% win rate) were last checked against the spec (decision 056). */
export const MARKETING_CLAIMS_DATE = '5 December 2026'

export type SectionId = 'features' | 'how-it-works' | 'pricing' | 'reviews'

export type Feature = { title: string; text: string }
/** A feature card or a step, drawn with its icon (other/svg-icons). */
export type IconFeature = Feature & { icon: IconName }
export type Tier = { name: string; capital: string; capitalRange: string; popular?: boolean; features: string[] }

export const landing = {
	nav: [
		{ id: 'features', label: 'Features' },
		{ id: 'how-it-works', label: 'How It Works' },
		{ id: 'pricing', label: 'Pricing' },
		{ id: 'reviews', label: 'Reviews' },
	] satisfies Array<{ id: SectionId; label: string }>,

	hero: {
		eyebrow: 'Manually reviewed traders · Free to use',
		title: 'Copy verified traders. Keep control of your money.',
		text: 'Find ranked, manually reviewed traders, connect to a partner broker and copy them from a minimum start of $50. Sign-up setup takes under 3 minutes, and your money always stays with the broker.',
		primaryCta: 'Get Started Free',
		secondaryCta: 'See How It Works',
		countdown: {
			title: 'Partner bonus window',
			label: 'Offer ends in',
			text: 'Up to 100% deposit bonus from partner brokers when you complete setup within 5 minutes. Bonuses are offered and paid by the broker, on its own terms.',
		},
		/** The fake dashboard preview: sample content, not live data. */
		preview: {
			title: 'Live Top Traders',
			caption: 'Sample preview of the member dashboard',
			alertLabel: 'Live alert',
			/**
			 * The highlight cycles over these three rows. `weeklySeries`: sample
			 * weekly returns of the last 12 weeks (percent, oldest first, the
			 * last being `weeklyReturn`), drawn as a sparkline.
			 */
			traders: [
				{
					name: 'Amara O.',
					weeklyReturn: '+4.8%',
					winRate: '94%',
					alert: 'Opened EUR/USD long',
					weeklySeries: [1.2, 0.8, -0.6, 1.5, 2.1, 0.9, 1.7, -0.3, 2.4, 1.9, 3.1, 4.8],
				},
				{
					name: 'Daniel K.',
					weeklyReturn: '+3.1%',
					winRate: '91%',
					alert: 'Took profit on Gold',
					weeklySeries: [0.9, 1.4, -0.5, 1.1, 0.8, 1.9, 1.2, 0.6, 2.2, 1.7, 2.5, 3.1],
				},
				{
					name: 'Sofia R.',
					weeklyReturn: '+2.6%',
					winRate: '89%',
					alert: 'Risk Shield split applied',
					weeklySeries: [0.5, 0.7, 0.4, 0.9, -0.3, 1.0, 0.8, 1.2, 0.9, 1.5, 1.8, 2.6],
				},
			],
		},
	},

	stats: {
		title: 'TradeCircle in numbers',
		/** Decision 056: the spec's marketing copy stays, with its source and date; the dashboard's tiles are computed. */
		source: `* Marketing claims of the TradeCircle product specification, as of ${MARKETING_CLAIMS_DATE}; not computed from our trader registry. Members see the registry's figures on their dashboard.`,
		items: [
			{ value: '50,000+', label: 'traders on the platform*' },
			{ value: '94%', label: 'verified win rate of featured traders*' },
			{ value: '$50', label: 'minimum start' },
			{ value: '< 3 min', label: 'sign-up setup' },
		],
	},

	problem: {
		title: 'Most retail traders lose. You do not have to trade alone.',
		problemTitle: 'The problem',
		problem: [
			'78% of retail CFD accounts lose money.',
			'Picking a trader to follow means guessing from screenshots and promises.',
			'Performance fees eat into the profits you do make.',
		],
		solutionTitle: 'Our answer',
		solution: [
			'Traders are ranked and manually reviewed before they are listed.',
			'Zero performance fees on selected offers.',
			'Risk Shield splits your capital across traders so no single one carries it all.',
		],
	},

	reviews: {
		title: 'What members say',
		intro: 'Real words, sample figures: results vary and past performance does not guarantee future returns.',
		// The testimonials are staff-run content (issue 41 part 4): the testimonials table, published ones only.
	},

	features: {
		title: 'Everything you need to copy with confidence',
		items: [
			{
				title: 'Verified Traders',
				icon: 'badge-check',
				text: `Every trader is ranked and manually reviewed. Featured traders hold a 94% verified win rate (a marketing claim of the product specification, as of ${MARKETING_CLAIMS_DATE}).`,
			},
			{
				title: 'Risk Shield',
				icon: 'shield-check',
				text: 'Our capital-splitting feature spreads your money across several traders to limit the damage of one bad run.',
			},
			{
				title: 'Live Alerts',
				icon: 'bell-ring',
				text: 'Get live alerts when the traders you copy open or close a position.',
			},
			{
				title: 'Zero Performance Fees',
				icon: 'badge-percent',
				text: 'Zero performance fees on selected trader offers: keep more of what you earn.',
			},
			{
				title: 'Start From $50',
				icon: 'wallet',
				text: 'A minimum start of $50 lets you begin small and grow at your own pace.',
			},
			{
				title: 'Up to 100% Deposit Bonus',
				icon: 'gift',
				text: 'Partner brokers offer up to a 100% deposit bonus to members who sign up through our access links.',
			},
		] satisfies IconFeature[],
	},

	audience: {
		title: 'Who it is for',
		items: [
			{ title: 'Beginners', text: 'You want exposure to the markets without learning to trade first.' },
			{ title: 'Busy professionals', text: 'You have capital but not the hours to watch charts all day.' },
			{ title: 'Experienced traders', text: 'You want to diversify across strategies and keep risk in check.' },
		] satisfies Feature[],
	},

	steps: {
		title: 'How it works',
		items: [
			{
				title: 'Quick Sign Up',
				icon: 'user-plus',
				text: 'Create your free account in under 3 minutes, then unlock your dashboard with the code from our Telegram channel.',
			},
			{
				title: 'Choose Verified Traders',
				icon: 'list-checks',
				text: 'Compare ranked, manually reviewed traders by return, win rate and risk level.',
			},
			{
				title: 'Set & Split',
				icon: 'sliders-horizontal',
				text: 'Fund your account at a partner broker, set your capital and let Risk Shield split it across your traders.',
			},
		] satisfies IconFeature[],
	},

	pricing: {
		title: 'Pick your starting capital',
		intro:
			'TradeCircle is free to use. Each plan follows the capital you fund your own broker account with; we never hold your funds. The same four plans are on your dashboard.',
		popularLabel: 'Most Popular',
		// The dashboard's plans, in their order (Platinum Room on top): one ladder everywhere.
		tiers: planCards.map((plan) => ({
			name: plan.name,
			capital: plan.minCapital,
			capitalRange: plan.capitalRange,
			popular: plan.popular,
			features: plan.features,
		})) satisfies Tier[],
	},

	finalCta: {
		title: 'Ready to copy your first verified trader?',
		text: 'Free to use, a minimum start of $50 and setup in under 3 minutes.',
		cta: 'Get Started Free',
	},

	riskNotice: {
		title: 'Risk notice',
		paragraphs: [
			'Copy trading is trading: when a trader you copy loses, you lose too. Win rates, returns and member results shown here are past figures or samples, and past performance is not a reliable indicator of future results.',
			'TradeCircle is not a broker or a financial adviser and nothing on this site is financial advice. Your account, deposits and trades are held by the partner broker you choose; we never hold your funds.',
		],
	},
}

export type LandingContent = typeof landing
