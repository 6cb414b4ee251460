import { desc, relations, sql } from 'drizzle-orm'
import {
	index,
	integer,
	primaryKey,
	real,
	sqliteTable,
	text,
	uniqueIndex,
	type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core'
import {
	ADMIN_ROLES,
	ALERT_TYPES,
	CLAIM_STATUSES,
	CONTENT_STATUSES,
	CONTEST_STATUSES,
	CONTEST_TYPES,
	PLANS,
	SESSION_KINDS,
	STATEMENT_KINDS,
	TRADER_STATUSES,
	USER_STATUSES,
} from '#app/domain/enums.ts'

// The enum columns take their values from app/domain/enums.ts, the one
// browser-safe home of those lists: import the lists and their types from
// there, not from this file.

// Shared column helpers: every table has an integer id and millisecond
// timestamps (camelCase keys over snake_case columns).
const id = () => integer('id').primaryKey({ autoIncrement: true })
const createdAt = () =>
	integer('created_at', { mode: 'timestamp_ms' })
		.notNull()
		.default(sql`(unixepoch('subsec') * 1000)`)
const updatedAt = () =>
	integer('updated_at', { mode: 'timestamp_ms' })
		.notNull()
		.default(sql`(unixepoch('subsec') * 1000)`)

/** Members (spec section 3: the member and the managed user are one row). */
export const users = sqliteTable(
	'users',
	{
		id: id(),
		email: text('email').notNull(),
		passwordHash: text('password_hash').notNull(),
		name: text('name').notNull(),
		phone: text('phone').notNull().default(''),
		/**
		 * The phone's digits (phoneDigits() in app/features/referrals/signals.server.ts:
		 * the phone rules allow digits, spaces, ( ) . - and a leading +), computed by
		 * SQLite whatever writes the phone, indexed for the duplicate-phone check
		 * (docs/decisions/064-flat-costs.md). VIRTUAL: SQLite cannot add a STORED
		 * column with ALTER TABLE; the index stores the values.
		 */
		phoneDigits: text('phone_digits').generatedAlwaysAs(
			sql`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`,
			{ mode: 'virtual' },
		),
		country: text('country').notNull().default(''),
		telegram: text('telegram').notNull().default(''),
		/** The capital bracket chosen at sign-up ("$50-$100", ...). */
		investmentAmount: text('investment_amount'),
		plan: text('plan', { enum: PLANS }).notNull().default('regular'),
		status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
		referralCode: text('referral_code').notNull(),
		/** The referral code the member signed up with, as entered. */
		referredBy: text('referred_by'),
		referrerId: integer('referrer_id').references((): any => users.id, {
			onDelete: 'set null',
		}),
		referralCount: integer('referral_count').notNull().default(0),
		referralPoints: integer('referral_points').notNull().default(0),
		/** True once the member has entered a valid unlock code. */
		isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
		unlockedAt: integer('unlocked_at', { mode: 'timestamp_ms' }),
		/** The unlock code the member entered (how many members used each code). */
		unlockCodeId: integer('unlock_code_id').references((): any => unlockCodes.id, { onDelete: 'set null' }),
		totalDeposit: real('total_deposit').notNull().default(0),
		totalWithdraw: real('total_withdraw').notNull().default(0),
		/** Consent record: the terms version agreed to and when. */
		termsVersion: text('terms_version'),
		termsAcceptedAt: integer('terms_accepted_at', { mode: 'timestamp_ms' }),
		/** When the member last gained a referral point (the leaderboard's tie-break). */
		lastReferralAt: integer('last_referral_at', { mode: 'timestamp_ms' }),
		lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
		/**
		 * Referral integrity (issue 15): a keyed hash of the client address the
		 * member signed up from and unlocked from (never the address itself).
		 */
		signupClient: text('signup_client'),
		unlockClient: text('unlock_client'),
		/** Set when the member closed their account (personal fields erased). */
		closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('users_email_unique').on(t.email),
		index('users_signup_client_idx').on(t.signupClient, t.createdAt),
		index('users_unlock_client_idx').on(t.unlockClient, t.unlockedAt),
		index('users_phone_digits_idx').on(t.phoneDigits),
		uniqueIndex('users_referral_code_unique').on(t.referralCode),
		index('users_referrer_id_idx').on(t.referrerId),
		index('users_created_at_idx').on(t.createdAt),
		// Platform Activity on the admin dashboard counts members seen lately.
		index('users_last_seen_at_idx').on(t.lastSeenAt),
		index('users_unlock_code_id_idx').on(t.unlockCodeId),
		index('users_referral_rank_idx').on(desc(t.referralPoints), t.lastReferralAt, t.id),
		// The admin users list (app/features/users/list.server.ts): each filter
		// (status, plan, both) and each sort (joined, name, investment) walks an
		// index, and the page count is answered from one. Search goes through
		// the FTS5 trigram table users_fts (migration 0003, kept in sync by
		// triggers).
		index('users_status_created_idx').on(t.status, t.createdAt),
		index('users_plan_created_idx').on(t.plan, t.createdAt),
		index('users_status_plan_created_idx').on(t.status, t.plan, t.createdAt),
		index('users_name_idx').on(sql`${t.name} collate nocase`),
		index('users_status_name_idx').on(t.status, sql`${t.name} collate nocase`),
		index('users_plan_name_idx').on(t.plan, sql`${t.name} collate nocase`),
		index('users_status_plan_name_idx').on(t.status, t.plan, sql`${t.name} collate nocase`),
		index('users_total_invested_idx').on(sql`(${t.totalDeposit} + ${t.totalWithdraw})`),
		index('users_status_invested_idx').on(t.status, sql`(${t.totalDeposit} + ${t.totalWithdraw})`),
		// An announcement's delivery to one plan (issue 41 part 5): members of the plan by id after a cursor.
		index('users_plan_id_idx').on(t.plan, t.id),
	],
)

/**
 * Member sessions: the cookie (kind "web") or the bearer token (kind "api")
 * holds a random secret; only its SHA-256 is stored here.
 */
export const sessions = sqliteTable(
	'sessions',
	{
		id: id(),
		tokenHash: text('token_hash').notNull(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: SESSION_KINDS }).notNull(),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
		/** The browser's or client's User-Agent at sign-in (cut to 300 characters): the device on the sessions list. */
		userAgent: text('user_agent').notNull().default(''),
		/** When the session was last used (updated at most once a minute); createdAt is when it was first seen. */
		lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
		index('sessions_user_id_idx').on(t.userId),
		index('sessions_expires_at_idx').on(t.expiresAt),
	],
)

