import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { CLAIM_STATUSES, PLANS } from '#app/domain/enums.ts'
import type { getAcademyProgress } from '#app/features/academy/academy.server.ts'
import type { listOffers } from '#app/features/offers/fee-offers.server.ts'
import type { getMemberContests } from '#app/features/contests/member-contests.server.ts'
import type { MemberOverview } from '#app/features/dashboard/overview.server.ts'
import type { planCardsFor } from '#app/features/plans/plan.server.ts'
import type { getPointsStatement, referralSummary } from '#app/features/referrals/referral.server.ts'
import type { getTraderDetail, traderSummary } from '#app/features/traders/traders.server.ts'
import { DATA_SCORED_TYPES } from '#app/features/contests/scoring.server.ts'
import { ActivationCodeApiSchema } from '#app/features/plans/schemas.ts'
import { STATEMENT_MAX_LIMIT, STATEMENT_MAX_PAGE, STATEMENT_PAGE_SIZE } from '#app/features/referrals/schemas.ts'
import { TRADER_SORT_VALUES } from '#app/features/traders/schemas.ts'
import type { MemberApiKit } from './openapi-legacy.server.ts'
import { LESSON_TABS } from '#app/features/academy/schemas.ts'

/**
 * The member API's part of the OpenAPI document (/api/member/*, the
 * dashboard's screens: docs/decisions/025-member-api.md). Called by
 * app/utils/openapi.server.ts with its helpers (`kit`) while it builds the
 * document, after zod has its `.openapi()`; the schemas are made then too.
 * Other parts of /api/member add their operations in their own module.
 */

const RISK_LEVELS = ['Low', 'Medium', 'High'] as const

