import crypto from 'node:crypto'
import fs from 'node:fs'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'

const DURATION = /^(\d{1,9})(s|m|h|d)$/
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
/** setInterval's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1

function durationMs(text: string) {
	const [, amount, unit] = DURATION.exec(text)!
	return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS]
}

const optionalText = z
	.string()
	.trim()
	.transform((v) => (v === '' ? undefined : v))
	.optional()

/** Every setting the app reads, validated once at start (fail fast). */
const EnvSchema = z
	.object({
		NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		// Where the server listens: loopback by default, so a reverse proxy
		// on the same machine is the only way in; the container sets 0.0.0.0.
		HOST: z
			.string()
			.trim()
			.default('127.0.0.1')
			.refine((v) => v === 'localhost' || isIP(v) !== 0, 'HOST must be an IP address such as 127.0.0.1 or 0.0.0.0'),
		DATA_DIR: optionalText,
		DATABASE_URL: optionalText,
		SESSION_SECRET: optionalText,
		APP_ORIGIN: optionalText.pipe(
			z
				.string()
				.url('APP_ORIGIN must be an absolute URL such as https://example.com')
				.refine((v) => /^https?:\/\//.test(v), 'APP_ORIGIN must use http or https')
				.optional(),
		),
		SMTP_URL: optionalText.pipe(
			z
				.string()
				.refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://')
				.optional(),
		),
		MAIL_FROM: optionalText,
		MAIL_OUTBOX: optionalText,
		ADMIN_EMAIL: optionalText.pipe(z.string().email('ADMIN_EMAIL must be an email').optional()),
		ADMIN_PASSWORD: optionalText,
		UNLOCK_CODE: optionalText.pipe(
			z
				.string()
				.max(64, 'UNLOCK_CODE must be at most 64 characters')
				.regex(/^[A-Za-z0-9-]+$/, 'UNLOCK_CODE may hold letters, digits and dashes only')
				.optional(),
		),
		RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
		// Whether staff with the `admin` role must set up a second factor
		// (super admins always must): docs/decisions/014-staff-second-factor.md.
		ADMIN_2FA_REQUIRED: z
			.string()
			.trim()
			.toLowerCase()
			.default('true')
			.refine((v) => /^(true|false|1|0|yes|no|on|off)$/.test(v), 'ADMIN_2FA_REQUIRED must be true or false')
			.transform((v) => ['true', '1', 'yes', 'on'].includes(v)),
		// Enrols the first super admin (ADMIN_EMAIL) with this TOTP secret, for
		// automated deployments and black-box tests. Keep it in the secret store.
		ADMIN_TOTP_SECRET: optionalText.pipe(
			z
				.string()
				.transform((v) => v.replace(/[\s=]/g, '').toUpperCase())
				.refine(
					(v) => /^[A-Z2-7]{16,128}$/.test(v),
					'ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7), 16 to 128 characters',
				)
				.optional(),
		),
		// How often the server takes a backup into DATA_DIR/backups ("1d",
		// "12h", "30m", "45s"; "off" for none), and how many it keeps.
		BACKUP_INTERVAL: z
			.string()
			.trim()
			.default('1d')
			.refine((v) => v === 'off' || DURATION.test(v), 'BACKUP_INTERVAL must be like 1d, 12h, 30m, 45s, or off')
			.transform((v) => (v === 'off' ? 0 : durationMs(v)))
			.refine((ms) => ms === 0 || (ms >= 1_000 && ms <= MAX_TIMER_MS), 'BACKUP_INTERVAL must be between 1s and 24d'),
		BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
		ANNOUNCEMENT_MAILS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(50),
		// Server processes (one per core by default in production, 1 otherwise):
		// docs/decisions/026-every-core.md.
		WEB_CONCURRENCY: optionalText.pipe(
			z.coerce
				.number({ message: 'WEB_CONCURRENCY must be a whole number from 1 to 64' })
				.int('WEB_CONCURRENCY must be a whole number from 1 to 64')
				.min(1, 'WEB_CONCURRENCY must be a whole number from 1 to 64')
				.max(64, 'WEB_CONCURRENCY must be a whole number from 1 to 64')
				.optional(),
		),
		// A read replica (docs/decisions/065-read-replicas.md): true opens the
		// database read-only and forwards non-GET requests to PRIMARY_ORIGIN;
		// unset, LiteFS's `.primary` file beside the database decides.
		DATABASE_READONLY: optionalText.pipe(
			z
				.string()
				.toLowerCase()
				.refine((v) => /^(true|false|1|0|yes|no|on|off)$/.test(v), 'DATABASE_READONLY must be true or false')
				.transform((v) => ['true', '1', 'yes', 'on'].includes(v))
				.optional(),
		),
		// Where a replica sends a non-GET request (307, same path and query).
		PRIMARY_ORIGIN: optionalText.pipe(
			z
				.string()
				.url('PRIMARY_ORIGIN must be an absolute URL such as https://primary.example.com')
				.refine((v) => /^https?:\/\//.test(v), 'PRIMARY_ORIGIN must use http or https')
				.optional(),
		),
		// How many reverse proxies stand in front and append X-Forwarded-For:
		// false (none), true (one) or a number of hops.
		TRUST_PROXY: z
			.string()
			.trim()
			.default('false')
			.refine((v) => /^(true|false|[0-9])$/.test(v), 'TRUST_PROXY must be true, false or a number of proxy hops (0-9)')
			.transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
	})
	.superRefine((env, ctx) => {
		if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['ADMIN_PASSWORD'],
				message: 'Set ADMIN_EMAIL and ADMIN_PASSWORD together',
			})
		}
		if (env.ADMIN_TOTP_SECRET && !env.ADMIN_EMAIL) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['ADMIN_TOTP_SECRET'],
				message: 'ADMIN_TOTP_SECRET needs ADMIN_EMAIL and ADMIN_PASSWORD',
			})
		}
	})