/** Password reset tokens: stored hashed, single use, 1 hour. */
export const passwordResetTokens = sqliteTable(
	'password_reset_tokens',
	{
		id: id(),
		tokenHash: text('token_hash').notNull(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
		usedAt: integer('used_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('password_reset_tokens_token_hash_unique').on(t.tokenHash),
		index('password_reset_tokens_user_id_idx').on(t.userId),
	],
)

/**
 * Unlock codes: the code the messaging channel hands out. Several may be
 * active (rotation overlap: the previous code keeps working until its
 * expiry); a code can expire or be retired by staff. Rows are history: a
 * retired code stays, with who created it and who retired it.
 */
export const unlockCodes = sqliteTable(
	'unlock_codes',
	{
		id: id(),
		code: text('code').notNull(),
		active: integer('active', { mode: 'boolean' }).notNull().default(true),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
		/** Null: created at start-up (UNLOCK_CODE or generated). */
		createdByAdminId: integer('created_by_admin_id').references((): any => admins.id, { onDelete: 'set null' }),
		/** The creator's email as it was ("system" for the seed). */
		createdByEmail: text('created_by_email').notNull().default('system'),
		retiredAt: integer('retired_at', { mode: 'timestamp_ms' }),
		retiredByEmail: text('retired_by_email'),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('unlock_codes_code_unique').on(t.code), index('unlock_codes_created_at_idx').on(t.createdAt)],
)

/** Staff accounts, stored apart from members. */
export const admins = sqliteTable(
	'admins',
	{
		id: id(),
		email: text('email').notNull(),
		name: text('name').notNull(),
		role: text('role', { enum: ADMIN_ROLES }).notNull().default('admin'),
		passwordHash: text('password_hash').notNull(),
		/** The latest sign-in. */
		lastLogin: integer('last_login', { mode: 'timestamp_ms' }),
		/** The sign-in before the latest one: the shell's "last login" (null on a first sign-in). */
		previousLogin: integer('previous_login', { mode: 'timestamp_ms' }),
		/** Set when a super admin disables the account: no sign-in, sessions ended. */
		disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
		/** The last change by a super admin (role, disabled, password); null until then. */
		updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
		/**
		 * The TOTP secret (RFC 6238, base32) once the second factor is confirmed
		 * (docs/decisions/014-staff-second-factor.md); null when not enrolled.
		 */
		totpSecret: text('totp_secret'),
		totpEnabledAt: integer('totp_enabled_at', { mode: 'timestamp_ms' }),
		/** The last accepted code's time step: a code is accepted once (no replay). */
		totpLastStep: integer('totp_last_step'),
		/** A secret being enrolled (shown as a QR code), until confirmed with a code; then cleared. */
		totpPendingSecret: text('totp_pending_secret'),
		totpPendingAt: integer('totp_pending_at', { mode: 'timestamp_ms' }),
	},
	(t) => [uniqueIndex('admins_email_unique').on(t.email)],
)

/** Single-use recovery codes of a staff second factor: only their SHA-256 is kept. */
export const adminRecoveryCodes = sqliteTable(
	'admin_recovery_codes',
	{
		id: id(),
		adminId: integer('admin_id')
			.notNull()
			.references(() => admins.id, { onDelete: 'cascade' }),
		codeHash: text('code_hash').notNull(),
		usedAt: integer('used_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('admin_recovery_codes_hash_unique').on(t.adminId, t.codeHash)],
)

/**
 * A staff sign-in whose password was right, waiting for its second factor:
 * short-lived, single-use, held by the `admin_pending` cookie (its SHA-256 here).
 */
export const adminPendingSignIns = sqliteTable(
	'admin_pending_sign_ins',
	{
		id: id(),
		tokenHash: text('token_hash').notNull(),
		adminId: integer('admin_id')
			.notNull()
			.references(() => admins.id, { onDelete: 'cascade' }),
		/** Where to go once signed in (already checked). */
		redirectTo: text('redirect_to').notNull().default(''),
		failedAttempts: integer('failed_attempts').notNull().default(0),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('admin_pending_sign_ins_token_hash_unique').on(t.tokenHash),
		index('admin_pending_sign_ins_expires_at_idx').on(t.expiresAt),
		index('admin_pending_sign_ins_admin_id_idx').on(t.adminId),
	],
)

/**
 * The referral points ledger: append-only, one row per credit. A referred
 * member can be credited once (the unique index), so a retry cannot credit
 * twice; users.referralPoints and referralCount are kept equal to its sums.
 */
export const referralCredits = sqliteTable(
	'referral_credits',
	{
		id: id(),
		referrerId: integer('referrer_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** Null once the referred member's account is deleted; the credit stays. */
		referredUserId: integer('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
		points: integer('points').notNull(),
		reason: text('reason').notNull(),
		/**
		 * Referral integrity (issue 15): "credited" counts; "held" waits for
		 * staff (its points are not in users.referralPoints); "rejected" never
		 * counts. `signals` is the JSON list of what held it.
		 */
		status: text('status', { enum: ['credited', 'held', 'rejected'] })
			.notNull()
			.default('credited'),
		signals: text('signals'),
		reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
		/** The staff member who decided (an admins.id; no foreign key: SQLite cannot add one with ON DELETE to an existing table). */
		reviewedBy: integer('reviewed_by'),
		reviewReason: text('review_reason'),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('referral_credits_referred_user_unique').on(t.referredUserId),
		index('referral_credits_referrer_idx').on(t.referrerId, t.createdAt),
		index('referral_credits_status_idx').on(t.status, t.createdAt),
		// referral_credits_status_counted_idx (status, coalesce(reviewed_at, created_at)): in migration 0027,
		// written by hand (drizzle-kit splits an expression with a comma); the credits counted within a
		// contest's dates (decision 064).
	],
)

/**
 * Monthly contests. Dates are date-only (YYYY-MM-DD, UTC): a contest runs
 * from the start of its start date to the end of its end date.
 */
export const contests = sqliteTable(
	'contests',
	{
		id: id(),
		name: text('name').notNull(),
		description: text('description').notNull(),
		type: text('type', { enum: CONTEST_TYPES }).notNull().default('referral'),
		status: text('status', { enum: CONTEST_STATUSES }).notNull().default('draft'),
		startDate: text('start_date').notNull(),
		endDate: text('end_date').notNull(),
		prizeFirst: text('prize_first').notNull(),
		prizeSecond: text('prize_second'),
		prizeThird: text('prize_third'),
		rules: text('rules').notNull(),
		/** Null: unlimited. */
		maxParticipants: integer('max_participants'),
		/**
		 * How many contest_participants rows the contest has, kept by triggers
		 * on that table (migration 0027, decision 064): the max-participants
		 * check and the pages read it instead of counting every participant.
		 */
		participantCount: integer('participant_count').notNull().default(0),
		completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
		/**
		 * The results' delivery once completed (decision 066): how many ranks
		 * were frozen (the "of N" every member is told), the last frozen rank
		 * whose member has been told (inbox row, and a mail when wanted), and
		 * when the last one was. The scheduler's `contest-results` goes on
		 * from the cursor in batches, so a big contest neither blocks the
		 * process nor loses its place on a restart.
		 */
		resultsTotal: integer('results_total').notNull().default(0),
		resultsCursor: integer('results_cursor').notNull().default(0),
		resultsFinishedAt: integer('results_finished_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('contests_status_type_idx').on(t.status, t.type, t.startDate),
		index('contests_created_at_idx').on(t.createdAt),
		// The results' delivery finds the oldest completed contest not yet told (decision 066).
		index('contests_results_due_idx').on(t.resultsFinishedAt, t.completedAt, t.id),
	],
)

/**
 * How many members have each (status, plan), kept by triggers on users
 * (migration 0027, decision 064): the member totals of /admin/dashboard and
 * the page count of /admin/users without a search read these few rows
 * instead of counting every member.
 */
export const memberCounts = sqliteTable(
	'member_counts',
	{
		status: text('status', { enum: USER_STATUSES }).notNull(),
		plan: text('plan', { enum: PLANS }).notNull(),
		n: integer('n').notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.status, t.plan] })],
)

/**
 * Contest participants. Ranking: score high to low; a tie goes to whoever
 * reached the score first (scoredAt), then to who joined first. `rank` is
 * written when the contest completes (frozen ranks).
 */
export const contestParticipants = sqliteTable(
	'contest_participants',
	{
		id: id(),
		contestId: integer('contest_id')
			.notNull()
			.references(() => contests.id, { onDelete: 'cascade' }),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		score: integer('score').notNull().default(0),
		rank: integer('rank'),
		scoredAt: integer('scored_at', { mode: 'timestamp_ms' })
			.notNull()
			.default(sql`(unixepoch('subsec') * 1000)`),
		joinedAt: integer('joined_at', { mode: 'timestamp_ms' })
			.notNull()
			.default(sql`(unixepoch('subsec') * 1000)`),
	},
	(t) => [
		uniqueIndex('contest_participants_contest_user_unique').on(t.contestId, t.userId),
		index('contest_participants_ranking_idx').on(t.contestId, desc(t.score), t.scoredAt, t.id),
		index('contest_participants_user_idx').on(t.userId),
		// The results' delivery walks a completed contest's frozen ranks in order (decision 066).
		index('contest_participants_rank_idx').on(t.contestId, t.rank),
	],
)

/**
 * A batch of plan activation codes issued together by staff for one
 * campaign (the note names it). `count` is how many were issued; codes
 * keep the batch's plan, uses and expiry.
 */
export const planCodeBatches = sqliteTable(
	'plan_code_batches',
	{
		id: id(),
		plan: text('plan', { enum: PLANS }).notNull(),
		count: integer('count').notNull(),
		usesPerCode: integer('uses_per_code').notNull().default(1),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
		note: text('note').notNull().default(''),
		/** Null: issued at start-up by the seed. */
		createdByAdminId: integer('created_by_admin_id').references((): any => admins.id, { onDelete: 'set null' }),
		createdByEmail: text('created_by_email').notNull().default('system'),
		revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [index('plan_code_batches_created_at_idx').on(t.createdAt)],
)

/**
 * Plan activation codes, issued on the server for one plan each. Codes are
 * case sensitive (SQLite compares text byte by byte). Stored in full
 * (docs/decisions/013-staff-tools.md): staff download a batch's CSV again.
 */
export const planCodes = sqliteTable(
	'plan_codes',
	{
		id: id(),
		code: text('code').notNull(),
		plan: text('plan', { enum: PLANS }).notNull(),
		maxUses: integer('max_uses').notNull().default(1),
		uses: integer('uses').notNull().default(0),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
		/** Null for codes issued before batches existed. */
		batchId: integer('batch_id').references(() => planCodeBatches.id, { onDelete: 'cascade' }),
		revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('plan_codes_code_unique').on(t.code),
		index('plan_codes_batch_idx').on(t.batchId, t.id),
		index('plan_codes_expires_at_idx').on(t.expiresAt),
		// A batch's counts without reading its every code (app/features/codes/plan-codes.server.ts countsFor).
		index('plan_codes_revoked_idx')
			.on(t.batchId)
			.where(sql`${t.revokedAt} is not null`),
		index('plan_codes_used_idx')
			.on(t.batchId)
			.where(sql`${t.revokedAt} is null and ${t.uses} >= ${t.maxUses}`),
	],
)

/** Each plan change by code: the member's plan history. */
export const planActivations = sqliteTable(
	'plan_activations',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		codeId: integer('code_id').references(() => planCodes.id, { onDelete: 'set null' }),
		fromPlan: text('from_plan', { enum: PLANS }).notNull(),
		toPlan: text('to_plan', { enum: PLANS }).notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('plan_activations_code_user_unique').on(t.codeId, t.userId),
		index('plan_activations_code_idx').on(t.codeId, t.createdAt),
		index('plan_activations_user_idx').on(t.userId, t.createdAt),
	],
)

/** Academy lessons a member has completed (lesson ids from the content module). */
export const lessonCompletions = sqliteTable(
	'lesson_completions',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		lessonId: text('lesson_id').notNull(),
		completedAt: integer('completed_at', { mode: 'timestamp_ms' })
			.notNull()
			.default(sql`(unixepoch('subsec') * 1000)`),
	},
	(t) => [
		uniqueIndex('lesson_completions_user_lesson_unique').on(t.userId, t.lessonId),
		// A contest started or edited by staff scores the lessons completed within its dates (decision 064).
		index('lesson_completions_completed_at_idx').on(t.completedAt),
	],
)

/**
 * A member's confirmed interest in a 0% fee offer (a claim): takes one
 * spot, once per offer. Staff work it: status and a note.
 */
export const feeOfferClaims = sqliteTable(
	'fee_offer_claims',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		offerId: text('offer_id').notNull(),
		status: text('status', { enum: CLAIM_STATUSES }).notNull().default('new'),
		note: text('note').notNull().default(''),
		createdAt: createdAt(),
		/** When staff last changed the status or note; null until then. */
		updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
	},
	(t) => [
		uniqueIndex('fee_offer_claims_user_offer_unique').on(t.userId, t.offerId),
		index('fee_offer_claims_offer_idx').on(t.offerId, t.createdAt),
		index('fee_offer_claims_status_idx').on(t.status, t.createdAt),
		index('fee_offer_claims_offer_status_idx').on(t.offerId, t.status, t.createdAt),
		index('fee_offer_claims_created_at_idx').on(t.createdAt),
	],
)

/**
 * Staff sessions, apart from members' (docs/decisions/007-database-sessions.md): the admin cookie
 * (kind "web") or an /api/admin bearer token (kind "api") holds a random
 * secret; only its SHA-256 is stored. Absolute expiry in expiresAt, idle
 * expiry from lastUsedAt.
 */
export const adminSessions = sqliteTable(
	'admin_sessions',
	{
		id: id(),
		tokenHash: text('token_hash').notNull(),
		adminId: integer('admin_id')
			.notNull()
			.references(() => admins.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: SESSION_KINDS }).notNull(),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
		lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('admin_sessions_token_hash_unique').on(t.tokenHash),
		index('admin_sessions_admin_id_idx').on(t.adminId),
		index('admin_sessions_expires_at_idx').on(t.expiresAt),
	],
)

/**
 * Every admin change (the audit log): who (the admin, with the email as it
 * was, kept when the admin is deleted), what, on which target, the values
 * before and after (JSON, secrets stripped) and when.
 */
export const auditLog = sqliteTable(
	'audit_log',
	{
		id: id(),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
		adminEmail: text('admin_email').notNull(),
		action: text('action').notNull(),
		targetType: text('target_type').notNull(),
		targetId: text('target_id').notNull(),
		before: text('before', { mode: 'json' }),
		after: text('after', { mode: 'json' }),
		createdAt: createdAt(),
	},
	(t) => [
		index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
		index('audit_log_created_at_idx').on(t.createdAt),
		// The audit page's filters (app/features/audit/audit.server.ts): each walks
		// its own index in time order.
		index('audit_log_admin_created_idx').on(t.adminId, t.createdAt),
		index('audit_log_action_created_idx').on(t.action, t.createdAt),
		index('audit_log_type_created_idx').on(t.targetType, t.createdAt),
	],
)

/**
 * Alerts raised by the server for the admin dashboard. `dedupeKey` makes a
 * repeated condition raise one row (unique; null for one-off alerts).
 */
export const systemAlerts = sqliteTable(
	'system_alerts',
	{
		id: id(),
		type: text('type', { enum: ALERT_TYPES }).notNull(),
		title: text('title').notNull(),
		message: text('message').notNull(),
		/** A same-site path ("/admin/contests"), or null. */
		actionUrl: text('action_url'),
		dedupeKey: text('dedupe_key'),
		createdAt: createdAt(),
		/** Staff saw it and are on it: still open, marked as seen. */
		acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
		acknowledgedByEmail: text('acknowledged_by_email'),
		resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
		/** Null when resolved by the server itself (a contest alert after the contest ended). */
		resolvedByEmail: text('resolved_by_email'),
	},
	(t) => [
		uniqueIndex('system_alerts_dedupe_key_unique').on(t.dedupeKey),
		index('system_alerts_open_idx').on(t.resolvedAt, t.createdAt),
		index('system_alerts_created_at_idx').on(t.createdAt),
		index('system_alerts_type_created_idx').on(t.type, t.createdAt),
	],
)

/**
 * Partner brokers' commission reports, recorded by an admin: the admin
 * dashboard's Monthly Revenue. Amounts in US cents; month is "YYYY-MM".
 */
export const revenueEntries = sqliteTable(
	'revenue_entries',
	{
		id: id(),
		broker: text('broker').notNull(),
		month: text('month').notNull(),
		amountCents: integer('amount_cents').notNull(),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
		/** Set when staff void the entry (it stays listed, it no longer counts). */
		voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
		voidReason: text('void_reason'),
		/** The reason given for the latest edit (the audit log keeps each one). */
		correctionReason: text('correction_reason'),
		createdAt: createdAt(),
		/** The last edit or void; null until then. */
		updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
	},
	(t) => [
		index('revenue_entries_month_idx').on(t.month, t.voidedAt, t.amountCents),
		index('revenue_entries_created_at_idx').on(t.createdAt),
	],
)

/**
 * One row per UTC day with the dashboard figures that cannot be recomputed
 * for a past day (how many contests were active, how many members had been
 * seen in the 7 days before): the dashboard compares today with them.
 */
export const statsSnapshots = sqliteTable(
	'stats_snapshots',
	{
		id: id(),
		/** "YYYY-MM-DD" (UTC). */
		day: text('day').notNull(),
		totalUsers: integer('total_users').notNull(),
		activeContests: integer('active_contests').notNull(),
		activeMembers: integer('active_members').notNull(),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('stats_snapshots_day_unique').on(t.day)],
)

/**
 * The scheduler (server/scheduler.ts): one row per job. A process runs a
 * job only while it holds the job's lease (leaseHolder until
 * leaseExpiresAt), so two processes never run one job at once; each job
 * is idempotent besides.
 */
export const scheduledJobs = sqliteTable('scheduled_jobs', {
	name: text('name').primaryKey(),
	leaseHolder: text('lease_holder'),
	leaseExpiresAt: integer('lease_expires_at', { mode: 'timestamp_ms' }),
	/** When the job is next due. */
	nextRunAt: integer('next_run_at', { mode: 'timestamp_ms' }).notNull(),
	lastStartedAt: integer('last_started_at', { mode: 'timestamp_ms' }),
	lastSuccessAt: integer('last_success_at', { mode: 'timestamp_ms' }),
	lastError: text('last_error'),
	/** What the last successful run did, as JSON (counts). */
	lastResult: text('last_result'),
})

/**
 * Shared rate-limit counters (app/utils/rate-limit.server.ts;
 * docs/decisions/005-in-memory-rate-limits.md, amended by 026): one row per
 * rule and key, so every server process counts against one number. `id` is
 * "rule|key"; a fixed window keeps its count and `expiresAt` (when it
 * resets); a sliding window also keeps the previous window's count, its
 * window start and the window whose first refusal was reported. A row is
 * worth nothing once `expiresAt` has passed and is pruned.
 */
export const rateLimits = sqliteTable(
	'rate_limits',
	{
		id: text('id').primaryKey(),
		count: integer('count').notNull(),
		previous: integer('previous').notNull().default(0),
		windowStart: integer('window_start').notNull().default(0),
		reportedWindow: integer('reported_window').notNull().default(-1),
		/** Epoch milliseconds after which the row no longer counts. */
		expiresAt: integer('expires_at').notNull(),
	},
	(t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
)

/**
 * Work that one server process of several does (app/utils/lease.server.ts):
 * the scheduler and the backups. The holder renews its lease while it runs;
 * a holder that died loses it at `expiresAt` and another process takes over.
 */
export const leases = sqliteTable('leases', {
	name: text('name').primaryKey(),
	holder: text('holder').notNull(),
	acquiredAt: integer('acquired_at', { mode: 'timestamp_ms' }).notNull(),
	expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
})

/** One market's spread at a broker: the symbol (as traders.markets spell it) and US cents per standard lot. */
export type BrokerSpread = { market: string; spreadCents: number }

/**
 * Partner brokers (issue 14): what members see on the broker cards and the
 * affiliate link their button leads to. `affiliateUrl` is an https URL with
 * the placeholder `{trackingId}`; `lossPercent` is the broker's own
 * published share of retail accounts that lose money; `features` one per
 * line. Deactivated brokers stay (their reports and clicks keep pointing at
 * them) but are hidden from members and `/go/:slug` answers 404.
 */
export const brokers = sqliteTable(
	'brokers',
	{
		id: id(),
		name: text('name').notNull(),
		slug: text('slug').notNull(),
		regulator: text('regulator').notNull(),
		licence: text('licence').notNull(),
		lossPercent: real('loss_percent').notNull(),
		minDepositCents: integer('min_deposit_cents').notNull().default(0),
		/**
		 * The costs of copying there (issue 40 part 5, decision 060): whether the
		 * broker offers copy trading, its commission per standard lot (US cents,
		 * round turn), its copy or performance fee (percent of the copier's
		 * profits), the spread per market (US cents per standard lot, one
		 * crossing: buy and sell back at once) and how we earn from it (shown to
		 * members beside the affiliate disclosure).
		 */
		copyTrading: integer('copy_trading', { mode: 'boolean' }).notNull().default(false),
		commissionPerLotCents: integer('commission_per_lot_cents').notNull().default(0),
		copyFeePercent: real('copy_fee_percent').notNull().default(0),
		spreads: text('spreads', { mode: 'json' })
			.$type<BrokerSpread[]>()
			.notNull()
			.default(sql`'[]'`),
		howWeEarn: text('how_we_earn').notNull().default(''),
		affiliateUrl: text('affiliate_url').notNull(),
		/** Out of 5, as shown on the card. */
		rating: real('rating').notNull().default(0),
		bonus: text('bonus').notNull().default(''),
		features: text('features').notNull().default(''),
		recommended: integer('recommended', { mode: 'boolean' }).notNull().default(false),
		/** Cards are listed by this, then by name. */
		sortOrder: integer('sort_order').notNull().default(0),
		active: integer('active', { mode: 'boolean' }).notNull().default(true),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [uniqueIndex('brokers_slug_unique').on(t.slug), index('brokers_active_order_idx').on(t.active, t.sortOrder)],
)

/**
 * A member's account link with one broker: the opaque tracking id the
 * affiliate link carries (random, never the email or the user id) and the
 * broker's reports name. Created on the member's first click.
 */
export const brokerAccounts = sqliteTable(
	'broker_accounts',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		brokerId: integer('broker_id')
			.notNull()
			.references(() => brokers.id, { onDelete: 'cascade' }),
		trackingId: text('tracking_id').notNull(),
		clickCount: integer('click_count').notNull().default(0),
		firstClickAt: integer('first_click_at', { mode: 'timestamp_ms' }),
		lastClickAt: integer('last_click_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('broker_accounts_tracking_id_unique').on(t.trackingId),
		uniqueIndex('broker_accounts_user_broker_unique').on(t.userId, t.brokerId),
		index('broker_accounts_broker_idx').on(t.brokerId),
	],
)

/** One row per outbound click through `/go/:brokerSlug` (member, broker, time; no IP). */
export const brokerClicks = sqliteTable(
	'broker_clicks',
	{
		id: id(),
		brokerId: integer('broker_id')
			.notNull()
			.references(() => brokers.id, { onDelete: 'cascade' }),
		/** Null once the member's account is deleted; the count stays. */
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		/** The trader whose Copy button the member used (`?trader=<slug>`), else null (decision 056). */
		traderId: integer('trader_id').references((): AnySQLiteColumn => traders.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
	},
	(t) => [
		index('broker_clicks_broker_created_idx').on(t.brokerId, t.createdAt),
		index('broker_clicks_user_idx').on(t.userId),
		index('broker_clicks_trader_user_idx').on(t.traderId, t.userId),
	],
)

/**
 * A broker's monthly report as applied by staff (month "YYYY-MM", amounts
 * in US cents). One applied report per broker and month and per file
 * (content hash): a replace sets `reversedAt` on the earlier one (its
 * effects undone in the same transaction) before the new one is applied.
 * The commission is written as a revenue entry (`revenueEntryId`).
 */
export const brokerReports = sqliteTable(
	'broker_reports',
	{
		id: id(),
		brokerId: integer('broker_id')
			.notNull()
			.references(() => brokers.id, { onDelete: 'cascade' }),
		month: text('month').notNull(),
		contentHash: text('content_hash').notNull(),
		fileName: text('file_name').notNull().default(''),
		rowCount: integer('row_count').notNull(),
		depositsCents: integer('deposits_cents').notNull(),
		withdrawalsCents: integer('withdrawals_cents').notNull(),
		volumeCents: integer('volume_cents').notNull(),
		commissionCents: integer('commission_cents').notNull(),
		revenueEntryId: integer('revenue_entry_id').references(() => revenueEntries.id, { onDelete: 'set null' }),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
		appliedAt: integer('applied_at', { mode: 'timestamp_ms' }).notNull(),
		reversedAt: integer('reversed_at', { mode: 'timestamp_ms' }),
		/** The report that replaced this one. */
		replacedById: integer('replaced_by_id'),
	},
	(t) => [
		uniqueIndex('broker_reports_applied_month_unique')
			.on(t.brokerId, t.month)
			.where(sql`${t.reversedAt} is null`),
		uniqueIndex('broker_reports_applied_hash_unique')
			.on(t.contentHash)
			.where(sql`${t.reversedAt} is null`),
		index('broker_reports_broker_month_idx').on(t.brokerId, t.month),
		index('broker_reports_month_idx').on(t.month),
	],
)

/**
 * An uploaded report waiting for staff to confirm its preview (the file is
 * kept so a plain form can confirm it without sending it again). Applying
 * or a new upload of the same broker by the same staff member removes it;
 * uploads older than a day are discarded.
 */
export const brokerReportUploads = sqliteTable(
	'broker_report_uploads',
	{
		id: id(),
		brokerId: integer('broker_id')
			.notNull()
			.references(() => brokers.id, { onDelete: 'cascade' }),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
		month: text('month').notNull(),
		fileName: text('file_name').notNull().default(''),
		contentHash: text('content_hash').notNull(),
		content: text('content').notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		index('broker_report_uploads_broker_idx').on(t.brokerId, t.adminId),
		index('broker_report_uploads_created_idx').on(t.createdAt),
	],
)

/** One member's line of an applied report (the report's month; amounts in US cents). */
export const brokerReportRows = sqliteTable(
	'broker_report_rows',
	{
		id: id(),
		reportId: integer('report_id')
			.notNull()
			.references(() => brokerReports.id, { onDelete: 'cascade' }),
		/** The CSV line the row came from. */
		line: integer('line').notNull(),
		brokerAccountId: integer('broker_account_id').references(() => brokerAccounts.id, { onDelete: 'set null' }),
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		depositsCents: integer('deposits_cents').notNull(),
		withdrawalsCents: integer('withdrawals_cents').notNull(),
		volumeCents: integer('volume_cents').notNull(),
		commissionCents: integer('commission_cents').notNull(),
		/** The trader the member copied that month (the optional `trader` column; issue 40 part 4). */
		traderId: integer('trader_id').references(() => traders.id, { onDelete: 'set null' }),
		/** The member's result for the month after the broker's fees (the optional `net_result` column), US cents. */
		netResultCents: integer('net_result_cents'),
	},
	(t) => [
		index('broker_report_rows_report_idx').on(t.reportId),
		index('broker_report_rows_user_idx').on(t.userId, t.reportId),
	],
)

/**
 * The UTC days a member signed in (web or API): the activity contests'
 * "sign-ins on distinct days". One row per member and day.
 */
export const memberActivityDays = sqliteTable(
	'member_activity_days',
	{
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** "YYYY-MM-DD", UTC. */
		day: text('day').notNull(),
	},
	(t) => [
		uniqueIndex('member_activity_days_user_day_unique').on(t.userId, t.day),
		index('member_activity_days_day_idx').on(t.day),
	],
)

/**
 * A member's consents (issue 15): one row per consent given — the terms
 * (with their version), the 18+ confirmation, the risk acknowledgement —
 * at sign-up, on accepting new terms, or recorded by staff who created the
 * account (`source`, `adminId`).
 */
export const consents = sqliteTable(
	'consents',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: ['terms', 'age', 'risk'] }).notNull(),
		/** The terms' version for kind "terms"; the text's version for the others. */
		version: text('version').notNull(),
		source: text('source', { enum: ['signup', 'reaccept', 'staff', 'api'] }).notNull(),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
		acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }).notNull(),
	},
	(t) => [index('consents_user_idx').on(t.userId, t.kind, t.acceptedAt)],
)