function memberSchemas({ isoDateTime, count, id }: MemberApiKit) {
	const percent = () => z.number().int().min(0).max(100)
	const AcademyStatsSchema = z
		.object({
			completed: count(),
			total: count(),
			progressPercent: percent(),
			totalLength: z.string().openapi({ description: 'The reading time of every lesson ("30 min").' }),
			certificates: count(),
			certificateTotal: count(),
		})
		.strict()
		.openapi('AcademyStats')
	const MemberBrokerSchema = z
		.object({
			slug: z.string(),
			name: z.string(),
			regulator: z.string(),
			licence: z.string(),
			lossPercent: z.number().openapi({ description: "Percent of the broker's retail CFD accounts that lose money." }),
			minDeposit: z.number().openapi({ description: 'US dollars.' }),
			rating: z.number(),
			bonus: z.string(),
			features: z.array(z.string()),
			recommended: z.boolean(),
		})
		.strict()
		.openapi('PartnerBroker', { description: 'An active partner broker; open it through `/go/{slug}`.' })
	const ConnectedBrokerSchema = z
		.object({
			name: z.string(),
			slug: z.string(),
			active: z.boolean(),
			funded: z.boolean(),
			firstClickAt: isoDateTime().nullable(),
			months: z.array(
				z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), deposits: z.number(), withdrawals: z.number() }).strict(),
			),
			totals: z.object({ deposits: z.number(), withdrawals: z.number(), reportMonths: count() }).strict(),
		})
		.strict()
		.openapi('ConnectedBroker', {
			description: 'A broker the member opened through us and what its monthly reports recorded (US dollars).',
		})
	const OverviewSchema = z
		.object({
			firstName: z.string(),
			tiles: z.array(z.object({ label: z.string(), value: z.string() }).strict()),
			plan: z.object({ id: z.enum(PLANS), name: z.string() }).strict(),
			setupProgressPercent: percent(),
			academy: AcademyStatsSchema,
			referralPoints: count(),
			connectedBrokers: z.array(ConnectedBrokerSchema),
			partnerBrokers: z.array(MemberBrokerSchema),
			account: z
				.object({ joinedAt: isoDateTime(), referralCode: z.string(), unlockedAt: isoDateTime().nullable() })
				.strict(),
		})
		.strict()
		.openapi('MemberOverview')
	const traderFields = {
		id: z.string(),
		name: z.string(),
		weeklyReturn: z.number().openapi({ description: 'Percent.' }),
		monthlyReturn: z.number().openapi({ description: 'Percent.' }),
		winRate: z.number().openapi({ description: 'Percent.' }),
		followers: count(),
		riskLevel: z.enum(RISK_LEVELS),
		trending: z.boolean(),
		weeklySeries: z.array(z.number()).openapi({ description: 'The last 12 weekly returns, oldest first (percent).' }),
	}
	const TraderSummarySchema = z
		.object(traderFields)
		.strict()
		.openapi('TraderSummary', { description: 'Sample figures, not a real track record.' })
	const TraderSchema = z
		.object({
			...traderFields,
			monthlyRecord: z.string(),
			totalTrades: count(),
			strategy: z.string(),
			markets: z.array(z.string()),
			monthlySeries: z.array(z.number()).openapi({ description: 'The last 12 monthly returns, oldest first.' }),
		})
		.strict()
		.openapi('Trader')
	const TraderDetailSchema = z
		.object({
			trader: TraderSchema,
			broker: MemberBrokerSchema.nullable().openapi({
				description: 'The broker to copy with (the recommended active one, else the first); null when none is active.',
			}),
		})
		.strict()
	const CertificateSchema = z
		.object({
			tab: z.enum(LESSON_TABS),
			topic: z.string(),
			lessonsCompleted: count(),
			lessonTotal: count(),
			earned: z
				.object({ on: z.string(), at: isoDateTime() })
				.strict()
				.nullable()
				.openapi({ description: 'When the last lesson of the topic was completed; null until all are.' }),
		})
		.strict()
	const AcademySchema = z
		.object({
			stats: AcademyStatsSchema,
			certificates: z.array(CertificateSchema),
			lessons: z.array(
				z
					.object({
						id: z.string(),
						tab: z.enum(LESSON_TABS),
						title: z.string(),
						duration: count().openapi({ description: 'Minutes.' }),
						description: z.string(),
						completed: z.boolean(),
						completedAt: isoDateTime().nullable(),
					})
					.strict(),
			),
		})
		.strict()
		.openapi('AcademyProgress')
	const PlanCardSchema = z
		.object({
			id: z.enum(PLANS),
			name: z.string(),
			minCapital: z.string(),
			capitalRange: z.string(),
			accessLevel: z.string(),
			features: z.array(z.string()),
			popular: z.boolean(),
			state: z.enum(['current', 'included', 'available']),
		})
		.strict()
		.openapi('PlanCard')
	const OfferSchema = z
		.object({
			id: z.string(),
			trader: z.string(),
			originalFee: z.number().openapi({ description: 'Percent.' }),
			currentFee: z.number().openapi({ description: 'Percent.' }),
			minCapital: z.number().openapi({ description: 'US dollars.' }),
			spotsLeft: count().openapi({ description: "After members' confirmations." }),
			totalSpots: count(),
			spotsLabel: z.enum(['Almost Full!', 'Filling Fast', 'Available']),
			expires: z.string(),
			performance: z.string(),
			monthlyReturn: z.number(),
			winRate: z.number(),
			risk: z.enum(RISK_LEVELS),
			totalFollowers: count(),
			description: z.string(),
			featured: z.boolean(),
			urgent: z.boolean(),
			confirmed: z.boolean().openapi({ description: 'The member has confirmed their interest.' }),
			// A union, not .nullable(): zod-to-openapi leaves null out of a nullable enum's values.
			claimStatus: z
				.union([z.enum(CLAIM_STATUSES), z.null()])
				.openapi({ description: "Where staff stand with the member's claim; null before confirming." }),
		})
		.strict()
		.openapi('FeeOffer')
	const milestone = {
		points: count(),
		reward: z.string(),
	}
	const ReferralsSchema = z
		.object({
			link: z.string().openapi({ description: 'The sign-up link with the code: what the member shares.' }),
			referralCode: z.string(),
			points: count(),
			referrals: count(),
			progress: z
				.object({
					percent: percent(),
					pointsToNext: count(),
					next: z
						.object(milestone)
						.strict()
						.nullable()
						.openapi({ description: 'Null once every milestone is reached.' }),
				})
				.strict(),
			milestones: z.array(z.object({ ...milestone, description: z.string(), achieved: z.boolean() }).strict()),
			statement: z
				.array(
					z
						.object({
							date: isoDateTime(),
							reason: z.string(),
							points: z.number().int(),
							status: z.enum(['credited', 'held', 'rejected']).openapi({
								description:
									'"credited" counts; "held" is pending staff review (docs/decisions/024-referral-integrity.md); "rejected" does not count.',
							}),
							reviewReason: z.string().nullable().openapi({ description: "Staff's reason when rejected, else null." }),
						})
						.strict(),
				)
				.openapi({ description: 'A page of the points statement, newest first (held and rejected lines too).' }),
			pagination: z
				.object({ page: id(), limit: id(), totalPages: id(), totalCount: count(), currentPage: id() })
				.strict(),
		})
		.strict()
		.openapi('MemberReferrals')
	const LeaderboardSchema = z
		.object({
			leaderboard: z.array(
				z
					.object({
						rank: id(),
						name: z.string().openapi({ description: 'First name and initial.' }),
						points: count(),
						referrals: count(),
						change: z.number().int().openapi({ description: 'Points gained in the last 7 days.' }),
						prize: z.string().nullable(),
						me: z.boolean(),
					})
					.strict(),
			),
			myRank: id().nullable().openapi({ description: "The member's place; null without points." }),
		})
		.strict()
		.openapi('ReferralLeaderboard')
	const standing = z.object({ rank: id(), score: z.number() }).strict()
	const rankingRow = { rank: id(), name: z.string(), score: z.number(), me: z.boolean() }
	const dates = {
		starts: z.string().openapi({ description: 'The first day, for people ("Mar 1, 2026", UTC).' }),
		ends: z.string().openapi({ description: 'The last day, for people.' }),
	}
	const rules = z.array(z.string())
	const ContestsSchema = z
		.object({
			contest: z
				.object({
					id: id(),
					name: z.string(),
					description: z.string(),
					...dates,
					secondsLeft: count(),
					prizes: z.array(z.object({ place: z.string(), prize: z.string() }).strict()),
					rules,
					participants: count(),
				})
				.strict()
				.nullable()
				.openapi({ description: 'The running monthly referral contest; null when none runs.' }),
			me: standing.nullable().openapi({ description: 'Null until the member scores in it.' }),
			top: z.array(z.object(rankingRow).strict()),
			dataContests: z.array(
				z
					.object({
						id: id(),
						name: z.string(),
						description: z.string(),
						type: z.enum(DATA_SCORED_TYPES),
						...dates,
						secondsLeft: count(),
						ended: z.boolean(),
						prizes: z.array(z.string().nullable()),
						rules,
						participants: count(),
						full: z.boolean(),
						me: standing.nullable(),
						top: z.array(z.object(rankingRow).strict()),
					})
					.strict(),
			),
			completed: z.array(
				z
					.object({
						id: id(),
						name: z.string(),
						type: z.enum(['referral', ...DATA_SCORED_TYPES]),
						...dates,
						winners: z.array(z.object({ ...rankingRow, prize: z.string().nullable() }).strict()),
						me: standing.nullable(),
					})
					.strict(),
			),
		})
		.strict()
		.openapi('MemberContests')
	return {
		OverviewSchema,
		TraderSummarySchema,
		TraderDetailSchema,
		AcademySchema,
		PlanCardSchema,
		OfferSchema,
		ReferralsSchema,
		LeaderboardSchema,
		ContestsSchema,
	}
}