export type AppConfig = {
	nodeEnv: 'production' | 'development' | 'test'
	isProduction: boolean
	port: number
	host: string
	dataDir: string
	databasePath: string
	/** Newest first; older ones still verify cookies (rotation). */
	sessionSecrets: string[]
	appOrigin: string
	secureCookies: boolean
	smtpUrl?: string
	mailFrom: string
	mailOutbox: string
	adminEmail?: string
	adminPassword?: string
	unlockCode?: string
	rateLimitMultiplier: number
	/** Staff with the `admin` role must set up a second factor (super admins always must). */
	admin2faRequired: boolean
	/** The first super admin's TOTP secret (base32), when given. */
	adminTotpSecret?: string
	/** Proxy hops whose X-Forwarded-For entries are believed (0: none). */
	trustProxy: number
	/** Milliseconds between scheduled backups (0: none). */
	backupIntervalMs: number
	backupKeep: number
	/** Announcement mails handed to the mail server per second at most (what the relay accepts). */
	announcementMailsPerSecond: number
	backupDir: string
	/** How many server processes serve requests (server.js forks them). */
	webConcurrency: number
	/** A read replica: the database opened read-only, nothing written (docs/decisions/065-read-replicas.md). */
	databaseReadOnly: boolean
	/** Why it is one: DATABASE_READONLY, or LiteFS's `.primary` file (its content: the primary's host name). */
	readOnlyBecause?: 'DATABASE_READONLY' | 'litefs'
	/** Where a replica answers a non-GET request to (307), without a trailing slash. */
	primaryOrigin?: string
}

/** LiteFS writes this file in its mount directory (the database's) on replicas only, naming the primary. */
export const LITEFS_PRIMARY_FILE = '.primary'

/** Whether LiteFS says this node is a replica: its `.primary` file beside the database. */
export function liteFsReplica(databasePath: string) {
	return fs.existsSync(path.join(path.dirname(databasePath), LITEFS_PRIMARY_FILE))
}

let config: AppConfig | undefined

function databasePathFrom(url: string) {
	// Accept a plain path or a file: URL-ish form ("file:./data/app.db").
	return path.resolve(url.replace(/^file:(\/\/)?/, ''))
}

/**
 * Secrets that are not given are generated once and kept in the data folder,
 * so a fresh machine needs no variable and restarts keep sessions valid.
 */
