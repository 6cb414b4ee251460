import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import bcrypt from 'bcryptjs'
import Database from 'better-sqlite3'
import { createCookie } from 'react-router'
import { randomCode, randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { BCRYPT_COST } from '#app/utils/password.server.ts'
import { TERMS_VERSION } from '#app/features/auth/schemas.ts'
import type { AdminRole, ContestStatus, ContestType, Plan, UserStatus } from '#app/domain/enums.ts'
import { ADMIN_TEST_PASSWORD, E2E_DATABASE, uniqueAdminEmail } from './admin-utils.ts'
import { day, uniqueContestName } from './contest-e2e-utils.ts'
import { PASSWORD, registration } from './playwright-utils.ts'
import { E2E_BASE_URL, E2E_DATA_DIR } from './setup/e2e-config.ts'
import { newTotpSecret } from './totp.ts'

/**
 * Playwright fixtures that make the member, admin or contest a test needs
 * straight in the E2E server's database, and remove them (with everything
 * that belongs to them) when the test ends, so no test depends on what
 * another one left behind.
 *
 *   import { test, expect } from '../fixtures.ts'
 *
 *   test('...', async ({ page, member }) => {        // unlocked, page signed in
 *   test('...', async ({ page, superAdmin }) => {    // staff account, page signed in
 *   test('...', async ({ request, memberToken }) => {// a bearer, no browser
 *   test('...', async ({ createMember, signIn }) => {
 *     const other = await createMember({ unlocked: true, name: 'Ngozi Adebayo' })
 *     await signIn(page, other)
 *
 * - `member`, `lockedMember`, `admin` (role admin), `superAdmin`: the account,
 *   and the test's browser context signed in as it. They use the browser:
 *   API specs ask for the tokens or the factories instead.
 * - `memberToken`, `adminToken`, `superAdminToken`: the bearer token of a
 *   fresh account (unlocked member, role admin, super admin).
 * - `contest`: a contest row; its status is the option `contestStatus`
 *   (`test.use({ contestStatus: 'active' })`, draft by default).
 * - Factories: `createMember(options)`, `createAdmin(options)`,
 *   `createContest(options)`, `addParticipants(contestId, scores)`,
 *   `completeLessons(member, lessons)` (academy lessons completed, now or
 *   at a given time).
 *   Every member and admin comes with a bearer token (`.token`).
 * - `signIn(pageOrContext, account)`: a web session written to the
 *   database and its signed cookie put into the context (no sign-in form).
 *   `sessionCookie(account)` is that cookie, for an APIRequestContext.
 * - `cleanup`: register rows the test made through the app (an admin-created
 *   user, say) to be removed with the fixtures' own.
 *
 * Passwords are bcrypt hashes at the app's cost (PASSWORD for members,
 * ADMIN_TEST_PASSWORD for admins unless given), made once per worker, so
 * the sign-in forms and /api/auth/login accept them. Sessions are stored
 * as the app stores them (app/models/session.server.ts,
 * app/models/admin-session.server.ts): a random secret, only its SHA-256
 * in the row; the cookie holds the secret signed by React Router's
 * createCookie with the server's session secret (SESSION_SECRET, else the
 * data folder's secrets.json: app/utils/env.server.ts).
 */

export { expect }

/** Members stay signed in for 30 days (SESSION_EXPIRATION_MS). */
const MEMBER_SESSION_MS = 30 * 24 * 60 * 60 * 1000
/** Staff sessions: 12 hours at most (ADMIN_SESSION_ABSOLUTE_MS). */
const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000

export type MemberOptions = {
	/** Entered the unlock code (default false, like a fresh sign-up). */
	unlocked?: boolean
	name?: string
	email?: string
	password?: string
	phone?: string
	country?: string
	telegram?: string
	investmentAmount?: string | null
	plan?: Plan
	status?: UserStatus
	/** Signed up with this member's referral link (no credit: that comes with the unlock). */
	referrer?: { id: number; referralCode: string }
	deposit?: number
	withdraw?: number
}

export type TestMember = {
	id: number
	email: string
	password: string
	name: string
	phone: string
	country: string
	telegram: string
	referralCode: string
	plan: Plan
	status: UserStatus
	unlocked: boolean
	/** A bearer token (an `api` session) for /api/auth/*. */
	token: string
}

export type AdminOptions = {
	role?: AdminRole
	name?: string
	email?: string
	password?: string
	/** false: no second factor yet (they must set it up before any other admin page). */
	twoFactor?: boolean
}

export type TestAdmin = {
	id: number
	email: string
	password: string
	name: string
	role: AdminRole
	/** A bearer token (an `api` admin session) for /api/admin/*. */
	token: string
	/** The second factor's secret (base32): every fixture admin is enrolled (tests/totp.ts computes codes). */
	totpSecret: string
}

export type ContestOptions = {
	name?: string
	description?: string
	type?: ContestType
	status?: ContestStatus
	/** "YYYY-MM-DD"; by default 30 to 60 days from now (never the running referral contest, no "ending soon" alert). */
	startDate?: string
	endDate?: string
	/** Default: first '$500', second 'Phone' (contestPayload's); given prizes replace them whole. */
	prizes?: { first?: string; second?: string | null; third?: string | null }
	rules?: string
	maxParticipants?: number | null
}

export type TestContest = {
	id: number
	name: string
	type: ContestType
	status: ContestStatus
	startDate: string
	endDate: string
}

export type TestParticipant = { userId: number; name: string; email: string; score: number }

/** An academy lesson id (app/content/academy.ts), completed now or at `at`. */
export type LessonCompletion = string | { id: string; at: Date }

export type SessionCookie = {
	name: string
	value: string
	domain: string
	path: string
	expires: number
	httpOnly: boolean
	secure: boolean
	sameSite: 'Lax'
}

export type Cleanup = {
	members(...ids: number[]): void
	admins(...ids: number[]): void
	contests(...ids: number[]): void
}

export type Fixtures = {
	contestStatus: ContestStatus
	cleanup: Cleanup
	createMember: (options?: MemberOptions) => Promise<TestMember>
	createAdmin: (options?: AdminOptions) => Promise<TestAdmin>
	createContest: (options?: ContestOptions) => Promise<TestContest>
	addParticipants: (contestId: number, scores: number[]) => Promise<TestParticipant[]>
	completeLessons: (member: { id: number }, lessons: LessonCompletion[]) => Promise<void>
	sessionCookie: (account: TestMember | TestAdmin) => Promise<SessionCookie>
	signIn: (target: Page | BrowserContext, account: TestMember | TestAdmin) => Promise<void>
	member: TestMember
	lockedMember: TestMember
	memberToken: string
	admin: TestAdmin
	superAdmin: TestAdmin
	adminToken: string
	superAdminToken: string
	contest: TestContest
}

// ---------------------------------------------------------------------------
// The database

/**
 * One short connection to the E2E server's SQLite file (WAL: the server keeps
 * running). Writes go in BEGIN IMMEDIATE transactions: a deferred one that
 * finds another writer's commit when it upgrades fails at once with
 * "database is locked" instead of waiting (docs/architecture.md, SQLite).
 */
function withDb<T>(fn: (db: Database.Database) => T): T {
	const db = new Database(E2E_DATABASE, { fileMustExist: true, timeout: 5000 })
	try {
		db.pragma('foreign_keys = ON')
		return fn(db)
	} finally {
		db.close()
	}
}

const hashes = new Map<string, string>()

/** bcrypt at the app's cost, once per password and worker. */
function passwordHash(password: string) {
	let hash = hashes.get(password)
	if (!hash) {
		hash = bcrypt.hashSync(password, BCRYPT_COST)
		hashes.set(password, hash)
	}
	return hash
}

function insertMember(db: Database.Database, options: MemberOptions = {}): TestMember {
	const base = registration()
	const now = Date.now()
	const unlocked = options.unlocked ?? false
	const member = {
		email: (options.email ?? base.email).trim().normalize('NFKC').toLowerCase(),
		password: options.password ?? PASSWORD,
		name: options.name ?? base.name,
		phone: options.phone ?? base.phone,
		country: options.country ?? base.country,
		telegram: options.telegram ?? base.telegram,
		referralCode: randomCode(8),
		plan: options.plan ?? 'regular',
		status: options.status ?? 'active',
		unlocked,
	}
	const { id } = db
		.prepare(
			`insert into users (email, password_hash, name, phone, country, telegram, investment_amount, plan, status,
				referral_code, referred_by, referrer_id, is_verified, unlocked_at, total_deposit, total_withdraw,
				terms_version, terms_accepted_at, last_seen_at, created_at, updated_at)
			values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
		)
		.get(
			member.email,
			passwordHash(member.password),
			member.name,
			member.phone,
			member.country,
			member.telegram,
			options.investmentAmount === undefined ? base.investmentAmount : options.investmentAmount,
			member.plan,
			member.status,
			member.referralCode,
			options.referrer?.referralCode ?? null,
			options.referrer?.id ?? null,
			unlocked ? 1 : 0,
			unlocked ? now : null,
			options.deposit ?? 0,
			options.withdraw ?? 0,
			TERMS_VERSION,
			now,
			now,
			now,
			now,
		) as { id: number }
	const token = insertSession(db, 'member', id, 'api')
	return { id, ...member, token }
}

/** A session row as the app writes it; returns its secret. */
function insertSession(db: Database.Database, owner: 'member' | 'admin', id: number, kind: 'web' | 'api') {
	const token = randomToken(32)
	const now = Date.now()
	if (owner === 'member') {
		db.prepare('insert into sessions (token_hash, user_id, kind, expires_at, created_at) values (?, ?, ?, ?, ?)').run(
			sha256(token),
			id,
			kind,
			now + MEMBER_SESSION_MS,
			now,
		)
	} else {
		db.prepare(
			'insert into admin_sessions (token_hash, admin_id, kind, expires_at, last_used_at, created_at) values (?, ?, ?, ?, ?, ?)',
		).run(sha256(token), id, kind, now + ADMIN_SESSION_MS, now, now)
	}
	return token
}

function insertAdmin(db: Database.Database, options: AdminOptions = {}): TestAdmin {
	const admin = {
		email: (options.email ?? uniqueAdminEmail()).trim().normalize('NFKC').toLowerCase(),
		password: options.password ?? ADMIN_TEST_PASSWORD,
		name: options.name ?? `Staff ${randomUUID().slice(0, 6)}`,
		role: options.role ?? 'admin',
	}
	const totpSecret = newTotpSecret()
	const now = Date.now()
	const { id } = db
		.prepare(
			'insert into admins (email, name, role, password_hash, totp_secret, totp_enabled_at, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id',
		)
		.get(
			admin.email,
			admin.name,
			admin.role,
			passwordHash(admin.password),
			options.twoFactor === false ? null : totpSecret,
			options.twoFactor === false ? null : now,
			now,
		) as { id: number }
	const token = insertSession(db, 'admin', id, 'api')
	return { id, ...admin, token, totpSecret }
}

function insertContest(db: Database.Database, options: ContestOptions = {}): TestContest {
	const now = Date.now()
	const contest = {
		name: options.name ?? uniqueContestName(),
		type: options.type ?? 'trading',
		status: options.status ?? 'draft',
		startDate: options.startDate ?? day(30),
		endDate: options.endDate ?? day(60),
	}
	// As contestPayload: given prizes replace the default ones whole.
	const prizes = { first: '$500', ...(options.prizes ?? { second: 'Phone', third: null }) }
	const { id } = db
		.prepare(
			`insert into contests (name, description, type, status, start_date, end_date, prize_first, prize_second, prize_third,
				rules, max_participants, completed_at, created_at, updated_at)
			values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
		)
		.get(
			contest.name,
			options.description ?? 'Trade the most volume this month',
			contest.type,
			contest.status,
			contest.startDate,
			contest.endDate,
			prizes.first,
			prizes.second ?? null,
			prizes.third ?? null,
			options.rules ?? 'One account per person\nNo wash trading',
			options.maxParticipants ?? null,
			contest.status === 'completed' ? now : null,
			now,
			now,
		) as { id: number }
	return { id, ...contest }
}

const ids = (set: Set<number>) => JSON.stringify([...set])

/**
 * Deletes the test's contests, members and admins with everything that is
 * theirs, in one transaction. What the app keeps when it deletes such rows
 * stays too: audit rows, revenue entries, a referrer's credit for a deleted
 * member (the foreign keys unlink them).
 */
function removeRows(rows: { members: Set<number>; admins: Set<number>; contests: Set<number> }) {
	if (!rows.members.size && !rows.admins.size && !rows.contests.size) return
	withDb((db) => {
		const run = (sql: string, set: Set<number>) => {
			if (set.size) db.prepare(sql).run(ids(set))
		}
		const inIds = 'in (select value from json_each(?))'
		db.transaction(() => {
			for (const id of rows.contests) {
				db.prepare('delete from system_alerts where dedupe_key like ?').run(`contest-ending:${id}:%`)
			}
			run(`delete from contest_participants where contest_id ${inIds}`, rows.contests)
			run(`delete from contests where id ${inIds}`, rows.contests)
			for (const table of [
				'sessions',
				'password_reset_tokens',
				'lesson_completions',
				'fee_offer_claims',
				'contest_participants',
				'plan_activations',
			]) {
				run(`delete from ${table} where user_id ${inIds}`, rows.members)
			}
			run(`delete from referral_credits where referrer_id ${inIds}`, rows.members)
			run(`delete from users where id ${inIds}`, rows.members)
			run(`delete from admin_sessions where admin_id ${inIds}`, rows.admins)
			run(`delete from admins where id ${inIds}`, rows.admins)
		}).immediate()
	})
}

// ---------------------------------------------------------------------------
// Session cookies

/** The secret the E2E server signs cookies with (its first one: createCookie signs with secrets[0]). */
function sessionSecrets() {
	const fromEnv = process.env.SESSION_SECRET?.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
	if (fromEnv?.length) return fromEnv
	const file = path.join(E2E_DATA_DIR, 'secrets.json')
	return [(JSON.parse(fs.readFileSync(file, 'utf8')) as { sessionSecret: string }).sessionSecret]
}

/** The cookie app/utils/session.server.ts (member) or admin-auth.server.ts (admin) would set for `token`. */
async function signedCookie(kind: 'member' | 'admin', token: string): Promise<SessionCookie> {
	const secure = E2E_BASE_URL.startsWith('https:')
	const name = kind === 'member' ? 'session' : 'admin_session'
	const maxAge = Math.floor((kind === 'member' ? MEMBER_SESSION_MS : ADMIN_SESSION_MS) / 1000)
	const cookie = createCookie(secure ? `__Host-${name}` : name, {
		httpOnly: true,
		sameSite: 'lax',
		path: '/',
		secure,
		secrets: sessionSecrets(),
		maxAge,
	})
	const pair = (await cookie.serialize(token)).split(';')[0]!
	const eq = pair.indexOf('=')
	return {
		name: pair.slice(0, eq),
		value: pair.slice(eq + 1),
		domain: new URL(E2E_BASE_URL).hostname,
		path: '/',
		expires: Math.floor(Date.now() / 1000) + maxAge,
		httpOnly: true,
		secure,
		sameSite: 'Lax',
	}
}

function isAdmin(account: TestMember | TestAdmin): account is TestAdmin {
	return 'role' in account
}

// ---------------------------------------------------------------------------
// The fixtures

export const test = base.extend<Fixtures>({
	contestStatus: ['draft', { option: true }],

	cleanup: [
		async ({}, use) => {
			const rows = { members: new Set<number>(), admins: new Set<number>(), contests: new Set<number>() }
			await use({
				members: (...list) => list.forEach((id) => rows.members.add(id)),
				admins: (...list) => list.forEach((id) => rows.admins.add(id)),
				contests: (...list) => list.forEach((id) => rows.contests.add(id)),
			})
			removeRows(rows)
		},
		{ box: true },
	],

	createMember: async ({ cleanup }, use) => {
		await use(async (options) => {
			const member = withDb((db) => db.transaction(() => insertMember(db, options)).immediate())
			cleanup.members(member.id)
			return member
		})
	},

	createAdmin: async ({ cleanup }, use) => {
		await use(async (options) => {
			const admin = withDb((db) => db.transaction(() => insertAdmin(db, options)).immediate())
			cleanup.admins(admin.id)
			return admin
		})
	},

	createContest: async ({ cleanup }, use) => {
		await use(async (options) => {
			const contest = withDb((db) => db.transaction(() => insertContest(db, options)).immediate())
			cleanup.contests(contest.id)
			return contest
		})
	},

	addParticipants: async ({ cleanup }, use) => {
		// Members joined to the contest with the given scores; the n-th reached
		// its score n minutes ago, so earlier entries win ties.
		await use(async (contestId, scores) => {
			const players = withDb((db) => {
				const join = db.prepare(
					'insert into contest_participants (contest_id, user_id, score, scored_at, joined_at) values (?, ?, ?, ?, ?)',
				)
				const now = Date.now()
				return db
					.transaction(() =>
						scores.map((score, i) => {
							const tag = randomUUID().slice(0, 8)
							const member = insertMember(db, {
								unlocked: true,
								name: `Player ${tag}`,
								email: `player-${tag}@example.com`,
							})
							const at = now - (scores.length - i) * 60_000
							join.run(contestId, member.id, score, at, at)
							return { userId: member.id, name: member.name, email: member.email, score }
						}),
					)
					.immediate()
			})
			cleanup.members(...players.map((p) => p.userId))
			return players
		})
	},

	completeLessons: async ({}, use) => {
		// Rows as completeLesson writes them (the member's own; removed with the member).
		await use(async (member, lessons) => {
			withDb((db) => {
				const insert = db.prepare('insert into lesson_completions (user_id, lesson_id, completed_at) values (?, ?, ?)')
				db.transaction(() => {
					for (const lesson of lessons) {
						const { id, at } = typeof lesson === 'string' ? { id: lesson, at: new Date() } : lesson
						insert.run(member.id, id, at.getTime())
					}
				}).immediate()
			})
		})
	},

	sessionCookie: async ({}, use) => {
		await use(async (account) => {
			const admin = isAdmin(account)
			const token = withDb((db) =>
				db.transaction(() => insertSession(db, admin ? 'admin' : 'member', account.id, 'web')).immediate(),
			)
			return signedCookie(admin ? 'admin' : 'member', token)
		})
	},

	signIn: async ({ sessionCookie }, use) => {
		await use(async (target, account) => {
			const context = 'context' in target ? target.context() : target
			await context.addCookies([await sessionCookie(account)])
		})
	},

	member: async ({ context, createMember, signIn }, use) => {
		const member = await createMember({ unlocked: true })
		await signIn(context, member)
		await use(member)
	},

	lockedMember: async ({ context, createMember, signIn }, use) => {
		const member = await createMember({ unlocked: false })
		await signIn(context, member)
		await use(member)
	},

	memberToken: async ({ createMember }, use) => {
		await use((await createMember({ unlocked: true })).token)
	},

	admin: async ({ context, createAdmin, signIn }, use) => {
		const admin = await createAdmin({ role: 'admin' })
		await signIn(context, admin)
		await use(admin)
	},

	superAdmin: async ({ context, createAdmin, signIn }, use) => {
		const admin = await createAdmin({ role: 'super_admin' })
		await signIn(context, admin)
		await use(admin)
	},

	adminToken: async ({ createAdmin }, use) => {
		await use((await createAdmin({ role: 'admin' })).token)
	},

	superAdminToken: async ({ createAdmin }, use) => {
		await use((await createAdmin({ role: 'super_admin' })).token)
	},

	contest: async ({ createContest, contestStatus }, use) => {
		await use(await createContest({ status: contestStatus }))
	},
})
