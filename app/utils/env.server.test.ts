import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { getEnv, initEnv, resetEnv } from './env.server.ts'

let tmp: string
let cwd: string

beforeEach(() => {
	cwd = process.cwd()
	tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'env-test-')))
	// The default data folder is ./data: run inside a throwaway folder.
	process.chdir(tmp)
})

afterEach(() => {
	process.chdir(cwd)
	fs.rmSync(tmp, { recursive: true, force: true })
	resetEnv()
})

function envError(source: NodeJS.ProcessEnv) {
	try {
		initEnv(source)
	} catch (error) {
		return (error as Error).message
	}
	throw new Error('initEnv did not throw')
}

describe('defaults on an empty environment', () => {
	test('every setting has a working default', () => {
		const env = initEnv({})
		const dataDir = path.join(tmp, 'data')
		expect(env.nodeEnv).toBe('production')
		expect(env.isProduction).toBe(true)
		expect(env.port).toBe(3000)
		expect(env.dataDir).toBe(dataDir)
		expect(path.isAbsolute(env.dataDir)).toBe(true)
		expect(env.databasePath).toBe(path.join(dataDir, 'app.db'))
		expect(env.appOrigin).toBe('http://localhost:3000')
		expect(env.secureCookies).toBe(false)
		expect(env.smtpUrl).toBeUndefined()
		expect(env.mailFrom).toMatch(/<[^>]+@[^>]+>/)
		expect(env.mailOutbox).toBe(path.join(dataDir, 'outbox'))
		expect(env.adminEmail).toBeUndefined()
		expect(env.adminPassword).toBeUndefined()
		expect(env.unlockCode).toBeUndefined()
		expect(env.rateLimitMultiplier).toBe(1)
		expect(env.trustProxy).toBe(0)
		expect(env.host).toBe('127.0.0.1')
		expect(env.backupIntervalMs).toBe(86_400_000)
		expect(env.backupKeep).toBe(7)
		expect(env.backupDir).toBe(path.join(dataDir, 'backups'))
		expect(env.webConcurrency).toBe(os.availableParallelism())
		expect(env.sessionSecrets).toHaveLength(1)
		expect(env.sessionSecrets[0]!.length).toBeGreaterThanOrEqual(32)
	})

	test('empty or blank values count as unset', () => {
		const env = initEnv({
			DATA_DIR: '  ',
			APP_ORIGIN: '',
			DATABASE_URL: ' ',
			SESSION_SECRET: '',
			ADMIN_EMAIL: '',
			ADMIN_PASSWORD: '',
		})
		expect(env.dataDir).toBe(path.join(tmp, 'data'))
		expect(env.appOrigin).toBe('http://localhost:3000')
		expect(env.databasePath).toBe(path.join(tmp, 'data', 'app.db'))
		expect(env.adminEmail).toBeUndefined()
	})

	test('the default origin follows PORT', () => {
		const env = initEnv({ PORT: '8080', SESSION_SECRET: 's'.repeat(40) })
		expect(env.port).toBe(8080)
		expect(env.appOrigin).toBe('http://localhost:8080')
	})
})