function loadGeneratedSecrets(dataDir: string) {
	const file = path.join(dataDir, 'secrets.json')
	fs.mkdirSync(dataDir, { recursive: true })
	try {
		const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessionSecret?: unknown }
		if (typeof parsed.sessionSecret === 'string' && parsed.sessionSecret.length >= 32) {
			return { sessionSecret: parsed.sessionSecret }
		}
	} catch {
		// missing or unreadable: write a new one below
	}
	const secrets = { sessionSecret: crypto.randomBytes(32).toString('base64url') }
	fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
	return secrets
}

/** Validates process.env once; throws a readable error listing every bad variable. */
export function initEnv(source: NodeJS.ProcessEnv = process.env): AppConfig {
	const result = EnvSchema.safeParse(source)
	if (!result.success) {
		const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
		throw new Error(`Invalid environment variables:\n${lines.join('\n')}`)
	}
	const env = result.data
	const dataDir = path.resolve(env.DATA_DIR ?? './data')
	const sessionSecrets = env.SESSION_SECRET
		? env.SESSION_SECRET.split(',')
				.map((s) => s.trim())
				.filter(Boolean)
		: [loadGeneratedSecrets(dataDir).sessionSecret]
	const appOrigin = new URL(env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).origin
	const databasePath = env.DATABASE_URL ? databasePathFrom(env.DATABASE_URL) : path.join(dataDir, 'app.db')
	const readOnlyBecause =
		env.DATABASE_READONLY === true
			? ('DATABASE_READONLY' as const)
			: env.DATABASE_READONLY === undefined && liteFsReplica(databasePath)
				? ('litefs' as const)
				: undefined
	if (readOnlyBecause) {
		const why =
			readOnlyBecause === 'litefs'
				? `LiteFS's ${LITEFS_PRIMARY_FILE} file is in ${path.dirname(databasePath)}`
				: 'DATABASE_READONLY=true'
		const missing = [
			...(env.PRIMARY_ORIGIN
				? []
				: [`  PRIMARY_ORIGIN: required on a read replica (${why}): where non-GET requests are sent`]),
			...(env.SESSION_SECRET
				? []
				: [`  SESSION_SECRET: required on a read replica (${why}): the primary's, so its cookies are read here`]),
		]
		if (missing.length > 0) throw new Error(`Invalid environment variables:\n${missing.join('\n')}`)
	}
	config = {
		nodeEnv: env.NODE_ENV,
		isProduction: env.NODE_ENV === 'production',
		port: env.PORT,
		host: env.HOST,
		dataDir,
		databasePath,
		sessionSecrets,
		appOrigin,
		secureCookies: appOrigin.startsWith('https:'),
		smtpUrl: env.SMTP_URL,
		mailFrom: env.MAIL_FROM ?? 'TradeCircle <no-reply@tradecircle.example>',
		mailOutbox: path.resolve(env.MAIL_OUTBOX ?? path.join(dataDir, 'outbox')),
		adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
		adminPassword: env.ADMIN_PASSWORD,
		unlockCode: env.UNLOCK_CODE,
		rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
		admin2faRequired: env.ADMIN_2FA_REQUIRED,
		adminTotpSecret: env.ADMIN_TOTP_SECRET,
		trustProxy: env.TRUST_PROXY,
		backupIntervalMs: env.BACKUP_INTERVAL,
		backupKeep: env.BACKUP_KEEP,
		announcementMailsPerSecond: env.ANNOUNCEMENT_MAILS_PER_SECOND,
		backupDir: path.join(dataDir, 'backups'),
		webConcurrency: env.WEB_CONCURRENCY ?? (env.NODE_ENV === 'production' ? os.availableParallelism() : 1),
		databaseReadOnly: Boolean(readOnlyBecause),
		readOnlyBecause,
		primaryOrigin: readOnlyBecause && env.PRIMARY_ORIGIN ? new URL(env.PRIMARY_ORIGIN).origin : undefined,
	}
	return config
}

/** The validated configuration (validated on first use). */
export function getEnv(): AppConfig {
	return config ?? initEnv()
}

/** Tests point the app at a fresh environment. */
export function resetEnv() {
	config = undefined
}
