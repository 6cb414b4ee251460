/**
 * Member dashboard content (content, not code): the seed brokers, plans, 0% fee offers, milestones and prizes are product
 * content, read by loaders and server modules, never written in components.
 * The spec's numbers and words are kept exactly. The Academy's lessons are
 * in academy.ts. The traders are data: the registry (app/features/traders/,
 * decision 056); so are the promotions, which staff run on
 * /admin/content/promotions (app/features/content/, decision 062).
 */
import type { Plan } from '#app/domain/enums.ts'
import type { BrokerInput } from '#app/features/brokers/schemas.ts'

export type RiskLevel = 'Low' | 'Medium' | 'High'

/**
 * SEED DATA ONLY, not the live list: the partner brokers a fresh install
 * starts with (db/seed.ts writes them once, by slug, into the `brokers`
 * table). Members' cards read the table (app/features/brokers/brokers.server.ts), and
 * staff edit it on /admin/brokers. The loss percentages, regulators and
 * licences are starting values for staff to check against each broker's
 * own published figures. So are the costs of copying (decision 060: spreads
 * as US dollars per standard lot, commission per lot round turn, the copy or
 * performance fee as a percent of profits): plausible figures for a fresh
 * install, to be replaced by each broker's current ones.
 */
export const SEED_BROKERS: readonly BrokerInput[] = [
	{
		name: 'Exness',
		slug: 'exness',
		regulator: 'Financial Services Authority (FSA), Seychelles',
		licence: 'Securities Dealer licence SD025',
		lossPercent: 70.85,
		minDepositCents: 10_00,
		affiliateUrl: 'https://www.exness.com/?partner=copytrade&sub={trackingId}',
		rating: 4.8,
		bonus: 'Up to 100% deposit bonus',
		features: 'Minimum deposit $10\nInstant withdrawals\nCopy trading built in',
		recommended: true,
		sortOrder: 1,
		copyTrading: true,
		commissionPerLotCents: 0,
		copyFeePercent: 20,
		spreads: [
			{ market: 'EURUSD', spreadCents: 10_00 },
			{ market: 'GBPUSD', spreadCents: 12_00 },
			{ market: 'USDJPY', spreadCents: 11_00 },
			{ market: 'AUDUSD', spreadCents: 12_00 },
			{ market: 'XAUUSD', spreadCents: 20_00 },
			{ market: 'US500', spreadCents: 6_00 },
			{ market: 'NAS100', spreadCents: 12_00 },
			{ market: 'BTCUSD', spreadCents: 25_00 },
			{ market: 'WTI', spreadCents: 30_00 },
		],
		howWeEarn: 'Revenue share: a part of the spread on trades by members who open an account through our link.',
	},
	{
		name: 'XM',
		slug: 'xm',
		regulator: 'Cyprus Securities and Exchange Commission (CySEC)',
		licence: 'CySEC licence 120/10',
		lossPercent: 71.32,
		minDepositCents: 5_00,
		affiliateUrl: 'https://www.xm.com/?partner=copytrade&sub={trackingId}',
		rating: 4.6,
		bonus: '50% deposit bonus',
		features: 'Minimum deposit $5\nLocal payment methods\n24/5 support',
		recommended: false,
		sortOrder: 2,
		copyTrading: true,
		commissionPerLotCents: 0,
		copyFeePercent: 25,
		spreads: [
			{ market: 'EURUSD', spreadCents: 16_00 },
			{ market: 'GBPUSD', spreadCents: 20_00 },
			{ market: 'USDJPY', spreadCents: 17_00 },
			{ market: 'AUDUSD', spreadCents: 18_00 },
			{ market: 'XAUUSD', spreadCents: 35_00 },
			{ market: 'US500', spreadCents: 5_00 },
			{ market: 'NAS100', spreadCents: 10_00 },
			{ market: 'WTI', spreadCents: 40_00 },
		],
		howWeEarn: 'A fixed rebate per lot traded by members who open an account through our link.',
	},
	{
		name: 'HFM',
		slug: 'hfm',
		regulator: 'Financial Sector Conduct Authority (FSCA), South Africa',
		licence: 'FSCA FSP 46632',
		lossPercent: 64.78,
		minDepositCents: 0,
		affiliateUrl: 'https://www.hfm.com/?partner=copytrade&sub={trackingId}',
		rating: 4.5,
		bonus: '100% credit bonus',
		features: 'Minimum deposit $0\nHFcopy platform\nNaira deposits',
		recommended: false,
		sortOrder: 3,
		copyTrading: true,
		commissionPerLotCents: 6_00,
		copyFeePercent: 30,
		spreads: [
			{ market: 'EURUSD', spreadCents: 2_00 },
			{ market: 'GBPUSD', spreadCents: 4_00 },
			{ market: 'USDJPY', spreadCents: 3_00 },
			{ market: 'AUDUSD', spreadCents: 3_00 },
			{ market: 'XAUUSD', spreadCents: 15_00 },
			{ market: 'US500', spreadCents: 4_00 },
			{ market: 'NAS100', spreadCents: 8_00 },
			{ market: 'BTCUSD', spreadCents: 30_00 },
			{ market: 'WTI', spreadCents: 30_00 },
		],
		howWeEarn: 'A commission per lot traded by members who open an account through our link, paid monthly.',
	},
]

export const quickStartGuide = [
	{ title: 'Pick a trader', text: 'Compare weekly and monthly returns, win rate and risk in Live Top Traders.' },
	{
		title: 'Open a partner broker account',
		text: 'Use a promotion code below for the deposit bonus; we never hold your funds.',
	},
	{ title: 'Fund from $50', text: 'Start small. Risk Shield splits your capital across traders.' },
	{ title: 'Copy and watch', text: 'Follow alerts in the Community Hub and stop copying at any time.' },
]