type Schemas = ReturnType<typeof memberSchemas>
type Out<K extends keyof Schemas> = z.output<Schemas[K]>
/** What JSON makes of a value: dates become ISO strings. */
type Json<T> = T extends Date
	? string
	: T extends Array<infer U>
		? Array<Json<U>>
		: T extends object
			? { [K in keyof T]: Json<T[K]> }
			: T
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type AllTrue<T extends true[]> = T

/** Fails to compile when a schema and what its model returns drift apart. */
export type MemberSchemasMatchModels = AllTrue<
	[
		Same<
			Out<'OverviewSchema'>,
			Json<Omit<MemberOverview, 'tiles'>> & { tiles: Array<{ label: string; value: string }> }
		>,
		Same<Out<'TraderSummarySchema'>, ReturnType<typeof traderSummary>>,
		Same<Out<'TraderDetailSchema'>, NonNullable<ReturnType<typeof getTraderDetail>>>,
		Same<Out<'AcademySchema'>, ReturnType<typeof getAcademyProgress>>,
		Same<Out<'PlanCardSchema'>, ReturnType<typeof planCardsFor>[number]>,
		Same<Out<'OfferSchema'>, ReturnType<typeof listOffers>[number]>,
		Same<
			Omit<Out<'ReferralsSchema'>, 'statement' | 'pagination'>,
			Omit<ReturnType<typeof referralSummary>, 'milestones'> & {
				milestones: Array<Omit<ReturnType<typeof referralSummary>['milestones'][number], never>>
			}
		>,
		Same<Out<'ReferralsSchema'>['statement'][number], ReturnType<typeof getPointsStatement>[number]>,
		// One way: the model is a union (no referral contest running, or one with its standing).
		[ReturnType<typeof getMemberContests>] extends [Out<'ContestsSchema'>] ? true : false,
	]