/** A member's pending change of email: a link to the new address confirms it (hashed token, single use). */
export const emailChangeTokens = sqliteTable(
	'email_change_tokens',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		newEmail: text('new_email').notNull(),
		tokenHash: text('token_hash').notNull(),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
		usedAt: integer('used_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('email_change_tokens_hash_unique').on(t.tokenHash),
		index('email_change_tokens_user_idx').on(t.userId),
	],
)

/** The in-app inbox (issue 15): one row per notification; `readAt` null while unread. */
export const notifications = sqliteTable(
	'notifications',
	{
		id: id(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		title: text('title').notNull(),
		body: text('body').notNull(),
		/** A path in the app the notification leads to, or null. */
		link: text('link'),
		readAt: integer('read_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [
		index('notifications_user_created_idx').on(t.userId, t.createdAt),
		index('notifications_user_unread_idx').on(t.userId, t.readAt),
	],
)

/** Which notification kinds a member gets by email (a missing row: the kind's default). */
export const notificationPreferences = sqliteTable(
	'notification_preferences',
	{
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		email: integer('email', { mode: 'boolean' }).notNull(),
		updatedAt: updatedAt(),
	},
	(t) => [uniqueIndex('notification_preferences_user_kind_unique').on(t.userId, t.kind)],
)

/** Platform settings staff can change (issue 15: the referral integrity thresholds); JSON values by key. */
export const platformSettings = sqliteTable('platform_settings', {
	key: text('key').primaryKey(),
	value: text('value').notNull(),
	updatedAt: updatedAt(),
	adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
})

/**
 * The traders members can follow (issue 39): the registry staff review.
 * The computed figures (app/features/traders/metrics.ts) are stored on the
 * row when a statement is applied and nightly, so the members' list sorts
 * and filters on indexed columns; the flags, monthly returns and periods
 * are `figures` (JSON), the daily drawdown series `trader_series`. Checklist items record who ticked them and when.
 */
export const traders = sqliteTable(
	'traders',
	{
		id: id(),
		slug: text('slug').notNull(),
		name: text('name').notNull(),
		strategy: text('strategy').notNull(),
		/** Instrument symbols, JSON list ("XAUUSD", "EURUSD"). */
		markets: text('markets', { mode: 'json' }).$type<string[]>().notNull(),
		brokerId: integer('broker_id')
			.notNull()
			.references(() => brokers.id, { onDelete: 'restrict' }),
		/** The trader's account reference at the broker. */
		accountRef: text('account_ref').notNull(),
		/** ISO 3166 alpha-2, from the sign-up's country list. */
		country: text('country').notNull(),
		/** ISO 4217, the account currency the statements are in. */
		currency: text('currency').notNull(),
		/** "YYYY-MM-DD". */
		startDate: text('start_date').notNull(),
		status: text('status', { enum: TRADER_STATUSES }).notNull().default('applied'),
		/** The note of the last transition (shown with past traders: the reason). */
		statusNote: text('status_note').notNull().default(''),
		statusChangedAt: integer('status_changed_at', { mode: 'timestamp_ms' }).notNull(),
		/** Sample data of a fresh install: marked to staff and members, removable in one action. */
		sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
		identityCheckedAt: integer('identity_checked_at', { mode: 'timestamp_ms' }),
		identityCheckedBy: text('identity_checked_by'),
		brokerAccountVerifiedAt: integer('broker_account_verified_at', { mode: 'timestamp_ms' }),
		brokerAccountVerifiedBy: text('broker_account_verified_by'),
		statementSourceVerifiedAt: integer('statement_source_verified_at', { mode: 'timestamp_ms' }),
		statementSourceVerifiedBy: text('statement_source_verified_by'),
		strategyMatchesTradesAt: integer('strategy_matches_trades_at', { mode: 'timestamp_ms' }),
		strategyMatchesTradesBy: text('strategy_matches_trades_by'),
		riskAcceptableAt: integer('risk_acceptable_at', { mode: 'timestamp_ms' }),
		riskAcceptableBy: text('risk_acceptable_by'),
		/** The last review (a transition to listed or watch): when and by whom. */
		reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
		reviewedBy: text('reviewed_by'),
		/** "YYYY-MM-DD": the scheduler raises an alert once it has passed for a listed trader. */
		nextReviewDate: text('next_review_date'),
		/** The applied equity statement's first and last dates. */
		statementsFrom: text('statements_from'),
		statementsUntil: text('statements_until'),
		riskScore: integer('risk_score'),
		score: real('score'),
		/** The return over the last 7 days (decision 056: the dashboard's Weekly Return). */
		return1w: real('return_1w'),
		return1m: real('return_1m'),
		return3m: real('return_3m'),
		return12m: real('return_12m'),
		returnSinceStart: real('return_since_start'),
		cagr: real('cagr'),
		maxDrawdown: real('max_drawdown'),
		currentDrawdown: real('current_drawdown'),
		volatility: real('volatility'),
		sharpe: real('sharpe'),
		sortino: real('sortino'),
		calmar: real('calmar'),
		tradeCount: integer('trade_count').notNull().default(0),
		winRate: real('win_rate'),
		profitFactor: real('profit_factor'),
		averageWin: real('average_win'),
		averageLoss: real('average_loss'),
		expectancy: real('expectancy'),
		averageHoldingHours: real('average_holding_hours'),
		noStopLossShare: real('no_stop_loss_share'),
		flagCount: integer('flag_count').notNull().default(0),
		/** Distinct members who opened a broker link from this trader's Copy button (decision 056). */
		followers: integer('followers').notNull().default(0),
		/** Flags, drawdown dates, monthly returns and periods (JSON); the daily drawdown series is trader_series. */
		figures: text('figures', { mode: 'json' }),
		computedAt: integer('computed_at', { mode: 'timestamp_ms' }),
		/** When the watch alerts last read this trader's figures (the scheduler's pass: decision 058). */
		watchCheckedAt: integer('watch_checked_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('traders_slug_unique').on(t.slug),
		index('traders_status_idx').on(t.status, t.score),
		index('traders_broker_idx').on(t.brokerId),
		index('traders_flags_idx').on(t.flagCount, t.status),
		index('traders_status_name_idx').on(t.status, t.name),
		index('traders_created_idx').on(t.createdAt, t.id),
	],
)

/**
 * A counter per kind of data that changes seldom and is read on every page
 * (`registry`: the listed traders' markets and brokers, the registry's
 * totals; `traders`: any write to a trader or a broker's slug, for the
 * members' lists of traders). SQLite triggers bump it on every write that
 * changes what those reads return (migrations 0017 and 0019), whatever code
 * path wrote, so each process
 * keeps the derived figures until the counter moves
 * (app/utils/data-version.server.ts): one indexed read of one row instead of
 * a pass over every trader on each request.
 */
export const dataVersions = sqliteTable('data_versions', {
	name: text('name').primaryKey(),
	version: integer('version').notNull().default(0),
})

/**
 * A trader's daily drawdown series (the member API's detail), apart from
 * the row: with 5 years of statements it is about 60 KB, which lists of
 * traders should not carry. Written with the figures.
 */
export const traderSeries = sqliteTable('trader_series', {
	traderId: integer('trader_id')
		.primaryKey()
		.references(() => traders.id, { onDelete: 'cascade' }),
	/** `[{ date, drawdown }]`, one point a statement day. */
	drawdown: text('drawdown', { mode: 'json' }).$type<Array<{ date: string; drawdown: number }>>().notNull(),
})

/**
 * A member's watched traders (issue 40 part 2, decision 058), with the
 * drawdown threshold the member set, the figures as the member last saw
 * them (`seen`, written by "Mark as seen") and what the watch alerts have
 * already said, so each event is told at most once: the drawdown alert
 * until the drawdown is back under the threshold, the risk score's
 * baseline, the flags and status already told, the stale statement date
 * already told.
 */
export const watchlist = sqliteTable(
	'watchlist',
	{
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		/** Percent, 1 to 90 (default 20): a current drawdown at or beyond it raises an alert. */
		drawdownAlert: integer('drawdown_alert').notNull().default(20),
		createdAt: createdAt(),
		seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
		/** The figures at `seenAt` (the watchlist's "what changed"). */
		seen: text('seen', { mode: 'json' }).$type<WatchSnapshot>().notNull(),
		drawdownAlerted: integer('drawdown_alerted', { mode: 'boolean' }).notNull().default(false),
		/** The risk score an alert compares with: at the start, after an alert, and lowered when the score falls. */
		riskBaseline: integer('risk_baseline'),
		alertedFlags: text('alerted_flags', { mode: 'json' }).$type<string[]>().notNull(),
		alertedStatus: text('alerted_status').notNull(),
		alertedStaleUntil: text('alerted_stale_until'),
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.traderId] }),
		// A trader's watchers with what they were told, side by side: the watch
		// pass finds the few with news in the index alone (decision 058).
		index('watchlist_trader_news_idx').on(
			t.traderId,
			t.drawdownAlerted,
			t.drawdownAlert,
			t.riskBaseline,
			t.alertedStatus,
			t.alertedStaleUntil,
			t.alertedFlags,
		),
	],
)

