import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi'
import {
	ADMIN_403,
	ADMIN_AUTH,
	ADMIN_GUARD,
	ADMIN_TOKEN_LIMITED,
	BODY_REFUSALS,
	type ErrorStatus,
	IgnoredPayload,
	MEMBER_AUTH,
	NoPayload,
	PaginationSchema,
	TOKEN_REFUSED,
	TokenSchema,
	successEnvelope,
	count,
	id,
	isoDate,
	isoDateTime,
	jsonBody,
	jsonContent,
	nullableDateTime,
	ok,
	refusals,
	z,
} from './api-schema.server.ts'
import type {
	AdminContest,
	AdminParticipant,
	deleteContest,
	getAdminLeaderboard,
	getContestStats,
} from '#app/features/contests/admin-contests.server.ts'
import {
	REVENUE_TREND_MONTHS,
	TREND_DAYS,
	type DashboardStats,
	type DashboardTrends,
} from '#app/features/stats/stats.server.ts'
import type { bulkUpdateUsers, deleteManagedUser } from '#app/features/users/changes.server.ts'
import type { ManagedUserStats } from '#app/features/users/figures.server.ts'
import type { ManagedUser } from '#app/features/users/list.server.ts'
import type { StaffMember } from '#app/features/staff/staff.server.ts'
import type { PublicAdmin } from '#app/features/staff/admin.server.ts'
import type { PublicAlert, StaffAlert } from '#app/features/alerts/alerts.server.ts'
import type { OfferClaim } from '#app/features/offers/offer-claims.server.ts'
import type { PublicBroker, StaffBrokerRow } from '#app/features/brokers/brokers.server.ts'
import type { PublicReferralReview } from '#app/features/referrals/review.server.ts'
import type { PublicRevenueEntry } from '#app/features/revenue/revenue.server.ts'
import type { ReferralIntegritySettings } from '#app/features/settings/settings.server.ts'
import type {
	AppliedReport,
	PublicBrokerReport,
	ReportPreview,
} from '#app/features/broker-reports/broker-reports.server.ts'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { REPORT_COLUMNS, BrokerReportQuerySchema, ReportMonthSchema } from '../features/broker-reports/schemas.ts'
import type { PublicAuditEntry } from '#app/features/audit/audit.server.ts'
import { AUDIT_LIMITS } from '#app/features/audit/schemas.ts'
import type { PublicUser } from '#app/features/users/user.server.ts'
import type { AdminBatch, AdminPlanCode } from '#app/features/codes/plan-codes.server.ts'
import type { AdminUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import {
	BatchCodesApiQuerySchema,
	BatchListApiQuerySchema,
	PlanBatchApiSchema,
	UnlockRotateApiSchema,
} from '#app/features/codes/schemas.ts'
import {
	PLAN_CODE_STATUSES,
	PREMIUM_PLANS,
	SESSION_KINDS,
	ADMIN_ROLES,
	ALERT_STATES,
	ALERT_TYPES,
	CLAIM_STATUSES,
	CONTEST_STATUSES,
	CONTEST_TYPES,
	PLANS,
	USER_STATUSES,
} from '#app/domain/enums.ts'
import type { MemberSession } from '#app/features/account/account-settings.server.ts'
import { AlertsQuerySchema, REVENUE_LIMITS } from '#app/features/revenue/schemas.ts'
import { ALERTS_API_MAX_LIMIT, ALERTS_MAX_PAGE, ALERTS_PAGE_SIZE } from '../features/alerts/schemas.ts'
import {
	CLAIMS_API_MAX_LIMIT,
	CLAIMS_MAX_PAGE,
	CLAIMS_PAGE_SIZE,
	ClaimUpdateApiSchema,
	offerIds,
} from '../features/offers/schemas.ts'
import {
	ContestApiSchema,
	ContestListQuerySchema,
	ContestStatusApiSchema,
	LeaderboardQuerySchema,
	ParticipantsQuerySchema,
	ScoreApiSchema,
} from '../features/contests/schemas.ts'
import {
	BULK_MAX_USERS,
	BulkApiSchema,
	DEFAULT_USER_LIST_QUERY,
	SORT_ORDERS,
	USER_SORT_KEYS,
	USERS_API_MAX_LIMIT,
	USERS_MAX_PAGE,
	USERS_SEARCH_MAX,
	UserCreateApiSchema,
	UserUpdateApiSchema,
} from '../features/users/schemas.ts'
import {
	StaffCreateApiSchema,
	StaffResetPasswordApiSchema,
	StaffUpdateApiSchema,
	AdminLoginApiSchema,
	TwoFactorCodeApiSchema,
	TwoFactorSetupApiSchema,
} from '../features/staff/schemas.ts'
import { BrokerCreateApiSchema, BrokerUpdateApiSchema, SLUG_PATTERN } from '../features/brokers/schemas.ts'
import {
	REFERRAL_REVIEW_LIMITS,
	ReferralRejectApiSchema,
	ReferralSettingsApiSchema,
} from '../features/referrals/schemas.ts'
import { RevenueApiSchema, RevenueEditApiSchema, RevenueVoidApiSchema } from '../features/revenue/schemas.ts'
import {
	CloseAccountApiSchema,
	EmailChangeApiSchema,
	PasswordChangeApiSchema,
	ProfileApiSchema,
} from '../features/account/schemas.ts'
import { registerMemberPaths } from './openapi-member.server.ts'
import {
	ForgotPasswordApiSchema,
	LoginApiSchema,
	RegisterApiSchema,
	ResetPasswordApiSchema,
	TermsAcceptApiSchema,
	UnlockCodeApiSchema,
} from '#app/features/auth/schemas.ts'
import { InboxQuerySchema, NOTIFICATION_KINDS, PreferencesApiSchema } from '../features/notifications/schemas.ts'

/**
 * The OpenAPI 3.1 document of /api, served at GET /api/openapi.json.
 *
 * Request bodies and query strings are the very zod schemas the routes
 * validate with (imported from where the routes import them), turned into
 * JSON Schema by zod-to-openapi; only their input shape is described (the
 * product's messages come from refinements that JSON Schema cannot say).
 * Response schemas are written here and checked against the models' types
 * at compile time (`ResponseSchemasMatchModels` below), and against the
 * running server by tests/api/openapi.spec.ts. Every object is closed
 * (`additionalProperties: false`), so a field a route starts to send without
 * a line here fails that spec.
 *
 * extendZodWithOpenApi adds `.openapi()` to zod's prototype (the registry
 * calls it); it copies a schema with metadata and changes no validation.
 */

// ---------------------------------------------------------------------------
// Response data

const PublicUserSchema = z
	.object({
		id: id(),
		name: z.string(),
		email: z.string(),
		phone: z.string(),
		country: z.string(),
		telegram: z.string(),
		investmentAmount: z.string().nullable(),
		plan: z.enum(PLANS),
		status: z.enum(USER_STATUSES),
		referralCount: count(),
		referralPoints: count(),
		referralCode: z.string(),
		referredBy: z.string().nullable(),
		isVerified: z.boolean().openapi({ description: 'Whether the member has unlocked the dashboard.' }),
		createdAt: isoDateTime(),
	})
	.strict()
	.openapi('PublicUser', { description: 'A member as the API shows them: never the password hash.' })

const MemberSessionSchema = z
	.object({
		id: id(),
		kind: z.enum(SESSION_KINDS),
		device: z.string().openapi({ description: 'Read from the User-Agent at sign-in ("Firefox on Windows", "curl").' }),
		userAgent: z.string(),
		firstSeenAt: isoDateTime(),
		lastSeenAt: isoDateTime().openapi({ description: 'Updated at most once a minute.' }),
		expiresAt: isoDateTime(),
		current: z.boolean().openapi({ description: "The session of this request's token." }),
	})
	.strict()
	.openapi('MemberSession', { description: 'A signed-in session: never its secret.' })

const dataSection = () => z.array(z.object({}).passthrough())
const MemberDataSchema = z
	.object({
		exportedAt: isoDateTime(),
		profile: z.object({}).passthrough(),
		consents: dataSection(),
		referrals: z
			.object({ points: count(), count: count(), referredMembers: dataSection(), credits: dataSection() })
			.strict(),
		planHistory: dataSection(),
		offerClaims: dataSection(),
		lessons: dataSection(),
		contestEntries: dataSection(),
		activityDays: z.array(isoDate()),
		brokerAccounts: dataSection(),
		reportedFigures: dataSection(),
		notifications: dataSection(),
		notificationPreferences: dataSection(),
		pendingEmailChange: z.object({ newEmail: z.string(), expiresAt: isoDateTime() }).strict().nullable(),
		sessions: z.array(MemberSessionSchema),
	})
	.strict()
	.openapi('MemberData', {
		description: 'Everything stored about the member (the data download); other members by display name only.',
	})

const PublicAdminSchema = z
	.object({
		id: id(),
		email: z.string(),
		name: z.string(),
		role: z.enum(ADMIN_ROLES),
		lastLogin: isoDateTime().nullable(),
	})
	.strict()
	.openapi('PublicAdmin')

const trend = z.enum(['up', 'down', 'neutral'])
const dayPoints = (description: string) =>
	z
		.array(z.object({ day: isoDate(), value: z.number().nullable() }).strict())
		.length(TREND_DAYS)
		.openapi({ description })
const DashboardTrendsSchema = z
	.object({
		totalUsers: dayPoints('Members, per day.'),
		activeContests: dayPoints('Contests with status active, per day.'),
		platformActivity: dayPoints('Percent of members seen in the 7 days before, per day.'),
		monthlyRevenue: z
			.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), value: z.number().nullable() }).strict())
			.length(REVENUE_TREND_MONTHS)
			.openapi({
				description:
					'US dollars per UTC month from the revenue entries (voided ones excluded); null for a month without an entry that counts.',
			}),
	})
	.strict()
	.openapi('DashboardTrends', {
		description: `The series behind the stat cards, oldest first: the last ${TREND_DAYS} UTC days from the daily snapshots (today is the current figure; a day without a snapshot is null, never filled in), and the last ${REVENUE_TREND_MONTHS} UTC months of revenue.`,
	})
const DashboardStatsSchema = z
	.object({
		totalUsers: count(),
		totalUsersChange: z.number(),
		totalUsersTrend: trend,
		activeContests: count(),
		activeContestsChange: z.number(),
		activeContestsTrend: trend,
		monthlyRevenue: z.number().openapi({ description: 'US dollars, this UTC month.' }),
		monthlyRevenueChange: z.number(),
		monthlyRevenueTrend: trend,
		platformActivity: z
			.number()
			.min(0)
			.max(100)
			.openapi({ description: 'Percent of members seen in the last 7 days.' }),
		platformActivityChange: z.number(),
		platformActivityTrend: trend,
		trends: DashboardTrendsSchema,
	})
	.strict()
	.openapi('DashboardStats', {
		description: 'Changes are percentages with one decimal, signed; the trend follows the sign.',
	})