export const communityLinks = [
	{ name: 'Telegram channel', text: 'Live alerts and the unlock codes', url: 'https://t.me/TradeCircleOfficial' },
	{ name: 'Support', text: 'Questions about your account', url: 'https://t.me/TradeCircleSupport' },
]

/** Spec section 9: the setup progress bar is fixed at 25%. */
export const SETUP_PROGRESS_PERCENT = 25

export type PlanCard = {
	id: Plan
	name: string
	/** The capital the plan starts at, shown large on the landing's pricing. */
	minCapital: string
	capitalRange: string
	accessLevel: string
	features: string[]
	popular: boolean
}

/**
 * The one ladder of plans, lowest first: the dashboard's plan cards, the
 * landing's pricing and the sign-up's capital brackets all use it
 * (docs/decisions/015-one-coherent-story.md).
 */
export const planCards: PlanCard[] = [
	{
		id: 'regular',
		name: 'Regular',
		minCapital: '$50',
		capitalRange: '$50 to $999',
		accessLevel: 'Standard access',
		features: ['Live Top Traders', 'Academy lessons', 'Referral programme', 'Community Hub'],
		popular: false,
	},
	{
		id: 'gold',
		name: 'Gold Room',
		minCapital: '$1,000',
		capitalRange: '$1,000 to $4,999',
		accessLevel: 'Premium access',
		features: ['Everything in Regular', '0% Fee Offers', 'Priority signals', 'Weekly market brief'],
		popular: true,
	},
	{
		id: 'titanium',
		name: 'Titanium Vault',
		minCapital: '$5,000',
		capitalRange: '$5,000 to $9,999',
		accessLevel: 'Pro access',
		features: [
			'Everything in Gold Room',
			'Risk Shield with up to 5 traders',
			'Phone support',
			'Monthly portfolio review',
		],
		popular: false,
	},
	{
		id: 'platinum',
		name: 'Platinum Room',
		minCapital: '$10,000',
		capitalRange: '$10,000+',
		accessLevel: 'VIP access',
		features: [
			'Everything in Titanium Vault',
			'Early access to 0% Fee Offers',
			'Dedicated manager',
			'Private strategy calls',
		],
		popular: false,
	},
]

export type Milestone = { points: number; reward: string; description: string }

/** Spec section 9, in order of points. */
export const milestones: Milestone[] = [
	{
		points: 100,
		reward: 'Gift Pack + VIP Call',
		description: 'A TradeCircle gift pack and a one-to-one VIP strategy call',
	},
	{ points: 300, reward: '$500 Cash', description: '$500 paid to your broker account' },
	{ points: 500, reward: 'Smartphone', description: 'A new smartphone' },
	{
		points: 1_000,
		reward: 'Latest Smartphone + Badge',
		description: 'The newest phone model and the Elite Referrer badge',
	},
	{ points: 10_000, reward: 'Luxury Trip', description: 'An all-expenses-paid trip' },
	{ points: 50_000, reward: 'Car + $5,000', description: 'A car and $5,000 cash' },
	{
		points: 200_000,
		reward: 'Car + $25,000 + Lifetime Platinum',
		description: 'A car, $25,000 cash and lifetime Platinum membership',
	},
]

/** Spec section 9: 1 premium referral gives 1 point, no cap, no expiry. */
export const POINTS_PER_REFERRAL = 1

/** Sample top-3 prizes of the referral leaderboard. */
export const leaderboardPrizes = ['$1,000', '$500', '$250'] as const

/** Spec section 9: the monthly contest's prizes. */
export const monthlyContestPrizes = {
	first: '$1,000 + Jacket',
	second: 'Smartphone',
	third: '$300',
	fourthToTenth: '$50 each',
} as const

export const monthlyContestRules = [
	'Only referrals that unlock premium within the month count.',
	'Rankings reset on the 1st of each month.',
	'Ties go to the member who reached the count first.',
	'1st to 10th place win the prizes above.',
]

/** How many places the contest page and the leaderboard list. */
export const LEADERBOARD_SIZE = 10

/**
 * The contests scored from data (docs/decisions/021-contest-scoring.md): how
 * each type scores, the line for a member who takes part but has not scored
 * yet, and the unit of its score. The weights are ACTIVITY_POINTS in
 * app/features/contests/scoring.server.ts (a test keeps the two equal).
 */
export const dataContestTexts = {
	deposit: {
		label: 'Deposit contest',
		howItScores:
			"Your deposits with our partner brokers count, in whole dollars, as the brokers' monthly reports record them: a report counts when its month overlaps the contest's dates. Scores move when a report is imported.",
		notScoring: "You're in: your first deposit with a partner broker counts.",
		unit: 'deposited',
	},
	trading: {
		label: 'Trading contest',
		howItScores:
			"Your traded volume with our partner brokers counts, in whole dollars, as the brokers' monthly reports record it: a report counts when its month overlaps the contest's dates. Scores move when a report is imported.",
		notScoring: "You're in: your first trade with a partner broker counts.",
		unit: 'traded',
	},
	activity: {
		label: 'Activity contest',
		howItScores:
			"1 point for each day you sign in, 2 points for each lesson you complete and 5 points for each referral that unlocks premium, within the contest's dates.",
		notScoring: "You're in: your next sign-in, lesson or referral counts.",
		unit: 'points',
	},
} as const

export const dataContestRules = [
	'Every member who has unlocked the dashboard takes part.',
	'Ties go to the member who reached the score first.',
] as const