/** What a member saw of a watched trader (the watchlist's comparison). */
export type WatchSnapshot = {
	status: string
	riskScore: number | null
	return1m: number | null
	maxDrawdown: number | null
	currentDrawdown: number | null
	flags: string[]
	statementsUntil: string | null
}

/** A trader's daily equity (docs/trader-statements.md): one row per trader and date. */
export const traderEquity = sqliteTable(
	'trader_equity',
	{
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		/** "YYYY-MM-DD", UTC. */
		date: text('date').notNull(),
		equity: real('equity').notNull(),
		deposits: real('deposits').notNull().default(0),
		withdrawals: real('withdrawals').notNull().default(0),
	},
	(t) => [uniqueIndex('trader_equity_trader_date_unique').on(t.traderId, t.date)],
)

/** A trader's closed trades: tickets unique per trader. */
export const traderTrades = sqliteTable(
	'trader_trades',
	{
		id: id(),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		ticket: text('ticket').notNull(),
		/** ISO 8601 UTC. */
		openedAt: text('opened_at').notNull(),
		closedAt: text('closed_at').notNull(),
		symbol: text('symbol').notNull(),
		side: text('side', { enum: ['buy', 'sell'] }).notNull(),
		volume: real('volume').notNull(),
		openPrice: real('open_price').notNull(),
		closePrice: real('close_price').notNull(),
		stopLoss: real('stop_loss'),
		profit: real('profit').notNull(),
	},
	(t) => [
		uniqueIndex('trader_trades_trader_ticket_unique').on(t.traderId, t.ticket),
		index('trader_trades_trader_closed_idx').on(t.traderId, t.closedAt),
	],
)