const AlertSchema = z
	.object({
		id: id(),
		type: z.enum(ALERT_TYPES),
		title: z.string(),
		message: z.string(),
		createdAt: isoDateTime(),
		actionUrl: z.string().optional().openapi({ description: 'A same-site path; absent when the alert has none.' }),
	})
	.strict()
	.openapi('Alert')

const RevenueEntrySchema = z
	.object({
		id: id(),
		broker: z.string(),
		month: z.string().regex(/^\d{4}-\d{2}$/),
		amount: z.number().openapi({ description: 'US dollars.' }),
		createdAt: isoDateTime(),
		voidedAt: isoDateTime().nullable().openapi({ description: 'Set when voided: the entry no longer counts.' }),
		voidReason: z.string().nullable(),
		correctionReason: z.string().nullable().openapi({ description: 'The reason of the latest edit.' }),
		updatedAt: isoDateTime().nullable(),
	})
	.strict()
	.openapi('RevenueEntry')

/** A signal that counts events in a window (sign-ups or unlocks from one address, a referrer's sign-ups or unlocks). */
const windowSignal = (code: 'client_signups' | 'client_unlocks' | 'referrer_signups' | 'referrer_unlocks') =>
	z
		.object({
			code: z.literal(code),
			count: z.number().int(),
			limit: z.number().int(),
			windowMinutes: z.number().int(),
			description: z.string(),
		})
		.strict()

const ReferralSignalSchema = z
	.discriminatedUnion('code', [
		windowSignal('client_signups'),
		windowSignal('client_unlocks'),
		windowSignal('referrer_signups'),
		windowSignal('referrer_unlocks'),
		z.object({ code: z.literal('disposable_email'), domain: z.string(), description: z.string() }).strict(),
		z.object({ code: z.literal('duplicate_phone'), otherMembers: z.number().int(), description: z.string() }).strict(),
	])
	.openapi('ReferralSignal', { description: 'What held the referral; `description` is a line a person can read.' })

const ReferralPartySchema = z.object({ id: id(), name: z.string(), email: z.string() }).strict()

const ReferralReviewSchema = z
	.object({
		id: id(),
		status: z.enum(['credited', 'held', 'rejected']).openapi({
			description: 'held: waits for review, counts nowhere; credited: approved, counts; rejected: never counts.',
		}),
		points: z.number().int(),
		createdAt: isoDateTime(),
		referrer: ReferralPartySchema,
		referred: ReferralPartySchema.nullable().openapi({
			description: "Null when the referred member's account was deleted.",
		}),
		signals: z.array(ReferralSignalSchema),
		reviewedAt: isoDateTime().nullable(),
		reviewedBy: z.number().int().nullable().openapi({ description: 'The deciding staff member (admins.id).' }),
		reviewReason: z.string().nullable().openapi({ description: 'The reason of a rejection.' }),
	})
	.strict()
	.openapi('ReferralReview')

const ReferralSettingsSchema = ReferralSettingsApiSchema.openapi('ReferralIntegritySettings', {
	description:
		'More than clientMaxEvents sign-ups, or unlocks, from one client address within clientWindowMinutes; more than referrerMaxSignups referred sign-ups, or unlocks, for one referrer within referrerWindowMinutes; a disposable email domain; a phone another member uses: any of them holds the referral for review (docs/decisions/024-referral-integrity.md).',
})

const BrokerReportSchema = z
	.object({
		id: id(),
		brokerSlug: z.string(),
		month: z.string().regex(/^\d{4}-\d{2}$/),
		fileName: z.string(),
		rowCount: z.number().int().min(0),
		deposits: z.number().openapi({ description: 'US dollars, the sum of the rows.' }),
		withdrawals: z.number(),
		volume: z.number().openapi({ description: 'Traded volume, US dollars.' }),
		commission: z.number().openapi({ description: 'US dollars; recorded as a revenue entry.' }),
		revenueEntryId: z.number().int().nullable().openapi({ description: 'Null when the commission was 0.' }),
		appliedAt: isoDateTime(),
		appliedBy: z
			.string()
			.nullable()
			.openapi({ description: "The staff member's email; null once the account is gone." }),
		reversedAt: isoDateTime().nullable(),
		replacedById: z.number().int().nullable(),
		state: z.enum(['applied', 'replaced', 'reversed']),
	})
	.strict()
	.openapi('BrokerReport')

const ReportRowErrorSchema = z
	.object({
		line: z.number().int().min(1).openapi({ description: 'The line in the file (the header is line 1).' }),
		kind: z.enum([
			'missing_field',
			'extra_field',
			'malformed_number',
			'negative_amount',
			'formula_cell',
			'wrong_month',
			'duplicate_row',
			'unknown_tracking_id',
			'other_broker',
		]),
		message: z.string(),
	})
	.strict()

const ReportPreviewSchema = z
	.object({
		broker: z.object({ slug: z.string(), name: z.string() }).strict(),
		month: z.string().regex(/^\d{4}-\d{2}$/),
		fileName: z.string(),
		contentSha256: z.string().regex(/^[0-9a-f]{64}$/),
		rowCount: z.number().int().min(0).openapi({ description: 'Data rows in the file, good and bad.' }),
		totals: z
			.object({
				rows: z.number().int().min(0),
				members: z.number().int().min(0),
				deposits: z.number(),
				withdrawals: z.number(),
				volume: z.number(),
				commission: z.number(),
			})
			.strict()
			.openapi({ description: 'The good rows only; amounts in US dollars.' }),
		fileError: z.string().nullable().openapi({ description: 'Empty file, wrong header, not CSV, no data rows.' }),
		errors: z
			.array(ReportRowErrorSchema)
			.openapi({ description: `The bad rows' problems by line, the first ${BROKER_REPORT_LIMITS.listedErrors}.` }),
		errorCount: z.number().int().min(0).openapi({ description: 'Problems in all (a row may have several).' }),
		badRows: z.number().int().min(0).openapi({ description: 'Rows with at least one problem.' }),
		// The applied report this one would replace (same broker and month, or the same file).
		applied: z.union([BrokerReportSchema, z.null()]),
		sameFile: z.boolean(),
		canApply: z
			.boolean()
			.openapi({ description: 'Every row is good (a replace is still needed when `applied` is set).' }),
	})
	.strict()
	.openapi('BrokerReportPreview')
/** An apply that wrote (201). */
const ReportAppliedSchema = z
	.object({ report: BrokerReportSchema, replaced: z.array(BrokerReportSchema), alreadyApplied: z.literal(false) })
	.strict()
/** A replace by the very file applied for that broker and month (200): nothing changed. */
const ReportKeptSchema = z
	.object({ report: BrokerReportSchema, replaced: z.array(BrokerReportSchema).max(0), alreadyApplied: z.literal(true) })
	.strict()
const brokerFields = {
	id: id(),
	name: z.string(),
	slug: z.string().regex(SLUG_PATTERN),
	regulator: z.string(),
	licence: z.string(),
	lossPercent: z
		.number()
		.openapi({ description: "The broker's own published share of retail accounts that lose money, 0 to 100." }),
	minDeposit: z.number().openapi({ description: 'US dollars.' }),
	affiliateUrl: z.string().openapi({
		description: "An https: link template; {trackingId} is replaced by the member's opaque tracking id.",
	}),
	rating: z.number().openapi({ description: 'Out of 5.' }),
	bonus: z.string(),
	features: z.array(z.string()),
	recommended: z.boolean(),
	sortOrder: z.number().int().openapi({ description: "Members' cards are listed by this, then by name." }),
	active: z.boolean().openapi({ description: 'Inactive brokers are hidden from members and /go/{slug} answers 404.' }),
	createdAt: isoDateTime(),
	updatedAt: isoDateTime().nullable(),
}

const BrokerSchema = z.object(brokerFields).strict().openapi('Broker')

const StaffBrokerSchema = z
	.object({
		...brokerFields,
		clicksLast30Days: z.number().int().openapi({ description: 'Clicks through /go/{slug} in the last 30 days.' }),
		membersConnected: z.number().int().openapi({ description: 'Members with a tracking id at this broker.' }),
	})
	.strict()
	.openapi('StaffBroker')

const StaffMemberSchema = z
	.object({
		id: id(),
		name: z.string(),
		email: z.string(),
		role: z.enum(ADMIN_ROLES),
		status: z.enum(['active', 'disabled']),
		disabledAt: isoDateTime().nullable(),
		twoFactor: z.boolean().openapi({ description: 'Whether the second factor (TOTP) is on.' }),
		lastLogin: isoDateTime().nullable(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime().nullable(),
	})
	.strict()
	.openapi('StaffMember')

const TwoFactorStatusSchema = z
	.object({
		enabled: z.boolean(),
		enabledAt: isoDateTime().nullable(),
		required: z.boolean().openapi({ description: 'Super admins always; `admin` when ADMIN_2FA_REQUIRED is on.' }),
		recoveryCodesLeft: count(),
	})
	.strict()
	.openapi('TwoFactorStatus')
const RecoveryCodesSchema = z
	.object({
		recoveryCodes: z
			.array(z.string().regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/))
			.length(10)
			.openapi({ description: 'Shown this once; each works once. Only their hashes are kept.' }),
	})
	.strict()

const AuditChangeSchema = z
	.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })
	.strict()
	.openapi('AuditChange', { description: 'One changed field, its values as short text (null: absent).' })

const AuditEntrySchema = z
	.object({
		id: id(),
		createdAt: isoDateTime(),
		adminId: id().nullable().openapi({ description: 'Null: written by the server itself (the `system` actor).' }),
		adminEmail: z.string(),
		action: z.string().openapi({ description: '"<target>.<verb>", such as `user.update`.' }),
		targetType: z.string(),
		targetId: z.string(),
		before: z.unknown().openapi({ description: 'The values before (secrets removed); null on a create.' }),
		after: z.unknown().openapi({ description: 'The values after (secrets removed); null on a delete.' }),
		changes: z.array(AuditChangeSchema),
	})
	.strict()
	.openapi('AuditEntry')

const managedUserShape = {
	id: id(),
	name: z.string(),
	email: z.string(),
	phone: z.string(),
	country: z.string(),
	telegram: z.string(),
	plan: z.enum(PLANS),
	status: z.enum(USER_STATUSES),
	totalDeposit: z.number(),
	totalWithdraw: z.number(),
	totalInvested: z.number().openapi({ description: 'Total deposit + total withdrawn.' }),
	createdAt: isoDateTime(),
	closedAt: isoDateTime().nullable().openapi({
		description:
			'When the member closed the account (personal fields erased, decision 022), or null. The staff pages show such an account as closed.',
	}),
}
const ManagedUserSchema = z.object(managedUserShape).strict().openapi('ManagedUser')