describe('settings', () => {
	test('DATA_DIR moves the database, the outbox and the secrets', () => {
		const env = initEnv({ DATA_DIR: './elsewhere' })
		expect(env.dataDir).toBe(path.join(tmp, 'elsewhere'))
		expect(env.databasePath).toBe(path.join(tmp, 'elsewhere', 'app.db'))
		expect(env.mailOutbox).toBe(path.join(tmp, 'elsewhere', 'outbox'))
		expect(fs.existsSync(path.join(tmp, 'elsewhere', 'secrets.json'))).toBe(true)
		expect(fs.existsSync(path.join(tmp, 'data'))).toBe(false)
	})

	test.each([
		['/var/tmp/custom/app.sqlite', '/var/tmp/custom/app.sqlite'],
		['./rel/app.db', 'rel/app.db'],
		['file:./rel/file.db', 'rel/file.db'],
		['file:///abs/path/file.db', '/abs/path/file.db'],
	])('DATABASE_URL %j overrides the database file', (url, expected) => {
		const env = initEnv({ DATABASE_URL: url, SESSION_SECRET: 's'.repeat(40) })
		expect(env.databasePath).toBe(path.resolve(tmp, expected))
		expect(env.dataDir).toBe(path.join(tmp, 'data'))
	})

	test('APP_ORIGIN is reduced to its origin; https means secure cookies', () => {
		const env = initEnv({ APP_ORIGIN: 'https://app.example.com/some/path?x=1', SESSION_SECRET: 's'.repeat(40) })
		expect(env.appOrigin).toBe('https://app.example.com')
		expect(env.secureCookies).toBe(true)
		const plain = initEnv({ APP_ORIGIN: 'http://app.example.com:8080/', SESSION_SECRET: 's'.repeat(40) })
		expect(plain.appOrigin).toBe('http://app.example.com:8080')
		expect(plain.secureCookies).toBe(false)
	})

	test('TRUST_PROXY takes true, false or a number of hops; HOST an address', () => {
		expect(initEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
		expect(initEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
		expect(initEnv({ HOST: '::' }).host).toBe('::')
		expect(initEnv({ HOST: 'localhost' }).host).toBe('localhost')
		expect(initEnv({ BACKUP_INTERVAL: '12h' }).backupIntervalMs).toBe(12 * 3_600_000)
		expect(initEnv({ BACKUP_INTERVAL: 'off', BACKUP_KEEP: '3' })).toMatchObject({ backupIntervalMs: 0, backupKeep: 3 })
	})

	test('the other variables are read', () => {
		const env = initEnv({
			NODE_ENV: 'test',
			SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
			MAIL_FROM: 'Team <team@example.com>',
			MAIL_OUTBOX: './mails',
			ADMIN_EMAIL: 'Boss@Example.COM',
			ADMIN_PASSWORD: 'Adm1n-Password',
			UNLOCK_CODE: 'ABCD-1234',
			RATE_LIMIT_MULTIPLIER: '2.5',
			TRUST_PROXY: 'true',
			HOST: '0.0.0.0',
			SESSION_SECRET: 'newest-secret-0123456789abcdef0123, older-secret-0123456789abcdef01234 ,',
		})
		expect(env.nodeEnv).toBe('test')
		expect(env.isProduction).toBe(false)
		expect(env.smtpUrl).toBe('smtp://user:pass@127.0.0.1:2525')
		expect(env.mailFrom).toBe('Team <team@example.com>')
		expect(env.mailOutbox).toBe(path.join(tmp, 'mails'))
		expect(env.adminEmail).toBe('boss@example.com')
		expect(env.adminPassword).toBe('Adm1n-Password')
		expect(env.unlockCode).toBe('ABCD-1234')
		expect(env.rateLimitMultiplier).toBe(2.5)
		expect(env.trustProxy).toBe(1)
		expect(env.host).toBe('0.0.0.0')
		expect(env.sessionSecrets).toEqual(['newest-secret-0123456789abcdef0123', 'older-secret-0123456789abcdef01234'])
		// A given secret is not written to disk.
		expect(fs.existsSync(path.join(tmp, 'data', 'secrets.json'))).toBe(false)
	})
})

describe('invalid values throw a readable error', () => {
	test.each([
		[{ PORT: 'abc' }, 'PORT'],
		[{ PORT: '0' }, 'PORT'],
		[{ PORT: '70000' }, 'PORT'],
		[{ PORT: '80.5' }, 'PORT'],
		[{ NODE_ENV: 'staging' }, 'NODE_ENV'],
		[{ APP_ORIGIN: 'not a url' }, 'APP_ORIGIN: APP_ORIGIN must be an absolute URL'],
		[{ APP_ORIGIN: 'ftp://files.example.com' }, 'APP_ORIGIN: APP_ORIGIN must use http or https'],
		[{ APP_ORIGIN: 'javascript:alert(1)' }, 'APP_ORIGIN'],
		[{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: SMTP_URL must start with smtp:// or smtps://'],
		[{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'x'.repeat(12) }, 'ADMIN_EMAIL: ADMIN_EMAIL must be an email'],
		[{ UNLOCK_CODE: 'has space' }, 'UNLOCK_CODE: UNLOCK_CODE may hold letters, digits and dashes only'],
		[{ UNLOCK_CODE: 'A'.repeat(65) }, 'UNLOCK_CODE: UNLOCK_CODE must be at most 64 characters'],
		[{ RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER'],
		[{ RATE_LIMIT_MULTIPLIER: '-2' }, 'RATE_LIMIT_MULTIPLIER'],
		[{ RATE_LIMIT_MULTIPLIER: 'lots' }, 'RATE_LIMIT_MULTIPLIER'],
		[{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
		[{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
		[{ TRUST_PROXY: '10' }, 'TRUST_PROXY'],
		[{ HOST: 'example.com' }, 'HOST: HOST must be an IP address'],
		[{ BACKUP_INTERVAL: 'daily' }, 'BACKUP_INTERVAL: BACKUP_INTERVAL must be like 1d'],
		[{ BACKUP_INTERVAL: '30d' }, 'BACKUP_INTERVAL: BACKUP_INTERVAL must be between 1s and 24d'],
		[{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
		[{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64'],
		[{ WEB_CONCURRENCY: '1.5' }, 'WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64'],
		[{ WEB_CONCURRENCY: 'all' }, 'WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64'],
		[{ WEB_CONCURRENCY: '65' }, 'WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64'],
		[{ HOST: '0.0.0.0:3000' }, 'HOST'],
		[{ ANNOUNCEMENT_MAILS_PER_SECOND: '0' }, 'ANNOUNCEMENT_MAILS_PER_SECOND'],
		[{ ANNOUNCEMENT_MAILS_PER_SECOND: '2.5' }, 'ANNOUNCEMENT_MAILS_PER_SECOND'],
		[{ ANNOUNCEMENT_MAILS_PER_SECOND: '1001' }, 'ANNOUNCEMENT_MAILS_PER_SECOND'],
		[{ ANNOUNCEMENT_MAILS_PER_SECOND: 'fast' }, 'ANNOUNCEMENT_MAILS_PER_SECOND'],
	] as const)('%o', (source, expected) => {
		const message = envError({ SESSION_SECRET: 's'.repeat(40), ...source })
		expect(message.startsWith('Invalid environment variables:\n')).toBe(true)
		expect(message).toContain(`  ${expected}`)
		// Only the bad variable is listed.
		const name = expected.split(':')[0]
		const lines = message.split('\n').slice(1)
		expect(lines.length).toBeGreaterThan(0)
		for (const line of lines) expect(line.startsWith(`  ${name}: `)).toBe(true)
	})

	test('ANNOUNCEMENT_MAILS_PER_SECOND: 50 by default, or the whole number given from 1 to 1000', () => {
		expect(initEnv({}).announcementMailsPerSecond).toBe(50)
		expect(initEnv({ ANNOUNCEMENT_MAILS_PER_SECOND: '1' }).announcementMailsPerSecond).toBe(1)
		expect(initEnv({ ANNOUNCEMENT_MAILS_PER_SECOND: '1000' }).announcementMailsPerSecond).toBe(1000)
	})

	test('WEB_CONCURRENCY: one process per core in production, one otherwise, or the number given', () => {
		expect(initEnv({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
		expect(initEnv({ WEB_CONCURRENCY: ' ' }).webConcurrency).toBe(os.availableParallelism())
		expect(initEnv({ NODE_ENV: 'development' }).webConcurrency).toBe(1)
		expect(initEnv({ NODE_ENV: 'test' }).webConcurrency).toBe(1)
		expect(initEnv({ NODE_ENV: 'development', WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2)
	})

	test('every bad variable is listed at once', () => {
		const message = envError({ PORT: 'x', APP_ORIGIN: 'nope', TRUST_PROXY: 'maybe' })
		expect(message).toContain('  PORT:')
		expect(message).toContain('  APP_ORIGIN:')
		expect(message).toContain('  TRUST_PROXY:')
	})

	test('ADMIN_EMAIL without ADMIN_PASSWORD throws, and the reverse', () => {
		expect(envError({ ADMIN_EMAIL: 'boss@example.com' })).toContain(
			'ADMIN_PASSWORD: Set ADMIN_EMAIL and ADMIN_PASSWORD together',
		)
		expect(envError({ ADMIN_PASSWORD: 'Adm1n-Password' })).toContain('Set ADMIN_EMAIL and ADMIN_PASSWORD together')
		expect(envError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: '   ' })).toContain(
			'Set ADMIN_EMAIL and ADMIN_PASSWORD together',
		)
	})

	test('a failed validation leaves no half-made config behind', () => {
		const good = initEnv({ SESSION_SECRET: 's'.repeat(40), PORT: '4000' })
		expect(() => initEnv({ PORT: 'bad' })).toThrow(/Invalid environment variables/)
		expect(getEnv()).toBe(good)
	})

	test('the error does not echo secret values', () => {
		const message = envError({ SMTP_URL: 'http://user:hunter2-secret@mail.example.com' })
		expect(message).not.toContain('hunter2-secret')
	})
})

describe('generated session secret', () => {
	test('is persisted in DATA_DIR/secrets.json and reused', () => {
		const dataDir = path.join(tmp, 'd1')
		const first = initEnv({ DATA_DIR: dataDir })
		const file = path.join(dataDir, 'secrets.json')
		expect(fs.existsSync(file)).toBe(true)
		const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessionSecret: string }
		expect(stored.sessionSecret).toBe(first.sessionSecrets[0])
		expect(Buffer.from(stored.sessionSecret, 'base64url').length).toBeGreaterThanOrEqual(32)
		expect(fs.statSync(file).mode & 0o077).toBe(0)

		resetEnv()
		const second = initEnv({ DATA_DIR: dataDir })
		expect(second.sessionSecrets).toEqual(first.sessionSecrets)
	})

	test('two data folders get different secrets', () => {
		const a = initEnv({ DATA_DIR: path.join(tmp, 'a') }).sessionSecrets[0]
		const b = initEnv({ DATA_DIR: path.join(tmp, 'b') }).sessionSecrets[0]
		expect(a).not.toBe(b)
	})

	test.each([['not json'], [JSON.stringify({ sessionSecret: 'short' })], [JSON.stringify({ sessionSecret: 42 })]])(
		'a broken secrets file (%s) is replaced',
		(content) => {
			const dataDir = path.join(tmp, 'broken')
			fs.mkdirSync(dataDir, { recursive: true })
			fs.writeFileSync(path.join(dataDir, 'secrets.json'), content)
			const env = initEnv({ DATA_DIR: dataDir })
			expect(env.sessionSecrets[0]!.length).toBeGreaterThanOrEqual(32)
			expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).sessionSecret).toBe(
				env.sessionSecrets[0],
			)
		},
	)
})

describe('getEnv and resetEnv', () => {
	test('getEnv validates process.env once and caches it; resetEnv re-reads', () => {
		const saved = process.env.PORT
		try {
			process.env.PORT = '4567'
			resetEnv()
			const env = getEnv()
			expect(env.port).toBe(4567)
			process.env.PORT = '4568'
			expect(getEnv()).toBe(env)
			resetEnv()
			expect(getEnv().port).toBe(4568)
		} finally {
			if (saved === undefined) delete process.env.PORT
			else process.env.PORT = saved
		}
	})
})

describe('read replicas (docs/decisions/065-read-replicas.md)', () => {
	const replica = {
		DATABASE_READONLY: 'true',
		PRIMARY_ORIGIN: 'https://primary.example.com/',
		SESSION_SECRET: 'x'.repeat(32),
	}

	test('a primary by default', () => {
		const env = initEnv({})
		expect(env.databaseReadOnly).toBe(false)
		expect(env.primaryOrigin).toBeUndefined()
	})

	test('DATABASE_READONLY=true makes a replica that sends writes to PRIMARY_ORIGIN', () => {
		const env = initEnv(replica)
		expect(env.databaseReadOnly).toBe(true)
		expect(env.readOnlyBecause).toBe('DATABASE_READONLY')
		expect(env.primaryOrigin).toBe('https://primary.example.com')
	})

	test('a replica needs PRIMARY_ORIGIN and SESSION_SECRET; bad values are refused', () => {
		const message = envError({ DATABASE_READONLY: 'true' })
		expect(message).toMatch(/PRIMARY_ORIGIN: required on a read replica \(DATABASE_READONLY=true\)/)
		expect(message).toMatch(/SESSION_SECRET: required on a read replica/)
		expect(envError({ ...replica, DATABASE_READONLY: 'maybe' })).toMatch(/DATABASE_READONLY must be true or false/)
		expect(envError({ ...replica, PRIMARY_ORIGIN: 'primary' })).toMatch(/PRIMARY_ORIGIN must be an absolute URL/)
		// PRIMARY_ORIGIN alone does not make a replica.
		expect(initEnv({ PRIMARY_ORIGIN: 'https://primary.example.com' }).databaseReadOnly).toBe(false)
	})

	test("LiteFS's .primary file beside the database makes a replica, unless DATABASE_READONLY=false", () => {
		const litefs = path.join(tmp, 'litefs')
		fs.mkdirSync(litefs)
		fs.writeFileSync(path.join(litefs, '.primary'), 'primary')
		const base = { DATABASE_URL: path.join(litefs, 'app.db'), SESSION_SECRET: 'x'.repeat(32) }
		expect(envError(base)).toMatch(/PRIMARY_ORIGIN: required on a read replica \(LiteFS's \.primary file is in /)
		const env = initEnv({ ...base, PRIMARY_ORIGIN: 'https://example.com' })
		expect(env.databaseReadOnly).toBe(true)
		expect(env.readOnlyBecause).toBe('litefs')
		expect(initEnv({ ...base, DATABASE_READONLY: 'false' }).databaseReadOnly).toBe(false)
		// On the primary LiteFS has no such file.
		fs.rmSync(path.join(litefs, '.primary'))
		expect(initEnv(base).databaseReadOnly).toBe(false)
	})
})