/** Every review transition of a trader, with its required note (also in the audit log). */
export const traderReviews = sqliteTable(
	'trader_reviews',
	{
		id: id(),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		fromStatus: text('from_status', { enum: TRADER_STATUSES }).notNull(),
		toStatus: text('to_status', { enum: TRADER_STATUSES }).notNull(),
		note: text('note').notNull(),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
		adminEmail: text('admin_email').notNull(),
		createdAt: createdAt(),
	},
	(t) => [index('trader_reviews_trader_idx').on(t.traderId, t.createdAt)],
)

/** Every statement file applied to a trader (kind, dates or tickets covered, rows, who). */
export const traderStatements = sqliteTable(
	'trader_statements',
	{
		id: id(),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: STATEMENT_KINDS }).notNull(),
		fileName: text('file_name').notNull().default(''),
		contentHash: text('content_hash').notNull(),
		rowCount: integer('row_count').notNull(),
		/** The first and last date the file covers (trades: by close date). */
		fromDate: text('from_date'),
		toDate: text('to_date'),
		/** Stored rows the file replaced (`?replace=1`). */
		replacedRows: integer('replaced_rows').notNull().default(0),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
		adminEmail: text('admin_email').notNull(),
		appliedAt: integer('applied_at', { mode: 'timestamp_ms' }).notNull(),
	},
	(t) => [index('trader_statements_trader_idx').on(t.traderId, t.appliedAt)],
)