const MemberBrokerAccountSchema = z
	.object({
		brokerId: id(),
		name: z.string(),
		slug: z.string(),
		active: z.boolean().openapi({ description: 'False once staff deactivated the broker; its figures stay.' }),
		trackingId: z.string().openapi({ description: "The opaque id the broker's reports name this member by." }),
		clickCount: count(),
		firstClickAt: isoDateTime().nullable(),
		lastClickAt: isoDateTime().nullable(),
		funded: z
			.boolean()
			.openapi({ description: 'An applied (not reversed) report has a row for the member with deposits above 0.' }),
		months: z
			.array(
				z
					.object({
						month: z.string().regex(/^\d{4}-\d{2}$/),
						deposits: z.number().min(0).openapi({ description: 'US dollars.' }),
						withdrawals: z.number().min(0).openapi({ description: 'US dollars.' }),
					})
					.strict(),
			)
			.max(12)
			.openapi({ description: 'What the applied reports recorded per report month, newest first, at most 12.' }),
		totals: z
			.object({
				deposits: z.number().min(0).openapi({ description: 'US dollars.' }),
				withdrawals: z.number().min(0).openapi({ description: 'US dollars.' }),
				reportMonths: count(),
			})
			.strict()
			.openapi({ description: 'Over every applied report month, not only the listed ones.' }),
	})
	.strict()
	.openapi('MemberBrokerAccount', {
		description:
			"A member's broker account and what the brokers' monthly reports recorded for them (not live balances).",
	})

const ManagedUserStatsSchema = z
	.object({
		user: z
			.object({
				...managedUserShape,
				referralCode: z.string(),
				referredBy: z.string().nullable(),
				investmentAmount: z.string().nullable(),
				isVerified: z.boolean(),
				unlockedAt: isoDateTime().nullable(),
				lastSeenAt: isoDateTime().nullable(),
				updatedAt: isoDateTime(),
			})
			.strict(),
		referrals: z
			.object({
				count: count(),
				points: count(),
				referredMembers: count(),
				recentCredits: z.array(z.object({ at: isoDateTime(), reason: z.string(), points: z.number().int() }).strict()),
			})
			.strict(),
		planHistory: z.array(
			z
				.object({
					at: isoDateTime(),
					// Not .nullable(): zod-to-openapi 7 leaves null out of a nullable enum.
					from: z.union([z.enum(PLANS), z.null()]),
					to: z.enum(PLANS),
					source: z.string(),
					by: z.string().nullable().openapi({ description: "The admin's email, for changes by an admin." }),
				})
				.strict(),
		),
		sessions: z
			.object({ active: count(), web: count(), api: count(), lastStartedAt: isoDateTime().nullable() })
			.strict(),
		activity: z.object({ lessonsCompleted: count(), contestsJoined: count(), offersClaimed: count() }).strict(),
		recentChanges: z.array(z.object({ at: isoDateTime(), action: z.string(), by: z.string() }).strict()),
		brokers: z.array(MemberBrokerAccountSchema),
	})
	.strict()
	.openapi('ManagedUserStats')

