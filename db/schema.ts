import { relations, sql } from 'drizzle-orm'
import {
	index,
	integer,
	real,
	sqliteTable,
	text,
	uniqueIndex,
} from 'drizzle-orm/sqlite-core'

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

export const PLANS = ['regular', 'gold', 'titanium', 'platinum'] as const
export type Plan = (typeof PLANS)[number]
export const USER_STATUSES = ['active', 'pending', 'suspended', 'banned'] as const
export type UserStatus = (typeof USER_STATUSES)[number]
export const ADMIN_ROLES = ['super_admin', 'admin'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]
export const SESSION_KINDS = ['web', 'api'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

/** Members (spec section 3: the member and the managed user are one row). */
export const users = sqliteTable(
	'users',
	{
		id: id(),
		email: text('email').notNull(),
		passwordHash: text('password_hash').notNull(),
		name: text('name').notNull(),
		phone: text('phone').notNull().default(''),
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
		totalDeposit: real('total_deposit').notNull().default(0),
		totalWithdraw: real('total_withdraw').notNull().default(0),
		/** Consent record: the terms version agreed to and when. */
		termsVersion: text('terms_version'),
		termsAcceptedAt: integer('terms_accepted_at', { mode: 'timestamp_ms' }),
		lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('users_email_unique').on(t.email),
		uniqueIndex('users_referral_code_unique').on(t.referralCode),
		index('users_referrer_id_idx').on(t.referrerId),
		index('users_created_at_idx').on(t.createdAt),
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
 * active (rotation overlap); a code can expire.
 */
export const unlockCodes = sqliteTable(
	'unlock_codes',
	{
		id: id(),
		code: text('code').notNull(),
		active: integer('active', { mode: 'boolean' }).notNull().default(true),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('unlock_codes_code_unique').on(t.code)],
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
		lastLogin: integer('last_login', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('admins_email_unique').on(t.email)],
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