/**
 * An uploaded statement waiting for staff to confirm its preview on the
 * page (the file kept so a plain form can confirm it); applying removes it,
 * uploads older than a day are discarded.
 */
export const traderStatementUploads = sqliteTable(
	'trader_statement_uploads',
	{
		id: id(),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: STATEMENT_KINDS }).notNull(),
		fileName: text('file_name').notNull().default(''),
		contentHash: text('content_hash').notNull(),
		content: text('content').notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		index('trader_statement_uploads_trader_idx').on(t.traderId, t.adminId),
		index('trader_statement_uploads_created_idx').on(t.createdAt),
	],
)

export const usersRelations = relations(users, ({ many }) => ({
	sessions: many(sessions),
}))

export const sessionsRelations = relations(sessions, ({ one }) => ({
	user: one(users, { fields: [sessions.userId], references: [users.id] }),
}))

export type SelectUser = typeof users.$inferSelect
export type InsertUser = typeof users.$inferInsert
export type SelectAdmin = typeof admins.$inferSelect
export type SelectContest = typeof contests.$inferSelect
export type SelectContestParticipant = typeof contestParticipants.$inferSelect
export type SelectPlanCode = typeof planCodes.$inferSelect
export type SelectReferralCredit = typeof referralCredits.$inferSelect
export type SelectAdminSession = typeof adminSessions.$inferSelect
export type SelectAuditEntry = typeof auditLog.$inferSelect
export type SelectSystemAlert = typeof systemAlerts.$inferSelect
export type SelectRevenueEntry = typeof revenueEntries.$inferSelect
export type SelectStatsSnapshot = typeof statsSnapshots.$inferSelect
export type SelectPlanCodeBatch = typeof planCodeBatches.$inferSelect
export type SelectUnlockCode = typeof unlockCodes.$inferSelect
export type SelectFeeOfferClaim = typeof feeOfferClaims.$inferSelect
export type SelectScheduledJob = typeof scheduledJobs.$inferSelect
export type SelectBroker = typeof brokers.$inferSelect
export type SelectBrokerAccount = typeof brokerAccounts.$inferSelect
export type SelectBrokerReport = typeof brokerReports.$inferSelect
export type SelectBrokerReportRow = typeof brokerReportRows.$inferSelect
export type SelectBrokerReportUpload = typeof brokerReportUploads.$inferSelect
export type SelectConsent = typeof consents.$inferSelect
export type SelectNotification = typeof notifications.$inferSelect
export type SelectTrader = typeof traders.$inferSelect
export type InsertTrader = typeof traders.$inferInsert
export type SelectTraderStatement = typeof traderStatements.$inferSelect
export type SelectTraderReview = typeof traderReviews.$inferSelect