const AdminContestSchema = z
	.object({
		id: id(),
		name: z.string(),
		description: z.string(),
		type: z.enum(CONTEST_TYPES),
		status: z.enum(CONTEST_STATUSES),
		startDate: isoDate(),
		endDate: isoDate(),
		prizes: z.object({ first: z.string(), second: z.string().nullable(), third: z.string().nullable() }).strict(),
		rules: z.string(),
		maxParticipants: id().nullable().openapi({ description: 'Null: unlimited.' }),
		participantCount: count(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
		completedAt: isoDateTime().nullable(),
	})
	.strict()
	.openapi('AdminContest')

const ContestSummarySchema = z
	.object({ id: id(), name: z.string(), status: z.enum(CONTEST_STATUSES) })
	.strict()
	.openapi('ContestSummary')

const AdminParticipantSchema = z
	.object({
		id: id(),
		userId: id(),
		rank: id().openapi({ description: 'Frozen once the contest is completed; else the place held now.' }),
		user: z.object({ name: z.string(), email: z.string() }).strict(),
		score: count(),
		joinedAt: isoDateTime(),
	})
	.strict()
	.openapi('AdminParticipant')

const LeaderboardSchema = z
	.object({
		contest: ContestSummarySchema,
		leaderboard: z.array(
			z.object({ rank: id(), userId: id(), name: z.string(), email: z.string(), score: count() }).strict(),
		),
	})
	.strict()

const ParticipantsPageSchema = z
	.object({
		contest: ContestSummarySchema,
		participants: z.array(AdminParticipantSchema),
		pagination: PaginationSchema,
	})
	.strict()

const ContestStatsSchema = z
	.object({
		contestId: id(),
		name: z.string(),
		status: z.enum(CONTEST_STATUSES),
		startDate: isoDate(),
		endDate: isoDate(),
		participants: count(),
		totalScore: count(),
		topScore: count(),
		averageScore: z.number().min(0),
		daysLeft: count().openapi({ description: 'Whole days until the end; 0 once completed or ended.' }),
		maxParticipants: id().nullable(),
		spotsLeft: count().nullable(),
	})
	.strict()
	.openapi('ContestStats')

const DeletedContestSchema = z.object({ id: id(), participantsRemoved: count() }).strict()
const DeletedUserSchema = z.object({ id: id() }).strict()
const BulkResultSchema = z.object({ updated: count().openapi({ description: 'Rows changed.' }) }).strict()

const OfferClaimSchema = z
	.object({
		id: id(),
		userId: id(),
		memberName: z.string(),
		memberEmail: z.string(),
		offerId: z.string(),
		offerTitle: z.string().openapi({ description: "The offer's trader." }),
		status: z.enum(CLAIM_STATUSES),
		note: z.string(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime().nullable().openapi({ description: 'The last change by staff; null until then.' }),
	})
	.strict()
	.openapi('OfferClaim', { description: "A member's confirmed interest in a 0% fee offer, as staff work it." })

const StaffAlertSchema = z
	.object({
		id: id(),
		type: z.enum(ALERT_TYPES),
		title: z.string(),
		message: z.string(),
		actionUrl: z.string().nullable(),
		createdAt: isoDateTime(),
		state: z.enum(ALERT_STATES).openapi({ description: 'Resolved wins; acknowledged is open and marked seen.' }),
		acknowledgedAt: isoDateTime().nullable(),
		acknowledgedByEmail: z.string().nullable(),
		resolvedAt: isoDateTime().nullable(),
		resolvedByEmail: z
			.string()
			.nullable()
			.openapi({ description: 'Null while open, or when the server resolved it itself.' }),
	})
	.strict()
	.openapi('StaffAlert')

// Codes (/api/admin/unlock-codes, /api/admin/plan-code-*)
const AdminUnlockCodeSchema = z
	.object({
		id: id(),
		code: z.string(),
		status: z.enum(['active', 'expiring', 'expired', 'retired']),
		current: z.boolean().openapi({ description: 'The newest active code: the one the channel hands out.' }),
		expiresAt: nullableDateTime(),
		createdAt: isoDateTime(),
		createdByEmail: z.string().openapi({ description: '`system` for the code seeded from UNLOCK_CODE.' }),
		retiredAt: nullableDateTime(),
		retiredByEmail: z.string().nullable(),
		membersUnlocked: count(),
	})
	.strict()
	.openapi('UnlockCode')
const RotationSchema = z
	.object({
		code: AdminUnlockCodeSchema,
		previous: z.array(z.object({ id: id(), expiresAt: nullableDateTime(), retired: z.boolean() }).strict()),
	})
	.strict()
const statusCounts = z.object({ unused: count(), used: count(), expired: count(), revoked: count() }).strict()
const AdminBatchSchema = z
	.object({
		id: id(),
		plan: z.enum(PREMIUM_PLANS),
		count: count(),
		usesPerCode: id(),
		expiresAt: nullableDateTime(),
		note: z.string(),
		createdByEmail: z.string(),
		createdAt: isoDateTime(),
		revokedAt: nullableDateTime(),
		counts: statusCounts,
	})
	.strict()
	.openapi('PlanCodeBatch')
const AdminPlanCodeSchema = z
	.object({
		id: id(),
		code: z.string().openapi({ description: 'Masked (`GOLD-7K2M••••••`).' }),
		plan: z.enum(PREMIUM_PLANS),
		uses: count(),
		maxUses: id(),
		expiresAt: nullableDateTime(),
		revokedAt: nullableDateTime(),
		status: z.enum(PLAN_CODE_STATUSES),
		usedBy: z.array(z.object({ userId: id(), name: z.string(), email: z.string(), at: isoDateTime() }).strict()),
	})
	.strict()
	.openapi('PlanCode')

// The route maps alerts to drop a null actionUrl (app/routes/api/admin/dashboard/alerts.ts).
type AlertAnswer = Omit<PublicAlert, 'actionUrl'> & { actionUrl?: string }

/** zod reads an unknown-valued key as optional; the entry always has both (null when empty). */
type AuditEntryAnswer = Omit<PublicAuditEntry, 'before' | 'after'> & { before?: unknown; after?: unknown }

/** True when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type AllTrue<T extends true[]> = T

/**
 * Fails to compile when a response schema and what the model returns drift
 * apart (a field added, removed or retyped on either side).
 */
export type ResponseSchemasMatchModels = AllTrue<
	[
		Same<z.output<typeof PublicUserSchema>, PublicUser>,
		Same<z.output<typeof PublicAdminSchema>, PublicAdmin>,
		Same<z.output<typeof DashboardStatsSchema>, DashboardStats & { trends: DashboardTrends }>,
		Same<z.output<typeof AlertSchema>, AlertAnswer>,
		Same<z.output<typeof RevenueEntrySchema>, PublicRevenueEntry>,
		Same<z.output<typeof ReferralReviewSchema>, PublicReferralReview>,
		Same<z.output<typeof ReferralSettingsSchema>, ReferralIntegritySettings>,
		Same<z.output<typeof BrokerReportSchema>, PublicBrokerReport>,
		Same<z.output<typeof ReportPreviewSchema>, ReportPreview>,
		Same<z.output<typeof ReportAppliedSchema> | z.output<typeof ReportKeptSchema>, AppliedReport>,
		Same<z.output<typeof BrokerSchema>, PublicBroker>,
		Same<z.output<typeof StaffBrokerSchema>, StaffBrokerRow>,
		Same<z.output<typeof AuditEntrySchema>, AuditEntryAnswer>,
		Same<z.output<typeof StaffMemberSchema>, StaffMember>,
		Same<z.output<typeof ManagedUserSchema>, ManagedUser>,
		Same<z.output<typeof ManagedUserStatsSchema>, ManagedUserStats>,
		Same<z.output<typeof AdminContestSchema>, AdminContest>,
		Same<z.output<typeof AdminParticipantSchema>, AdminParticipant>,
		Same<z.output<typeof LeaderboardSchema>, NonNullable<ReturnType<typeof getAdminLeaderboard>>>,
		Same<z.output<typeof AdminUnlockCodeSchema>, AdminUnlockCode>,
		Same<z.output<typeof AdminBatchSchema>, AdminBatch>,
		Same<z.output<typeof AdminPlanCodeSchema>, AdminPlanCode>,
		Same<z.output<typeof ContestStatsSchema>, NonNullable<ReturnType<typeof getContestStats>>>,
		Same<z.output<typeof DeletedContestSchema>, Extract<ReturnType<typeof deleteContest>, { ok: true }>['value']>,
		Same<z.output<typeof DeletedUserSchema>, Extract<ReturnType<typeof deleteManagedUser>, { ok: true }>['value']>,
		Same<z.output<typeof BulkResultSchema>, Extract<ReturnType<typeof bulkUpdateUsers>, { ok: true }>['value']>,
		Same<z.output<typeof OfferClaimSchema>, OfferClaim>,
		Same<z.output<typeof StaffAlertSchema>, StaffAlert>,
		Same<z.output<typeof MemberSessionSchema>, MemberSession>,
	]
>

// ---------------------------------------------------------------------------
// Requests that have no zod schema of their own

/**
 * The users list's query string. The routes read it with
 * `parseUserListQuery(params, { strict: true })` (app/features/users/schemas.ts),
 * a hand-written parser; this states the same bounds from its constants
 * (openapi.server.test.ts checks that the parser agrees).
 */
const userFilters = {
	search: z
		.string()
		.max(USERS_SEARCH_MAX)
		.optional()
		.openapi({ description: 'Name or email contains this (trimmed, NFKC).' }),
	status: z
		.enum([...USER_STATUSES, 'all', ''])
		.optional()
		.openapi({ description: 'Empty or `all`: every status.' }),
	plan: z
		.enum([...PLANS, 'all', ''])
		.optional()
		.openapi({ description: 'Empty or `all`: every plan.' }),
	sortBy: z.enum(USER_SORT_KEYS).default(DEFAULT_USER_LIST_QUERY.sortBy),
	sortOrder: z.enum(SORT_ORDERS).optional().openapi({ description: '`asc` for name, else `desc`, when not given.' }),
}
const userPaging = {
	page: z.number().int().min(1).max(USERS_MAX_PAGE).default(DEFAULT_USER_LIST_QUERY.page),
	limit: z.number().int().min(1).max(USERS_API_MAX_LIMIT).default(DEFAULT_USER_LIST_QUERY.limit),
}
export const UserListQueryDoc = z.object({ ...userPaging, ...userFilters }).strict()
/** The export reads the list's query (page and limit are checked, then ignored: it has every page). */
export const UserExportQueryDoc = z
	.object({
		page: userPaging.page.openapi({ description: 'Checked as in the list, then ignored.' }),
		limit: userPaging.limit.openapi({ description: 'Checked as in the list, then ignored.' }),
		...userFilters,
	})
	.strict()

/** The audit log's query (app/features/audit/schemas.ts has the rules). */
const auditFilters = {
	adminId: z
		.string()
		.optional()
		.openapi({ description: "An admin's id, or `system` for the rows the server wrote itself." }),
	action: z
		.string()
		.max(AUDIT_LIMITS.action)
		.optional()
		.openapi({ description: 'An exact action, such as `user.update` (lower case, dots and dashes).' }),
	targetType: z.string().max(AUDIT_LIMITS.targetType).optional().openapi({ description: 'Such as `user`, `contest`.' }),
	targetId: z.string().max(AUDIT_LIMITS.targetId).optional().openapi({ description: 'Needs targetType.' }),
	from: z.string().date().optional().openapi({ description: 'YYYY-MM-DD, UTC, inclusive.' }),
	to: z.string().date().optional().openapi({ description: 'YYYY-MM-DD, UTC, inclusive; not before from.' }),
	cursor: z
		.string()
		.optional()
		.openapi({ description: 'The `nextCursor` of the previous page: rows older than its last one.' }),
	limit: z.number().int().min(1).max(AUDIT_LIMITS.apiMaxLimit).default(AUDIT_LIMITS.pageSize),
}
export const AuditQueryDoc = z.object(auditFilters).strict()
export const AuditExportQueryDoc = z
	.object({ ...auditFilters, limit: auditFilters.limit.openapi({ description: 'Checked, then ignored.' }) })
	.strict()

/** /api/admin/offer-claims: read by parseClaimListQuery (app/features/offers/schemas.ts). */
const claimFilters = {
	status: z
		.enum([...CLAIM_STATUSES, 'all', ''])
		.optional()
		.openapi({ description: 'Empty or `all`: every status.' }),
	offer: z
		.enum(['all', '', ...offerIds()])
		.optional()
		.openapi({ description: "An offer's id; empty or `all`: every offer." }),
}
export const ClaimListQueryDoc = z
	.object({
		...claimFilters,
		page: z.number().int().min(1).max(CLAIMS_MAX_PAGE).default(1),
		limit: z.number().int().min(1).max(CLAIMS_API_MAX_LIMIT).default(CLAIMS_PAGE_SIZE),
	})
	.strict()
export const ClaimExportQueryDoc = z.object(claimFilters).strict()
/** /api/admin/alerts: read by parseAlertListQuery (app/features/alerts/schemas.ts). */
export const AlertListQueryDoc = z
	.object({
		state: z
			.enum([...ALERT_STATES, 'all', ''])
			.optional()
			.openapi({ description: 'open (not seen), acknowledged (open, seen) or resolved; empty or `all`: every alert.' }),
		type: z
			.enum([...ALERT_TYPES, 'all', ''])
			.optional()
			.openapi({ description: 'Empty or `all`: every type.' }),
		page: z.number().int().min(1).max(ALERTS_MAX_PAGE).default(1),
		limit: z.number().int().min(1).max(ALERTS_API_MAX_LIMIT).default(ALERTS_PAGE_SIZE),
	})
	.strict()

/**
 * POST /api/admin/users/bulk-update: BulkApiSchema takes `userIds` as any
 * array and checks each id in its transform (so its messages are the
 * product's); the document states that rule, the rest is the schema's own.
 */
const BulkUpdateRequestDoc = BulkApiSchema.innerType().extend({
	userIds: z
		.array(id())
		.min(1)
		.max(BULK_MAX_USERS)
		.openapi({ uniqueItems: true, description: 'JSON numbers, each once; one unknown id and nothing changes (404).' }),
})

const ContestIdParams = z.object({
	contestId: id().openapi({ description: 'Anything but a positive whole number is a 404.' }),
})
const EntryIdParams = z.object({ id: id().openapi({ description: 'Anything but a positive whole number is a 404.' }) })
const StaffIdParams = EntryIdParams
const BrokerSlugParams = z.object({
	slug: z.string().openapi({ description: "The broker's slug; an unknown one is a 404." }),
})
const RevenueListQueryDoc = z
	.object({
		page: z.number().int().min(1).max(REVENUE_LIMITS.maxPage).default(1),
		limit: z.number().int().min(1).max(REVENUE_LIMITS.apiMaxLimit).default(REVENUE_LIMITS.pageSize),
	})
	.strict()
const ReferralListQueryDoc = z
	.object({
		status: z.enum(['held', 'decided']).default('held').openapi({
			description:
				'held: waiting for review, oldest first; decided: approved or rejected after a hold, newest decision first.',
		}),
		page: z.number().int().min(1).max(100_000).default(1),
		limit: z.number().int().min(1).max(REFERRAL_REVIEW_LIMITS.maxPageSize).default(REFERRAL_REVIEW_LIMITS.pageSize),
	})
	.strict()
const UserIdParams = z.object({ id: id().openapi({ description: 'Anything but a positive whole number is a 404.' }) })
const ParticipantParams = ContestIdParams.extend({ userId: id() })

// ---------------------------------------------------------------------------
// The paths

type Operation = Omit<RouteConfig, 'path' | 'method'> & {
	auth?: 'member' | 'admin'
	/** An admin operation outside the per-token limits (sign-out: ending a token always works). */
	unlimited?: true
}

/**
 * Registers one operation; one that needs a token gets its security scheme
 * and the token's 401, and one that needs an admin token the limits' 429.
 * Every operation gets the server's own answers (`transportAnswers`).
 */
function operation(registry: OpenAPIRegistry, method: RouteConfig['method'], path: string, op: Operation) {
	// A route that declares itself (apiRoute's operations) is described by its declaration.
	if (declared.has(`${method} ${path}`)) return
	const { auth, unlimited, responses, ...rest } = op
	registry.registerPath({
		method,
		path,
		security: auth ? [{ [auth === 'member' ? MEMBER_AUTH : ADMIN_AUTH]: [] }] : [],
		...rest,
		responses: {
			...responses,
			...(auth ? { 401: TOKEN_REFUSED } : {}),
			...(auth === 'admin' && !unlimited ? { 429: ADMIN_TOKEN_LIMITED } : {}),
		},
	})
}

let declared = new Set<string>()

/** What the member API's module (openapi-member.server.ts) builds its part with. */
function memberApiKit() {
	return { operation, ok, refusals, jsonBody, BODY_REFUSALS, NoPayload, isoDateTime, count, id }
}
export type MemberApiKit = ReturnType<typeof memberApiKit>

/**
 * The operations not yet declared beside their routes (issue 38 step 3
 * moves them there, and this module goes). `declaredOperations` holds
 * "method path" of those the routes declare, which are skipped here.
 */
export function registerLegacyPaths(r: OpenAPIRegistry, declaredOperations: Set<string>) {
	declared = declaredOperations
	registerPaths(r)
}

function registerPaths(r: OpenAPIRegistry) {
	// Request schemas used by more than one operation, named once.
	const LoginRequest = LoginApiSchema.openapi('LoginRequest')
	const ContestRequest = ContestApiSchema.openapi('ContestRequest')

	// Member accounts
	operation(r, 'post', '/api/auth/register', {
		tags: ['Member auth'],
		summary: 'Create a member account and sign in',
		request: { body: jsonBody(RegisterApiSchema.openapi('RegisterRequest')) },
		responses: {
			201: ok('Account created.', {
				message: true,
				data: z.object({ token: TokenSchema, user: PublicUserSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 409, 429], { 409: 'The email is taken (`errors` has the email field).' }),
		},
	})
	operation(r, 'post', '/api/auth/login', {
		tags: ['Member auth'],
		summary: 'Sign in',
		request: { body: jsonBody(LoginRequest) },
		responses: {
			200: ok('Signed in.', { message: true, data: z.object({ token: TokenSchema, user: PublicUserSchema }).strict() }),
			...refusals([...BODY_REFUSALS, 401, 403, 429], {
				401: 'Invalid email or password (the same answer for an unknown email).',
				403: 'The account is suspended or banned.',
			}),
		},
	})
	operation(r, 'get', '/api/auth/me', {
		tags: ['Member auth'],
		summary: 'The signed-in member',
		auth: 'member',
		responses: {
			200: ok('The member.', { data: z.object({ user: PublicUserSchema }).strict() }),
			...refusals([]),
		},
	})
	operation(r, 'post', '/api/auth/logout', {
		tags: ['Member auth'],
		summary: "End this token's session",
		auth: 'member',
		request: { body: jsonBody(NoPayload, { required: false, description: 'No payload.' }) },
		responses: { 200: ok('Signed out.', { message: true }), ...refusals(BODY_REFUSALS) },
	})
	operation(r, 'post', '/api/auth/verify-code', {
		tags: ['Member auth'],
		summary: "Unlock the member's dashboard with the channel's code",
		auth: 'member',
		request: { body: jsonBody(UnlockCodeApiSchema.openapi('UnlockCodeRequest')) },
		responses: {
			200: ok('Unlocked (also when already unlocked).', {
				message: true,
				data: z.object({ user: PublicUserSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed, or a wrong or expired code (`errors` has `code`).',
			}),
		},
	})
	operation(r, 'post', '/api/auth/forgot-password', {
		tags: ['Member auth'],
		summary: 'Mail a reset link (the same answer whether or not the email has an account)',
		request: { body: jsonBody(ForgotPasswordApiSchema.openapi('ForgotPasswordRequest')) },
		responses: { 200: ok('Accepted.', { message: true }), ...refusals([...BODY_REFUSALS, 429]) },
	})
	operation(r, 'post', '/api/auth/reset-password', {
		tags: ['Member auth'],
		summary: 'Set a new password with a reset link token (ends every session)',
		request: { body: jsonBody(ResetPasswordApiSchema.openapi('ResetPasswordRequest')) },
		responses: {
			200: ok('Password changed.', { message: true }),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed, or an unknown, used or expired token (`errors` has `token`).',
			}),
		},
	})

	// The member's own account (issue 15 parts 1 and 2)
	const SessionIdParams = z.object({ id: z.string().openapi({ description: 'A session id (an integer).' }) })
	operation(r, 'get', '/api/member/settings/profile', {
		tags: ['Member settings'],
		summary: "The member's profile",
		auth: 'member',
		responses: { 200: ok('The profile.', { data: z.object({ profile: PublicUserSchema }).strict() }), ...refusals([]) },
	})
	operation(r, 'patch', '/api/member/settings/profile', {
		tags: ['Member settings'],
		summary: "Change the profile's fields (the sign-up's rules and messages)",
		auth: 'member',
		request: { body: jsonBody(ProfileApiSchema.innerType().openapi('ProfileRequest')) },
		responses: {
			200: ok('Saved.', { message: true, data: z.object({ profile: PublicUserSchema }).strict() }),
			...refusals(BODY_REFUSALS),
		},
	})
	operation(r, 'post', '/api/member/settings/password', {
		tags: ['Member settings'],
		summary: "Change the password: every session ends, this token's too; the answer has the new token",
		auth: 'member',
		request: { body: jsonBody(PasswordChangeApiSchema.innerType().openapi('PasswordChangeRequest')) },
		responses: {
			200: ok('Changed.', { message: true, data: z.object({ token: TokenSchema }).strict() }),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed, a wrong current password (`errors` has `currentPassword`) or a new password equal to the old (`newPassword`).',
			}),
		},
	})
	operation(r, 'post', '/api/member/settings/email', {
		tags: ['Member settings'],
		summary: 'Ask to change the email: a link (24 hours, once) to the new address, a notice to the old',
		auth: 'member',
		request: { body: jsonBody(EmailChangeApiSchema.openapi('EmailChangeRequest')) },
		responses: {
			202: ok('The link was sent; the email changes only when it is opened (a page, /confirm-email).', {
				message: true,
				data: z.object({ pendingEmail: z.string(), expiresAt: isoDateTime() }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 409, 429], {
				400: 'Validation failed, a wrong current password (`currentPassword`) or the current address (`newEmail`).',
				409: 'Another account has this email (`errors` has `newEmail`).',
			}),
		},
	})
	operation(r, 'get', '/api/member/sessions', {
		tags: ['Member settings'],
		summary: "The member's signed-in sessions, this token's first",
		auth: 'member',
		responses: {
			200: ok('The sessions.', { data: z.object({ sessions: z.array(MemberSessionSchema) }).strict() }),
			...refusals([]),
		},
	})
	operation(r, 'delete', '/api/member/sessions/others', {
		tags: ['Member settings'],
		summary: "Sign out everywhere else: every session but this token's ends",
		auth: 'member',
		responses: { 200: ok('Ended.', { message: true, data: z.object({ ended: count() }).strict() }), ...refusals([]) },
	})
	operation(r, 'delete', '/api/member/sessions/{id}', {
		tags: ['Member settings'],
		summary: "End one of the member's sessions",
		auth: 'member',
		request: { params: SessionIdParams },
		responses: {
			200: ok('Ended.', { message: true }),
			...refusals([404], { 404: "No such session of this member (another member's is a 404 too)." }),
		},
	})
	operation(r, 'get', '/api/member/data', {
		tags: ['Member settings'],
		summary: 'Download my data: everything stored about the member',
		auth: 'member',
		responses: { 200: ok('The data.', { data: MemberDataSchema }), ...refusals([]) },
	})
	operation(r, 'post', '/api/member/account/close', {
		tags: ['Member settings'],
		summary: 'Close the account: personal fields erased, every session ends (docs/decisions/022-account-closure.md)',
		auth: 'member',
		request: { body: jsonBody(CloseAccountApiSchema.openapi('CloseAccountRequest')) },
		responses: {
			200: ok('Closed.', { message: true }),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed (`confirm` must be true) or a wrong current password (`currentPassword`).',
			}),
		},
	})
	// Member: notifications and the terms (docs/decisions/023-consents-and-notifications.md)
	const NotificationSchema = z
		.object({
			id: id(),
			kind: z.enum(NOTIFICATION_KINDS),
			title: z.string(),
			body: z.string(),
			link: z.string().nullable().openapi({ description: 'A path in the app the notification leads to.' }),
			read: z.boolean(),
			createdAt: isoDateTime(),
		})
		.strict()
		.openapi('Notification')
	const EmailPreferencesSchema = z
		.object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])))
		.strict()
		.openapi('EmailPreferences', { description: 'Which kinds the member also gets by email (every kind listed).' })
	const MEMBER_GUARD: ErrorStatus[] = [403, 409]
	const MEMBER_GUARD_TEXT = {
		403: 'The member has not unlocked the dashboard yet (POST /api/auth/verify-code).',
		409: 'The Terms & Conditions changed since the member accepted them: POST /api/member/terms/accept first.',
	}
	const NotificationIdParams = z.object({
		id: id().openapi({ description: "Anything but a positive whole number, or another member's id, is a 404." }),
	})
	operation(r, 'get', '/api/member/notifications', {
		tags: ['Member notifications'],
		summary: "The member's notifications, newest first, 20 a page",
		auth: 'member',
		request: { query: InboxQuerySchema },
		responses: {
			200: ok('One page of the inbox.', {
				data: z
					.object({
						items: z.array(NotificationSchema),
						unread: count(),
						pagination: z
							.object({ page: id(), pageSize: id(), total: count(), pageCount: id() })
							.strict()
							.openapi({ description: 'A page past the last answers the last page.' }),
					})
					.strict(),
			}),
			...refusals([400, ...MEMBER_GUARD], MEMBER_GUARD_TEXT),
		},
	})
	operation(r, 'post', '/api/member/notifications/{id}/read', {
		tags: ['Member notifications'],
		summary: 'Mark one notification read',
		auth: 'member',
		request: {
			params: NotificationIdParams,
			body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }),
		},
		responses: {
			200: ok('Read (also when it already was).', { message: true, data: z.object({ unread: count() }).strict() }),
			...refusals([...BODY_REFUSALS, ...MEMBER_GUARD, 404], MEMBER_GUARD_TEXT),
		},
	})
	operation(r, 'post', '/api/member/notifications/read-all', {
		tags: ['Member notifications'],
		summary: 'Mark every notification read',
		auth: 'member',
		request: { body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }) },
		responses: {
			200: ok('All read.', { message: true, data: z.object({ marked: count(), unread: z.literal(0) }).strict() }),
			...refusals([...BODY_REFUSALS, ...MEMBER_GUARD], MEMBER_GUARD_TEXT),
		},
	})
	operation(r, 'get', '/api/member/notifications/preferences', {
		tags: ['Member notifications'],
		summary: 'Which notification kinds the member gets by email',
		auth: 'member',
		responses: {
			200: ok('The email preferences.', { data: z.object({ email: EmailPreferencesSchema }).strict() }),
			...refusals(MEMBER_GUARD, MEMBER_GUARD_TEXT),
		},
	})
	operation(r, 'put', '/api/member/notifications/preferences', {
		tags: ['Member notifications'],
		summary: 'Change which kinds come by email (kinds left out keep theirs)',
		auth: 'member',
		request: { body: jsonBody(PreferencesApiSchema.openapi('EmailPreferencesRequest')) },
		responses: {
			200: ok('Saved; every kind.', { message: true, data: z.object({ email: EmailPreferencesSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...MEMBER_GUARD], MEMBER_GUARD_TEXT),
		},
	})
	operation(r, 'post', '/api/member/terms/accept', {
		tags: ['Member notifications'],
		summary: 'Accept the current Terms & Conditions (recorded once per version)',
		auth: 'member',
		request: { body: jsonBody(TermsAcceptApiSchema.openapi('TermsAcceptRequest')) },
		responses: {
			200: ok('Accepted; the consent history.', {
				message: true,
				data: z
					.object({
						termsVersion: z.string(),
						consents: z.array(
							z
								.object({
									id: id(),
									kind: z.enum(['terms', 'age', 'risk']),
									version: z.string(),
									source: z.enum(['signup', 'reaccept', 'staff', 'api']),
									adminId: id().nullable(),
									adminName: z.string().nullable(),
									acceptedAt: isoDateTime(),
								})
								.strict()
								.openapi('Consent'),
						),
					})
					.strict(),
			}),
			...refusals(BODY_REFUSALS),
		},
	})

	// Staff accounts
	operation(r, 'post', '/api/admin/login', {
		tags: ['Admin auth'],
		summary: 'Admin sign-in',
		description:
			'An account with the second factor on also sends `code` (the 6 digits its authenticator app shows; each is accepted once) or `recoveryCode` (one of its ten recovery codes; each works once). A staff member who must set up a second factor and has not yet gets a token that opens only /api/admin/two-factor* (and /api/admin/logout) until they do.',
		request: { body: jsonBody(AdminLoginApiSchema.openapi('AdminLoginRequest')) },
		responses: {
			200: ok('Signed in.', {
				message: true,
				data: z.object({ token: TokenSchema, admin: PublicAdminSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, 401, 403, 429], {
				401: "'Invalid admin credentials' (unknown email, wrong password, a wrong or already used code or recovery code, a member's account), or 'Two-factor authentication code required' (the password matched an account with a second factor, and no code was sent).",
				403: 'The staff account is disabled (after the password matched).',
			}),
		},
	})
	operation(r, 'post', '/api/admin/logout', {
		tags: ['Admin auth'],
		summary: "End this token's session",
		auth: 'admin',
		unlimited: true,
		request: { body: jsonBody(NoPayload, { required: false, description: 'No payload.' }) },
		responses: {
			200: ok('Signed out.', { message: true }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
	})
	operation(r, 'get', '/api/admin/me', {
		tags: ['Admin auth'],
		summary: 'The signed-in admin',
		auth: 'admin',
		responses: { 200: ok('The admin.', { data: PublicAdminSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
	})

	// Dashboard
	operation(r, 'get', '/api/admin/dashboard/stats', {
		tags: ['Admin dashboard'],
		summary: 'Platform figures, their change and their trends',
		auth: 'admin',
		responses: { 200: ok('The figures.', { data: DashboardStatsSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
	})
	operation(r, 'get', '/api/admin/dashboard/alerts', {
		tags: ['Admin dashboard'],
		summary: 'Open system alerts, newest first',
		auth: 'admin',
		request: { query: AlertsQuerySchema },
		responses: {
			200: ok('The alerts.', { data: z.array(AlertSchema) }),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'post', '/api/admin/revenue', {
		tags: ['Admin dashboard'],
		summary: "Record a partner broker's commission report",
		auth: 'admin',
		request: { body: jsonBody(RevenueApiSchema.openapi('RevenueRequest')) },
		responses: {
			201: ok('Recorded.', { message: true, data: RevenueEntrySchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
	})
	operation(r, 'get', '/api/admin/revenue', {
		tags: ['Admin revenue'],
		summary: 'Every revenue entry (voided ones too), newest first, paged',
		auth: 'admin',
		request: { query: RevenueListQueryDoc },
		responses: {
			200: ok('A page of entries.', {
				data: z.object({ entries: z.array(RevenueEntrySchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'patch', '/api/admin/revenue/{id}', {
		tags: ['Admin revenue'],
		summary: 'Correct an entry (broker, month, amount) with a required reason',
		auth: 'admin',
		request: { params: EntryIdParams, body: jsonBody(RevenueEditApiSchema.openapi('RevenueEditRequest')) },
		responses: {
			200: ok('Corrected.', { message: true, data: RevenueEntrySchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The entry is voided.',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'post', '/api/admin/revenue/{id}/void', {
		tags: ['Admin revenue'],
		summary: 'Void an entry with a required reason (it stays listed, it no longer counts)',
		auth: 'admin',
		request: { params: EntryIdParams, body: jsonBody(RevenueVoidApiSchema.openapi('RevenueVoidRequest')) },
		responses: {
			200: ok('Voided.', { message: true, data: RevenueEntrySchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The entry is already voided.',
				...ADMIN_403,
			}),
		},
	})

	// Referral integrity (issue 15 part 4, docs/decisions/024-referral-integrity.md)
	operation(r, 'get', '/api/admin/referrals', {
		tags: ['Admin referrals'],
		summary: 'Referrals held for review (or decided ones), with their signals, paged',
		auth: 'admin',
		request: { query: ReferralListQueryDoc },
		responses: {
			200: ok('A page of referrals.', {
				data: z.object({ referrals: z.array(ReferralReviewSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'post', '/api/admin/referrals/{id}/approve', {
		tags: ['Admin referrals'],
		summary: 'Approve a held referral: its points, count, milestones and contest score count from now',
		auth: 'admin',
		request: { params: EntryIdParams },
		responses: {
			200: ok('Approved.', { message: true, data: ReferralReviewSchema }),
			...refusals([...ADMIN_GUARD, 404, 409], {
				409: 'The referral was already decided (or never held).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'post', '/api/admin/referrals/{id}/reject', {
		tags: ['Admin referrals'],
		summary: 'Reject a held referral with a required reason: it never counts',
		auth: 'admin',
		request: { params: EntryIdParams, body: jsonBody(ReferralRejectApiSchema.openapi('ReferralRejectRequest')) },
		responses: {
			200: ok('Rejected.', { message: true, data: ReferralReviewSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The referral was already decided (or never held).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'get', '/api/admin/referral-settings', {
		tags: ['Admin referrals'],
		summary: 'The referral integrity thresholds (super admins)',
		auth: 'admin',
		responses: { 200: ok('The thresholds.', { data: ReferralSettingsSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
	})
	operation(r, 'put', '/api/admin/referral-settings', {
		tags: ['Admin referrals'],
		summary: 'Replace the referral integrity thresholds (super admins; audited as settings.update)',
		auth: 'admin',
		request: { body: jsonBody(ReferralSettingsApiSchema.openapi('ReferralSettingsRequest')) },
		responses: {
			200: ok('Saved.', { message: true, data: ReferralSettingsSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
	})

	// Broker reports (docs/broker-reports.md)
	operation(r, 'get', '/api/admin/brokers/{slug}/reports', {
		tags: ['Admin broker reports'],
		summary: "A broker's reports (applied, replaced, reversed), newest month first",
		auth: 'admin',
		request: { params: BrokerSlugParams },
		responses: {
			200: ok('The reports.', { data: z.object({ reports: z.array(BrokerReportSchema) }).strict() }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
	})
	operation(r, 'post', '/api/admin/brokers/{slug}/reports', {
		tags: ['Admin broker reports'],
		summary: "Preview (`?dryRun=1`) or apply a broker's monthly report file",
		description: `The file is CSV (UTF-8) with the header \`${REPORT_COLUMNS.join(',')}\` (any order and case), amounts in US dollars with up to 2 decimals (no thousands separators), month \`YYYY-MM\`; at most ${BROKER_REPORT_LIMITS.fileBytes} bytes and ${BROKER_REPORT_LIMITS.maxRows} data rows. Applying writes the report in one transaction: members' deposit and withdrawal totals, the commission as a revenue entry, audit rows. A report with any bad row is refused (422) and nothing is stored.`,
		auth: 'admin',
		request: {
			params: BrokerSlugParams,
			query: BrokerReportQuerySchema.openapi({
				description: '`month` is required with a text/csv body (a multipart `month` field wins).',
			}),
			body: {
				required: true,
				content: {
					'multipart/form-data': {
						schema: z
							.object({
								file: z.string().openapi({ format: 'binary', description: 'The report (.csv).' }),
								month: ReportMonthSchema.optional(),
							})
							.openapi('BrokerReportUpload'),
					},
					'text/csv': { schema: z.string().openapi({ description: 'The report file itself.' }) },
				},
			},
		},
		responses: {
			200: {
				description:
					'`?dryRun=1`: the preview; nothing was written. Or `?replace=1` with the very file applied for this broker and month: nothing was changed (`alreadyApplied` true, `report` the applied one, `replaced` empty), so a retried replace is idempotent.',
				content: jsonContent(
					z.union([
						successEnvelope({ data: z.object({ preview: ReportPreviewSchema }).strict() }),
						successEnvelope({
							message: true,
							data: ReportKeptSchema,
						}),
					]),
				),
			},
			201: ok('Applied (or replaced).', {
				message: true,
				data: ReportAppliedSchema,
			}),
			...refusals([400, ...ADMIN_GUARD, 404, 409, 413, 415, 422], {
				400: 'A bad query parameter, no month, no file field, or an unreadable multipart body.',
				...ADMIN_403,
				409: 'A report for this broker and month, or this very file, was applied already: send `?replace=1` to reverse it and apply this one.',
				413: `The file is over ${BROKER_REPORT_LIMITS.fileBytes} bytes (5 MiB).`,
				415: 'Not multipart/form-data or text/csv, or the file is not a CSV file (name, type, content).',
				422: 'Refused: a bad row (`errors`: path `line N` and the reason each), a file-level problem (path `file`), or more than 50,000 data rows.',
			}),
		},
	})
	// Partner brokers (issue 14)
	operation(r, 'get', '/api/admin/brokers', {
		tags: ['Admin brokers'],
		summary: 'Every broker (inactive ones too) with its clicks in the last 30 days and members connected',
		auth: 'admin',
		responses: {
			200: ok('The brokers.', { data: z.object({ brokers: z.array(StaffBrokerSchema) }).strict() }),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
	})
	operation(r, 'post', '/api/admin/brokers', {
		tags: ['Admin brokers'],
		summary: 'Add a broker (super admins)',
		auth: 'admin',
		request: { body: jsonBody(BrokerCreateApiSchema.openapi('BrokerCreateRequest')) },
		responses: {
			201: ok('Added.', { message: true, data: BrokerSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The slug is taken.', ...ADMIN_403 }),
		},
	})
	operation(r, 'get', '/api/admin/brokers/{slug}', {
		tags: ['Admin brokers'],
		summary: 'One broker',
		auth: 'admin',
		request: { params: BrokerSlugParams },
		responses: {
			200: ok('The broker.', { data: BrokerSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
	})
	operation(r, 'patch', '/api/admin/brokers/{slug}', {
		tags: ['Admin brokers'],
		summary: 'Edit a broker: any of its fields (super admins)',
		auth: 'admin',
		request: { params: BrokerSlugParams, body: jsonBody(BrokerUpdateApiSchema.openapi('BrokerUpdateRequest')) },
		responses: {
			200: ok('Updated.', { message: true, data: BrokerSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The slug is taken.', ...ADMIN_403 }),
		},
	})
	for (const [kind, summary, conflict] of [
		[
			'deactivate',
			'Deactivate a broker: hidden from members, /go/{slug} answers 404 (super admins)',
			'already inactive',
		],
		['activate', 'Reactivate a broker (super admins)', 'already active'],
	] as const) {
		operation(r, 'post', `/api/admin/brokers/{slug}/${kind}`, {
			tags: ['Admin brokers'],
			summary,
			auth: 'admin',
			request: {
				params: BrokerSlugParams,
				body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }),
			},
			responses: {
				200: ok('Done.', { message: true, data: BrokerSchema }),
				...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: `The broker is ${conflict}.`, ...ADMIN_403 }),
			},
		})
	}

	// Staff accounts (super admins)
	const staffData = z.object({ admin: StaffMemberSchema }).strict()
	const staffWithPassword = z
		.object({
			admin: StaffMemberSchema,
			password: z.string().optional().openapi({ description: 'Only when generated: shown this once, never again.' }),
		})
		.strict()
	const STAFF_403 = { 403: "Not a super admin, or a member's token." }
	operation(r, 'get', '/api/admin/staff', {
		tags: ['Admin staff'],
		summary: 'Every staff account (super admin)',
		auth: 'admin',
		responses: {
			200: ok('The staff accounts.', { data: z.object({ staff: z.array(StaffMemberSchema) }).strict() }),
			...refusals(ADMIN_GUARD, STAFF_403),
		},
	})
	operation(r, 'post', '/api/admin/staff', {
		tags: ['Admin staff'],
		summary: 'Create a staff account; without a password one is generated and returned once (super admin)',
		auth: 'admin',
		request: { body: jsonBody(StaffCreateApiSchema.openapi('StaffCreateRequest')) },
		responses: {
			201: ok('Created.', { message: true, data: staffWithPassword }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The email is taken.', ...STAFF_403 }),
		},
	})
	operation(r, 'get', '/api/admin/staff/{id}', {
		tags: ['Admin staff'],
		summary: 'One staff account (super admin)',
		auth: 'admin',
		request: { params: StaffIdParams },
		responses: { 200: ok('The account.', { data: staffData }), ...refusals([...ADMIN_GUARD, 404], STAFF_403) },
	})
	operation(r, 'patch', '/api/admin/staff/{id}', {
		tags: ['Admin staff'],
		summary: 'Change role, disable (ends their sessions) or enable (super admin)',
		auth: 'admin',
		request: { params: StaffIdParams, body: jsonBody(StaffUpdateApiSchema.openapi('StaffUpdateRequest')) },
		responses: {
			200: ok('Updated.', { message: true, data: staffData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'It would leave no active super admin, or disables the caller.',
				...STAFF_403,
			}),
		},
	})
	operation(r, 'post', '/api/admin/staff/{id}/reset-password', {
		tags: ['Admin staff'],
		summary: "Set a new password and end the account's sessions; without one, it is generated and returned once",
		auth: 'admin',
		request: {
			params: StaffIdParams,
			body: jsonBody(StaffResetPasswordApiSchema.openapi('StaffResetPasswordRequest'), { required: false }),
		},
		responses: {
			200: ok('Reset.', { message: true, data: staffWithPassword }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], STAFF_403),
		},
	})

	operation(r, 'post', '/api/admin/staff/{id}/reset-two-factor', {
		tags: ['Admin staff'],
		summary:
			"Remove a staff member's second factor (a lost device) and end their sessions; they set it up again at their next sign-in (super admin)",
		auth: 'admin',
		request: { params: StaffIdParams, body: jsonBody(NoPayload, { required: false, description: 'No payload.' }) },
		responses: {
			200: ok('Reset.', { message: true, data: z.object({ sessionsEnded: count() }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Your own account (use /api/admin/two-factor*), or one without a second factor.',
				...STAFF_403,
			}),
		},
	})

	// The caller's own second factor
	const ENROL_403 = {
		403: "A member's token, or a staff member who must set up a second factor first (only /api/admin/two-factor/setup and /confirm are open to them).",
	}
	operation(r, 'get', '/api/admin/two-factor', {
		tags: ['Admin auth'],
		summary: "The caller's second factor",
		auth: 'admin',
		responses: { 200: ok('The status.', { data: TwoFactorStatusSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
	})
	operation(r, 'post', '/api/admin/two-factor/setup', {
		tags: ['Admin auth'],
		summary:
			'Start enrolment: the TOTP secret (base32) and its otpauth:// URI for an authenticator app; the same one for 30 minutes unless `fresh`',
		auth: 'admin',
		request: { body: jsonBody(TwoFactorSetupApiSchema.openapi('TwoFactorSetupRequest'), { required: false }) },
		responses: {
			200: ok('The secret to enrol.', {
				data: z.object({ secret: z.string(), otpauthUri: z.string(), expiresAt: isoDateTime() }).strict(),
			}),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], {
				409: 'The second factor is already on.',
				...ADMIN_403,
			}),
		},
	})
	const CodeRequest = TwoFactorCodeApiSchema.openapi('TwoFactorCodeRequest')
	operation(r, 'post', '/api/admin/two-factor/confirm', {
		tags: ['Admin auth'],
		summary:
			"Turn the second factor on with a current code of the set-up's secret; answers ten recovery codes once and ends every other session of the account",
		auth: 'admin',
		request: { body: jsonBody(CodeRequest) },
		responses: {
			200: ok('On.', { message: true, data: RecoveryCodesSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], {
				400: 'The code is not 6 digits, or does not match the secret now (`errors` names `code`).',
				409: 'Already on, no set-up started, or the set-up expired (start it again).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'post', '/api/admin/two-factor/recovery-codes', {
		tags: ['Admin auth'],
		summary: 'Ten new recovery codes (answered once) in place of the old ones; needs a current code',
		auth: 'admin',
		request: { body: jsonBody(CodeRequest) },
		responses: {
			200: ok('New codes.', { message: true, data: RecoveryCodesSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], {
				400: 'The code is not 6 digits, is not current, or was used already.',
				409: 'The second factor is not on.',
				...ENROL_403,
			}),
		},
	})

	// Users
	const userData = z.object({ user: ManagedUserSchema }).strict()
	operation(r, 'get', '/api/admin/users', {
		tags: ['Admin users'],
		summary: 'Search, filter, sort and page the members',
		auth: 'admin',
		request: { query: UserListQueryDoc },
		responses: {
			200: ok('A page of members.', {
				data: z.object({ users: z.array(ManagedUserSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'A bad or repeated query parameter (`errors` names each).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'post', '/api/admin/users', {
		tags: ['Admin users'],
		summary: 'Create a member',
		auth: 'admin',
		request: { body: jsonBody(UserCreateApiSchema.openapi('UserCreateRequest')) },
		responses: {
			201: ok('Created.', { message: true, data: userData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The email is taken.', ...ADMIN_403 }),
		},
	})
	operation(r, 'put', '/api/admin/users/{id}', {
		tags: ['Admin users'],
		summary: 'Edit a member (a blank or missing password keeps the current one)',
		auth: 'admin',
		request: { params: UserIdParams, body: jsonBody(UserUpdateApiSchema.openapi('UserUpdateRequest')) },
		responses: {
			200: ok('Updated.', { message: true, data: userData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The email is taken.', ...ADMIN_403 }),
		},
	})
	operation(r, 'delete', '/api/admin/users/{id}', {
		tags: ['Admin users'],
		summary: 'Delete a member and what is theirs (super admin)',
		auth: 'admin',
		request: { params: UserIdParams },
		responses: {
			200: ok('Deleted.', { message: true, data: DeletedUserSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
	})
	operation(r, 'get', '/api/admin/users/{id}/stats', {
		tags: ['Admin users'],
		summary: "A member's figures: profile, referrals, plan history, sessions, activity, broker accounts",
		auth: 'admin',
		request: { params: UserIdParams },
		responses: {
			200: ok('The figures.', { data: ManagedUserStatsSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
	})
	operation(r, 'post', '/api/admin/users/bulk-update', {
		tags: ['Admin users'],
		summary: 'Set the status or plan of, or delete, many members at once (all or nothing)',
		auth: 'admin',
		request: { body: jsonBody(BulkUpdateRequestDoc.openapi('BulkUpdateRequest')) },
		responses: {
			200: ok('Done.', { message: true, data: BulkResultSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], {
				403: "Deleting or banning needs a super admin; or a member's token.",
				404: 'An id is unknown: nothing changed.',
			}),
		},
	})
	operation(r, 'get', '/api/admin/users/export', {
		tags: ['Admin users'],
		summary: 'The filtered list, every page, as CSV',
		auth: 'admin',
		request: { query: UserExportQueryDoc },
		responses: {
			200: {
				description: 'RFC 4180 CSV with a UTF-8 byte-order mark, as an attachment.',
				headers: {
					'Content-Disposition': {
						required: true,
						description: '`attachment; filename="users-YYYY-MM-DD.csv"`',
						schema: { type: 'string' },
					},
				},
				content: { 'text/csv': { schema: z.string() } },
			},
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})

	// Audit log
	operation(r, 'get', '/api/admin/audit', {
		tags: ['Admin audit'],
		summary: 'Every change by staff, newest first: filters and keyset pages',
		auth: 'admin',
		request: { query: AuditQueryDoc },
		responses: {
			200: ok('A page of the log; `nextCursor` is null on the last page.', {
				data: z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.string().nullable() }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'A bad or repeated query parameter, a bad cursor, or `to` before `from` (`errors` names each).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'get', '/api/admin/audit/export', {
		tags: ['Admin audit'],
		summary: `The filtered log, newest first, as CSV (at most ${AUDIT_LIMITS.exportMaxRows.toLocaleString('en-US')} rows)`,
		auth: 'admin',
		request: { query: AuditExportQueryDoc },
		responses: {
			200: {
				description: 'RFC 4180 CSV with a UTF-8 byte-order mark, as an attachment; formula-like cells are quoted.',
				headers: {
					'Content-Disposition': {
						required: true,
						description: '`attachment; filename="audit-YYYY-MM-DD.csv"`',
						schema: { type: 'string' },
					},
					'X-Export-Capped': {
						required: true,
						description: '`true` when the view held more rows than the export does (the newest ones are in it).',
						schema: { type: 'string', enum: ['true', 'false'] },
					},
				},
				content: { 'text/csv': { schema: z.string() } },
			},
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})

	// Offer claims
	const claimData = z.object({ claim: OfferClaimSchema }).strict()
	const ClaimIdParams = z.object({
		id: id().openapi({ description: 'Anything but a positive whole number is a 404.' }),
	})
	operation(r, 'get', '/api/admin/offer-claims', {
		tags: ['Admin offer claims'],
		summary: "Members' 0% fee offer claims, newest first, filtered by status and offer",
		auth: 'admin',
		request: { query: ClaimListQueryDoc },
		responses: {
			200: ok('A page of claims.', {
				data: z.object({ claims: z.array(OfferClaimSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'An unknown status or offer, a bad page or limit, or a repeated parameter (`errors` names each).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'get', '/api/admin/offer-claims/export', {
		tags: ['Admin offer claims'],
		summary: 'The filtered claims, every page, as CSV',
		auth: 'admin',
		request: { query: ClaimExportQueryDoc },
		responses: {
			200: {
				description: 'RFC 4180 CSV with a UTF-8 byte-order mark, as an attachment.',
				headers: {
					'Content-Disposition': {
						required: true,
						description: '`attachment; filename="offer-claims-YYYY-MM-DD.csv"`',
						schema: { type: 'string' },
					},
				},
				content: { 'text/csv': { schema: z.string() } },
			},
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'get', '/api/admin/offer-claims/{id}', {
		tags: ['Admin offer claims'],
		summary: 'One claim',
		auth: 'admin',
		request: { params: ClaimIdParams },
		responses: { 200: ok('The claim.', { data: claimData }), ...refusals([...ADMIN_GUARD, 404], ADMIN_403) },
	})
	operation(r, 'patch', '/api/admin/offer-claims/{id}', {
		tags: ['Admin offer claims'],
		summary: "Set a claim's status and/or note (audited as offer-claim.update)",
		auth: 'admin',
		request: { params: ClaimIdParams, body: jsonBody(ClaimUpdateApiSchema.openapi('ClaimUpdateRequest')) },
		responses: {
			200: ok('Updated (or "Nothing changed").', { message: true, data: claimData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], { 404: 'No such claim.', ...ADMIN_403 }),
		},
	})

	// Alerts
	const alertData = z.object({ alert: StaffAlertSchema }).strict()
	const AlertIdParams = z.object({
		id: id().openapi({ description: 'Anything but a positive whole number is a 404.' }),
	})
	operation(r, 'get', '/api/admin/alerts', {
		tags: ['Admin alerts'],
		summary: 'Every system alert, newest first, filtered by state and type',
		auth: 'admin',
		request: { query: AlertListQueryDoc },
		responses: {
			200: ok('A page of alerts.', {
				data: z.object({ alerts: z.array(StaffAlertSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'An unknown state or type, a bad page or limit, or a repeated parameter.',
				...ADMIN_403,
			}),
		},
	})
	for (const intent of ['acknowledge', 'resolve'] as const) {
		operation(r, 'post', `/api/admin/alerts/{id}/${intent}`, {
			tags: ['Admin alerts'],
			summary:
				intent === 'acknowledge'
					? 'Acknowledge an alert: it stays open, marked seen by you (audited as alert.acknowledge)'
					: 'Resolve an alert (audited as alert.resolve)',
			auth: 'admin',
			request: {
				params: AlertIdParams,
				body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }),
			},
			responses: {
				200: ok(intent === 'acknowledge' ? 'Acknowledged.' : 'Resolved.', { message: true, data: alertData }),
				...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
					404: 'No such alert.',
					409:
						intent === 'acknowledge'
							? 'The alert is already acknowledged or resolved.'
							: 'The alert is already resolved.',
					...ADMIN_403,
				}),
			},
		})
	}

	// Contests
	const contestData = z.object({ contest: AdminContestSchema }).strict()
	operation(r, 'get', '/api/admin/contests', {
		tags: ['Admin contests'],
		summary: 'List contests',
		auth: 'admin',
		request: { query: ContestListQuerySchema },
		responses: {
			200: ok('The contests.', { data: z.object({ contests: z.array(AdminContestSchema) }).strict() }),
			...refusals([400, ...ADMIN_GUARD], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'post', '/api/admin/contests', {
		tags: ['Admin contests'],
		summary: 'Create a contest (it starts as a draft)',
		auth: 'admin',
		request: { body: jsonBody(ContestRequest) },
		responses: {
			201: ok('Created.', { message: true, data: contestData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
	})
	operation(r, 'get', '/api/admin/contests/{contestId}', {
		tags: ['Admin contests'],
		summary: 'One contest',
		auth: 'admin',
		request: { params: ContestIdParams },
		responses: { 200: ok('The contest.', { data: contestData }), ...refusals([...ADMIN_GUARD, 404], ADMIN_403) },
	})
	operation(r, 'put', '/api/admin/contests/{contestId}', {
		tags: ['Admin contests'],
		summary: 'Edit a contest, or with only `status`: Start, Pause or Resume',
		auth: 'admin',
		request: {
			params: ContestIdParams,
			body: jsonBody(z.union([ContestRequest, ContestStatusApiSchema.openapi('ContestStatusRequest')]), {
				description:
					'The create payload (edit), or only `{ status }` (draft → active, active → paused, paused → active).',
			}),
		},
		responses: {
			200: ok('Updated.', { message: true, data: contestData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'A status change the contest cannot make (`completed` goes through POST .../complete).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'delete', '/api/admin/contests/{contestId}', {
		tags: ['Admin contests'],
		summary: 'Delete a contest with its participants (super admin)',
		auth: 'admin',
		request: { params: ContestIdParams },
		responses: {
			200: ok('Deleted.', { message: true, data: DeletedContestSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
	})
	operation(r, 'post', '/api/admin/contests/{contestId}/complete', {
		tags: ['Admin contests'],
		summary: 'Complete an active contest: its ranks are frozen',
		auth: 'admin',
		request: {
			params: ContestIdParams,
			body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }),
		},
		responses: {
			200: ok('Completed.', { message: true, data: contestData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The contest is not active.', ...ADMIN_403 }),
		},
	})
	operation(r, 'get', '/api/admin/contests/{contestId}/participants', {
		tags: ['Admin contests'],
		summary: 'Participants in ranking order, paged',
		auth: 'admin',
		request: { params: ContestIdParams, query: ParticipantsQuerySchema },
		responses: {
			200: ok('A page of participants.', { data: ParticipantsPageSchema }),
			...refusals([400, ...ADMIN_GUARD, 404], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'put', '/api/admin/contests/{contestId}/participants/{userId}', {
		tags: ['Admin contests'],
		summary: "Set a participant's score (referral contests)",
		auth: 'admin',
		request: { params: ParticipantParams, body: jsonBody(ScoreApiSchema.openapi('ScoreRequest')) },
		responses: {
			200: ok('Updated.', { message: true, data: z.object({ participant: AdminParticipantSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				404: 'Unknown contest, or the member is not a participant.',
				409: 'The contest is completed (scores are frozen), or it is a deposit, trading or activity contest (scores come from the data).',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'get', '/api/admin/contests/{contestId}/leaderboard', {
		tags: ['Admin contests'],
		summary: 'The top participants',
		auth: 'admin',
		request: { params: ContestIdParams, query: LeaderboardQuerySchema },
		responses: {
			200: ok('The leaderboard.', { data: LeaderboardSchema }),
			...refusals([400, ...ADMIN_GUARD, 404], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'get', '/api/admin/contests/{contestId}/stats', {
		tags: ['Admin contests'],
		summary: "A contest's figures",
		auth: 'admin',
		request: { params: ContestIdParams },
		responses: { 200: ok('The figures.', { data: ContestStatsSchema }), ...refusals([...ADMIN_GUARD, 404], ADMIN_403) },
	})

	// Codes
	const IdParams = z.object({ id: id().openapi({ description: 'Anything but a positive whole number is a 404.' }) })
	operation(r, 'get', '/api/admin/unlock-codes', {
		tags: ['Admin codes'],
		summary: 'Unlock codes: the active ones first, then the history',
		auth: 'admin',
		responses: {
			200: ok('The codes.', { data: z.object({ codes: z.array(AdminUnlockCodeSchema) }).strict() }),
			...refusals([...ADMIN_GUARD], ADMIN_403),
		},
	})
	operation(r, 'post', '/api/admin/unlock-codes', {
		tags: ['Admin codes'],
		summary: 'Rotate: a new current code (typed or random); the previous ones retire now or after a grace period',
		auth: 'admin',
		request: { body: jsonBody(UnlockRotateApiSchema.openapi('UnlockRotateRequest')) },
		responses: {
			201: ok('Rotated.', { message: true, data: RotationSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], { 409: 'The typed code was used before.', ...ADMIN_403 }),
		},
	})
	operation(r, 'post', '/api/admin/unlock-codes/{id}/retire', {
		tags: ['Admin codes'],
		summary: 'Retire an unlock code (not the last active one)',
		auth: 'admin',
		request: { params: IdParams, body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }) },
		responses: {
			200: ok('Retired.', { message: true, data: z.object({ code: AdminUnlockCodeSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Already retired or expired, or the last active code.',
				...ADMIN_403,
			}),
		},
	})
	const codesPagination = z
		.object({ page: id(), limit: id(), totalPages: id(), totalCount: count(), currentPage: id() })
		.strict()
	operation(r, 'get', '/api/admin/plan-code-batches', {
		tags: ['Admin codes'],
		summary: 'Plan code batches, newest first, with their counts (20 a page)',
		auth: 'admin',
		request: { query: BatchListApiQuerySchema },
		responses: {
			200: ok('A page of batches.', {
				data: z.object({ batches: z.array(AdminBatchSchema), pagination: codesPagination }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'post', '/api/admin/plan-code-batches', {
		tags: ['Admin codes'],
		summary: 'Issue a batch of plan activation codes (1 to 10,000); the codes are answered in full, once',
		auth: 'admin',
		request: { body: jsonBody(PlanBatchApiSchema.openapi('PlanCodeBatchRequest')) },
		responses: {
			201: ok('Issued.', {
				message: true,
				data: z.object({ batch: AdminBatchSchema, codes: z.array(z.string()) }).strict(),
			}),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
	})
	operation(r, 'get', '/api/admin/plan-code-batches/{id}', {
		tags: ['Admin codes'],
		summary: 'A batch and a page of its codes (masked), filtered by status (50 a page)',
		auth: 'admin',
		request: { params: IdParams, query: BatchCodesApiQuerySchema },
		responses: {
			200: ok('The batch and its codes.', {
				data: z
					.object({ batch: AdminBatchSchema, codes: z.array(AdminPlanCodeSchema), pagination: codesPagination })
					.strict(),
			}),
			...refusals([400, ...ADMIN_GUARD, 404], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
	})
	operation(r, 'get', '/api/admin/plan-code-batches/{id}/export', {
		tags: ['Admin codes'],
		summary: "A batch's codes in full as CSV",
		auth: 'admin',
		request: { params: IdParams },
		responses: {
			200: {
				description: 'RFC 4180 CSV (code, plan, uses, max uses, expires, status) with a UTF-8 byte-order mark.',
				headers: {
					'Content-Disposition': {
						required: true,
						description: '`attachment; filename="plan-codes-batch-<id>.csv"`',
						schema: { type: 'string' },
					},
				},
				content: { 'text/csv': { schema: z.string() } },
			},
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
	})
	operation(r, 'post', '/api/admin/plan-code-batches/{id}/revoke', {
		tags: ['Admin codes'],
		summary: 'Revoke every code of a batch that is not used up',
		auth: 'admin',
		request: { params: IdParams, body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }) },
		responses: {
			200: ok('Revoked.', {
				message: true,
				data: z.object({ batch: AdminBatchSchema, revoked: count() }).strict(),
			}),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Every code is already used up or revoked.',
				...ADMIN_403,
			}),
		},
	})
	operation(r, 'post', '/api/admin/plan-codes/{id}/revoke', {
		tags: ['Admin codes'],
		summary: 'Revoke one plan code (not a used-up one)',
		auth: 'admin',
		request: { params: IdParams, body: jsonBody(IgnoredPayload, { required: false, description: 'No payload.' }) },
		responses: {
			200: ok('Revoked.', {
				message: true,
				data: z.object({ id: id(), batchId: id().nullable(), status: z.literal('revoked') }).strict(),
			}),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The code is used up (a used code cannot be revoked) or already revoked.',
				...ADMIN_403,
			}),
		},
	})

	// The member dashboard's screens (app/utils/openapi-member.server.ts)
	registerMemberPaths(r, memberApiKit())

	// This document
	operation(r, 'get', '/api/openapi.json', {
		tags: ['Documentation'],
		summary: 'This OpenAPI document',
		responses: {
			200: {
				description: 'The OpenAPI 3.1 document (not in the envelope).',
				content: jsonContent(
					z
						.object({ openapi: z.string(), info: z.object({}).passthrough(), paths: z.record(z.unknown()) })
						.passthrough(),
				),
			},
			...refusals([]),
		},
	})
}