>

export function registerMemberPaths(r: OpenAPIRegistry, kit: MemberApiKit) {
	const { operation, ok, refusals, jsonBody, BODY_REFUSALS, NoPayload } = kit
	const s = memberSchemas(kit)
	const TraderListQueryDoc = z
		.object({
			sort: z
				.enum(TRADER_SORT_VALUES)
				.default('weeklyReturn')
				.openapi({ description: 'Highest first; equal values keep the list order.' }),
		})
		.strict()
	const StatementQueryDoc = z
		.object({
			page: z.number().int().min(1).max(STATEMENT_MAX_PAGE).default(1),
			limit: z.number().int().min(1).max(STATEMENT_MAX_LIMIT).default(STATEMENT_PAGE_SIZE),
		})
		.strict()
	const tags = ['Member dashboard']
	const TERMS_409 =
		'The Terms & Conditions changed since the member accepted them: POST /api/member/terms/accept first.'
	const LOCKED = {
		403: "The member has not unlocked the dashboard ('Unlock your dashboard first: …'; POST /api/auth/verify-code).",
		409: TERMS_409,
	}
	const get = (
		path: string,
		summary: string,
		data: z.ZodTypeAny,
		extra: Parameters<typeof refusals>[0] = [],
		details = {},
		request?: object,
	) =>
		operation(r, 'get', path, {
			tags,
			summary,
			auth: 'member',
			...(request ? { request } : {}),
			responses: { 200: ok('The data.', { data }), ...refusals([403, 409, ...extra], { ...LOCKED, ...details }) },
		})

	get(
		'/api/member/overview',
		"The dashboard home: tiles, plan, setup and academy progress, the member's brokers",
		s.OverviewSchema,
	)
	get(
		'/api/member/traders',
		'Live Top Traders, sorted as on the dashboard',
		z.object({ sort: z.enum(TRADER_SORT_VALUES), traders: z.array(s.TraderSummarySchema) }).strict(),
		[400],
		{ 400: 'An unknown, bad or repeated query parameter (`sort` is one of the listed values).' },
		{ query: TraderListQueryDoc },
	)
	get(
		'/api/member/traders/{id}',
		"A trader's figures and the broker to copy them with",
		s.TraderDetailSchema,
		[404],
		{ 404: 'No trader has this id.' },
		{
			params: z.object({
				id: z.string().openapi({ description: 'The trader id, as in the traders list ("amara-okafor").' }),
			}),
		},
	)
	get('/api/member/academy', 'Academy progress: stats, certificates, every lesson with its completion', s.AcademySchema)
	operation(r, 'post', '/api/member/academy/lessons/{lessonId}/complete', {
		tags,
		summary: 'Mark a lesson complete (again: nothing changes, the first time stays)',
		auth: 'member',
		request: {
			params: z.object({ lessonId: z.string() }),
			body: jsonBody(NoPayload, { required: false, description: 'No payload.' }),
		},
		responses: {
			200: ok('Completed; the academy progress.', { message: true, data: s.AcademySchema }),
			...refusals([...BODY_REFUSALS, 403, 404, 409], { ...LOCKED, 404: 'No lesson has this id.' }),
		},
	})
	get(
		'/api/member/plans',
		"The member's plan and the plan ladder",
		z.object({ current: z.enum(PLANS), plans: z.array(s.PlanCardSchema) }).strict(),
	)
	operation(r, 'post', '/api/member/plans/activate', {
		tags,
		summary: 'Enter an activation code: the stored plan moves to the code’s plan',
		auth: 'member',
		request: { body: jsonBody(ActivationCodeApiSchema.openapi('ActivationCodeRequest')) },
		responses: {
			200: ok('Activated.', {
				message: true,
				data: z.object({ plan: z.enum(PLANS), previousPlan: z.enum(PLANS), planName: z.string() }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 403, 409, 429], {
				...LOCKED,
				400: 'Validation failed, or an unknown, expired, revoked or used-up code (`errors` has `code`).',
				409: `The member used this code already, the plan is already theirs, or it is below their plan. Or: ${TERMS_409}`,
				429: 'Too many codes tried from this address or by this member.',
			}),
		},
	})
	get(
		'/api/member/offers',
		'The 0% fee offers with the spots left and the member’s claim',
		z.object({ offers: z.array(s.OfferSchema) }).strict(),
		[],
		{ 403: `${LOCKED[403]} Or the regular plan ('Upgrade to a premium plan to access this feature').`, 409: TERMS_409 },
	)
	operation(r, 'post', '/api/member/offers/{id}/claim', {
		tags,
		summary: 'Confirm interest in a 0% offer (takes one spot, once)',
		auth: 'member',
		request: {
			params: z.object({ id: z.string() }),
			body: jsonBody(NoPayload, { required: false, description: 'No payload.' }),
		},
		responses: {
			201: ok('Confirmed.', { message: true, data: z.object({ offer: s.OfferSchema }).strict() }),
			...refusals([...BODY_REFUSALS, 403, 404, 409], {
				403: `${LOCKED[403]} Or the regular plan ('Upgrade to a premium plan to access this feature').`,
				404: 'No offer has this id.',
				409: `Already confirmed by this member, or no spot is left. Or: ${TERMS_409}`,
			}),
		},
	})
	get(
		'/api/member/referrals',
		'Referral link, code, points, milestones and a page of the points statement',
		s.ReferralsSchema,
		[400],
		{ 400: 'An unknown, bad or repeated query parameter.' },
		{ query: StatementQueryDoc },
	)
	get('/api/member/referrals/leaderboard', 'The referral leaderboard and the member’s rank', s.LeaderboardSchema)
	get(
		'/api/member/contests',
		'The running contests with the member’s standing, and the recent winners',
		s.ContestsSchema,
	)
}