/**
 * What copiers earned (issue 40 part 4, decision 061): one row per applied
 * report row naming a trader, written with the report and deleted when it
 * is reversed or replaced. `memberKey` is the member's user id when the
 * report was applied, deliberately without a foreign key: a deleted
 * member's months stay in the figures (anonymous), so members who lost and
 * left do not vanish from them. Amounts in US cents; `netDepositCents` is
 * the row's deposits minus withdrawals.
 */
export const copierMonths = sqliteTable(
	'copier_months',
	{
		id: id(),
		reportId: integer('report_id')
			.notNull()
			.references(() => brokerReports.id, { onDelete: 'cascade' }),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		memberKey: integer('member_key').notNull(),
		/** "YYYY-MM", the report's month. */
		month: text('month').notNull(),
		netResultCents: integer('net_result_cents').notNull(),
		netDepositCents: integer('net_deposit_cents').notNull(),
	},
	(t) => [
		index('copier_months_report_idx').on(t.reportId),
		index('copier_months_trader_member_idx').on(t.traderId, t.memberKey, t.month),
	],
)

/**
 * One member's copy of one trader since their first month (the sums of
 * their copier_months), rewritten for the pairs a report touches; the
 * cohorts are read from here by (trader, first month).
 */
export const traderCopiers = sqliteTable(
	'trader_copiers',
	{
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		memberKey: integer('member_key').notNull(),
		/** "YYYY-MM": the cohort. */
		firstMonth: text('first_month').notNull(),
		lastMonth: text('last_month').notNull(),
		/** The copier_months rows behind the sums (one per applied report naming the trader). */
		months: integer('months').notNull(),
		netResultCents: integer('net_result_cents').notNull(),
		netDepositCents: integer('net_deposit_cents').notNull(),
	},
	(t) => [
		primaryKey({ columns: [t.traderId, t.memberKey] }),
		index('trader_copiers_cohort_idx').on(t.traderId, t.firstMonth),
	],
)

/**
 * A trader's outcomes for members as the trader page shows them, rewritten
 * at each report apply, replace or reverse that touches the trader: how
 * many members copied, and one row per cohort (trader_cohorts).
 */
export const traderOutcomes = sqliteTable('trader_outcomes', {
	traderId: integer('trader_id')
		.primaryKey()
		.references(() => traders.id, { onDelete: 'cascade' }),
	members: integer('members').notNull(),
	/** The applied reports' months these figures cover ("YYYY-MM"). */
	firstMonth: text('first_month').notNull(),
	lastMonth: text('last_month').notNull(),
	computedAt: integer('computed_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * One cohort of a trader's copiers: the members whose first month with the
 * trader is `month`. `measured` members had net deposits above 0 (the
 * median is over them); `inProfit` had a net result above 0.
 */
export const traderCohorts = sqliteTable(
	'trader_cohorts',
	{
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		month: text('month').notNull(),
		members: integer('members').notNull(),
		measured: integer('measured').notNull(),
		/** The median net result since start over net deposits (a fraction), null when no member is measured. */
		medianReturn: real('median_return'),
		inProfit: integer('in_profit').notNull(),
	},
	(t) => [primaryKey({ columns: [t.traderId, t.month] })],
)

/**
 * The lifecycle columns every kind of staff-run content shares (issue 41,
 * docs/decisions/062, app/features/content/lifecycle.ts): the stored status,
 * the optional publish and expiry instants the scheduler acts on, when it was
 * last published, and whether it is a sample row of a fresh install.
 */
const contentLifecycle = () => ({
	status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
	publishAt: integer('publish_at', { mode: 'timestamp_ms' }),
	expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
	publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
	sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
})

/**
 * Promotion codes on the member dashboard (issue 41 part 1): the code
 * members copy, what it gives, and the broker it is for (optional: the
 * platform's own promotions have none).
 */
export const promotions = sqliteTable(
	'promotions',
	{
		id: id(),
		code: text('code').notNull(),
		description: text('description').notNull(),
		brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'set null' }),
		...contentLifecycle(),
	},
	(t) => [
		// Members' read (published, unexpired) and the scheduler's (scheduled or published, by date).
		index('promotions_status_expires_idx').on(t.status, t.expiresAt),
		index('promotions_status_publish_idx').on(t.status, t.publishAt),
	],
)
export type SelectPromotion = typeof promotions.$inferSelect

/**
 * 0% fee offers on /dashboard/zero-fee (issue 41 part 2, decision 062): a
 * listed trader of the registry waives their fee for a number of spots.
 * `key` is the offer's text id that fee_offer_claims.offer_id and the
 * member's URLs use (the samples keep the ids the constants had, a new
 * offer gets `offer-<id>`). Spots left are counted from the claims, never
 * stored; the performance figures are the trader's.
 */
export const feeOffers = sqliteTable(
	'fee_offers',
	{
		id: id(),
		key: text('key').notNull(),
		traderId: integer('trader_id')
			.notNull()
			.references(() => traders.id, { onDelete: 'cascade' }),
		/** Percent. */
		originalFee: integer('original_fee').notNull(),
		/** Percent. */
		currentFee: integer('current_fee').notNull().default(0),
		/** US dollars. */
		minCapital: integer('min_capital').notNull(),
		totalSpots: integer('total_spots').notNull(),
		description: text('description').notNull(),
		featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
		urgent: integer('urgent', { mode: 'boolean' }).notNull().default(false),
		...contentLifecycle(),
	},
	(t) => [
		uniqueIndex('fee_offers_key_unique').on(t.key),
		index('fee_offers_trader_idx').on(t.traderId),
		index('fee_offers_status_expires_idx').on(t.status, t.expiresAt),
		index('fee_offers_status_publish_idx').on(t.status, t.publishAt),
	],
)
export type SelectFeeOffer = typeof feeOffers.$inferSelect

/**
 * Announcements (issue 41 part 5, decision 062): a message to every member
 * or to the members of one plan, through the notifications (kind
 * `announcement`). Publishing sends it: the scheduler's
 * `announcement-delivery` job delivers it in batches of members by id
 * after `cursor`, up to `last_user_id` (the audience's highest id when
 * delivery started), counting `sent_count`.
 */
export const announcements = sqliteTable(
	'announcements',
	{
		id: id(),
		title: text('title').notNull(),
		/** Plain text; paragraphs are separated by a blank line. */
		body: text('body').notNull(),
		/** `all` (every member) or a plan (users.plan). */
		audience: text('audience', { enum: ['all', ...PLANS] })
			.notNull()
			.default('all'),
		/** The members it is for, counted when delivery started (null before). */
		audienceCount: integer('audience_count'),
		sentCount: integer('sent_count').notNull().default(0),
		/** The last member id delivered (0 before the first batch). */
		cursor: integer('cursor').notNull().default(0),
		/** The audience's highest member id when delivery started: members who join later are not included. */
		lastUserId: integer('last_user_id'),
		deliveryStartedAt: integer('delivery_started_at', { mode: 'timestamp_ms' }),
		deliveryFinishedAt: integer('delivery_finished_at', { mode: 'timestamp_ms' }),
		/** The last member id whose mail was handled (sent, or not wanted): mails follow the inbox at a steady rate. */
		mailCursor: integer('mail_cursor').notNull().default(0),
		/** Mails handed to the mail server so far (members who allow announcement mails). */
		mailedCount: integer('mailed_count').notNull().default(0),
		/** When the last mail was handled (null while mails are still going out, or before). */
		mailsFinishedAt: integer('mails_finished_at', { mode: 'timestamp_ms' }),
		...contentLifecycle(),
	},
	(t) => [
		// The delivery job's read (published, not finished) and the scheduler's (scheduled, by date).
		index('announcements_status_finished_idx').on(t.status, t.deliveryFinishedAt),
		index('announcements_status_publish_idx').on(t.status, t.publishAt),
		index('announcements_status_expires_idx').on(t.status, t.expiresAt),
	],
)
export type SelectAnnouncement = typeof announcements.$inferSelect

/**
 * Testimonials on the landing's carousel and the unlock page (issue 41 part
 * 4, decision 062): what a member said, who they are, the figure quoted,
 * and the consent they gave to be quoted (the day and how: required to save
 * and checked again to publish). `position` orders them (then id).
 */
export const testimonials = sqliteTable(
	'testimonials',
	{
		id: id(),
		name: text('name').notNull(),
		role: text('role').notNull(),
		country: text('country').notNull(),
		text: text('text').notNull(),
		/** The figure quoted, as shown ("+$1,240 in 3 months"). */
		profit: text('profit').notNull(),
		/** The UTC day `YYYY-MM-DD` the consent was given. */
		consentOn: text('consent_on').notNull(),
		/** How it was given ("Signed release form, emailed 2026-11-02"). */
		consentHow: text('consent_how').notNull(),
		position: integer('position').notNull().default(0),
		...contentLifecycle(),
	},
	(t) => [
		index('testimonials_status_expires_idx').on(t.status, t.expiresAt),
		index('testimonials_status_publish_idx').on(t.status, t.publishAt),
	],
)
export type SelectTestimonial = typeof testimonials.$inferSelect

/**
 * The academy's lessons (issue 41 part 3, decision 062's Lessons section):
 * `key` is the lesson's text id in the member's URLs and in
 * lesson_completions.lesson_id (the samples keep the ids the constants had,
 * 'basics-1' ...; a new lesson gets one made from its title). `position` is
 * its place in its topic tab; `duration` is typed minutes or null (the
 * reading time of its words is shown then). The body is Markdown; `bodyHtml`
 * is it rendered once when saved (app/features/academy/markdown.server.ts).
 */
export const lessons = sqliteTable(
	'lessons',
	{
		id: id(),
		key: text('key').notNull(),
		title: text('title').notNull(),
		description: text('description').notNull(),
		tab: text('tab', { enum: ['basics', 'risk', 'portfolio'] }).notNull(),
		position: integer('position').notNull(),
		/** Minutes typed by staff, or null: the reading time of `words`. */
		duration: integer('duration'),
		body: text('body').notNull(),
		bodyHtml: text('body_html').notNull(),
		/** The words of the rendered text (the reading time's base). */
		words: integer('words').notNull(),
		/** The number of the current version (lesson_versions). */
		version: integer('version').notNull().default(1),
		...contentLifecycle(),
	},
	(t) => [
		uniqueIndex('lessons_key_unique').on(t.key),
		index('lessons_tab_position_idx').on(t.tab, t.position),
		index('lessons_status_expires_idx').on(t.status, t.expiresAt),
		index('lessons_status_publish_idx').on(t.status, t.publishAt),
	],
)
export type SelectLesson = typeof lessons.$inferSelect

/**
 * Every saved text of a lesson: version 1 when created, one more each time a
 * save changes its title, description or body (the earlier ones stay, read
 * only). Who saved: the staff member's id and email as they were.
 */
export const lessonVersions = sqliteTable(
	'lesson_versions',
	{
		id: id(),
		lessonId: integer('lesson_id')
			.notNull()
			.references(() => lessons.id, { onDelete: 'cascade' }),
		version: integer('version').notNull(),
		title: text('title').notNull(),
		description: text('description').notNull(),
		body: text('body').notNull(),
		bodyHtml: text('body_html').notNull(),
		/** The admin who saved it (null: the system's seed). */
		savedById: integer('saved_by_id'),
		savedBy: text('saved_by').notNull(),
		savedAt: integer('saved_at', { mode: 'timestamp_ms' }).notNull(),
	},
	(t) => [uniqueIndex('lesson_versions_lesson_version_unique').on(t.lessonId, t.version)],
)
export type SelectLessonVersion = typeof lessonVersions.$inferSelect
