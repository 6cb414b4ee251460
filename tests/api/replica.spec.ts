import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT, E2E_UNLOCK_CODE } from '../setup/e2e-config.ts'
import { logRecords, startServer } from '../setup/server-process.ts'
import { registration } from '../playwright-utils.ts'
import { apiPrincipals } from '../server-principals.ts'
import { newTotpSecret, totpCode } from '../totp.ts'

/**
 * Read replicas that start (issue 42 part 3, docs/decisions/065-read-replicas.md).
 * A primary (the real server.js of the build) migrates and seeds its
 * database and signs a member and a super admin in; a copy of that file
 * (SQLite's backup API: what LiteFS would have shipped) is then served by a
 * second server.js with DATABASE_READONLY=true. Every GET route of the
 * build's route table is asked of the replica as a visitor, a member and a
 * super admin: no 5xx, and the replica's processes attempted 0 writes (the
 * `replica.writes` line each logs at exit; the database wrapper counts every
 * attempt) and the copy's bytes are unchanged. A sign-up posted to the
 * replica is answered 307 to the primary and, sent there, creates the member
 * in the primary's database. LiteFS itself (FUSE) is not run here.
 */
const PRIMARY_PORT = E2E_PORT + 29
const REPLICA_PORT = E2E_PORT + 30
const primaryBase = `http://127.0.0.1:${PRIMARY_PORT}`
const replicaBase = `http://127.0.0.1:${REPLICA_PORT}`
const ADMIN = { email: 'replica-root@e2e.example', password: 'Replica-Admin-Passw0rd' }
const ADMIN_TOTP_SECRET = newTotpSecret()
const SESSION_SECRET = crypto.randomBytes(32).toString('base64url')
const CONCURRENCY = 4

type Principal = 'visitor' | 'member' | 'admin'
type RouteInfo = { path: string; loader: boolean }

/** Every route of the production build with its full path (the server build's route table, as the fuzz spec). */
async function buildRoutes(): Promise<RouteInfo[]> {
	const build = (await import(path.resolve('build/server/index.js'))) as {
		serverBuild: {
			routes: Record<string, { id: string; parentId?: string; path?: string; module: Record<string, unknown> }>
		}
	}
	const routes = build.serverBuild.routes
	const fullPath = (id: string): string => {
		const route = routes[id]!
		const parent = route.parentId ? fullPath(route.parentId) : ''
		return [parent, route.path ?? ''].filter(Boolean).join('/')
	}
	return Object.values(routes)
		.filter((r) => r.id !== 'root')
		.map((r) => ({ path: `/${fullPath(r.id)}`, loader: Boolean(r.module.loader) }))
}

/** Table of the `:id` after each path segment (its first row is used; 1 when the table is empty). */
const ID_TABLES: Record<string, string> = {
	traders: 'traders',
	announcements: 'announcements',
	lessons: 'lessons',
	offers: 'fee_offers',
	promotions: 'promotions',
	testimonials: 'testimonials',
	'plan-code-batches': 'plan_code_batches',
	'plan-codes': 'plan_codes',
	'unlock-codes': 'unlock_codes',
	'offer-claims': 'fee_offer_claims',
	revenue: 'revenue_entries',
	staff: 'admins',
	alerts: 'system_alerts',
	referrals: 'referral_credits',
	notifications: 'notifications',
}

/** Route params filled with rows that exist in the copied database. */
function concrete(routePath: string, db: Database.Database, memberId: number) {
	const first = (query: string, ...params: unknown[]) =>
		String(
			(db
				.prepare(query)
				.pluck()
				.get(...params) as string | number | undefined) ?? 1,
		)
	const segments = routePath.split('/')
	return segments
		.map((segment, i) => {
			if (!segment.startsWith(':') && segment !== '*') return segment
			const before = segments[i - 1] ?? ''
			switch (segment) {
				case '*':
					return 'no-such-thing'
				case ':traderId':
					return first('select slug from traders order by id limit 1')
				case ':slug':
					return before === 'watchlist'
						? first('select slug from traders order by id limit 1')
						: first('select slug from brokers order by id limit 1')
				case ':brokerSlug':
					return first('select slug from brokers order by id limit 1')
				case ':lessonId':
					return first('select key from lessons order by id limit 1')
				case ':tab':
					return first('select tab from lessons order by id limit 1')
				case ':offerId':
					return first('select key from fee_offers order by id limit 1')
				case ':contestId':
					return first('select id from contests order by id limit 1')
				case ':userId':
					return String(memberId)
				case ':creditId':
					return first('select id from referral_credits order by id limit 1')
				case ':entryId':
					return first('select id from revenue_entries order by id limit 1')
				case ':claimId':
					return first('select id from fee_offer_claims order by id limit 1')
				case ':adminId':
					return first('select id from admins order by id limit 1')
				case ':batchId':
					return first('select id from plan_code_batches order by id limit 1')
				case ':id':
					if (before === 'users') return String(memberId)
					if (before === 'sessions') return first('select id from sessions where user_id = ? limit 1', memberId)
					return ID_TABLES[before] ? first(`select id from ${ID_TABLES[before]} order by id limit 1`) : '1'
				default:
					throw new Error(`no value for ${segment} in ${routePath}`)
			}
		})
		.join('/')
}

test('a read replica starts on a read-only copy, serves every GET route without a write, and sends writes to the primary', async () => {
	test.setTimeout(180_000)
	const started = performance.now()
	const env = {
		SESSION_SECRET,
		WEB_CONCURRENCY: '1',
		RATE_LIMIT_MULTIPLIER: '1000',
		UNLOCK_CODE: E2E_UNLOCK_CODE,
		BACKUP_INTERVAL: 'off',
	}
	const primaryDir = path.join(E2E_ROOT, 'replica-primary')
	const replicaDir = path.join(E2E_ROOT, 'replica-node')
	const copyDir = path.join(E2E_ROOT, 'replica-db')
	const copy = path.join(copyDir, 'app.db')
	const primary = await startServer({
		port: PRIMARY_PORT,
		dataDir: primaryDir,
		env: { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET },
	})
	let replica: Awaited<ReturnType<typeof startServer>> | undefined
	try {
		// The principals, made on the primary: an unlocked member and a super admin (cookie and bearer token each).
		const { member, memberToken, memberId, adminToken } = await apiPrincipals(primaryBase, ADMIN, ADMIN_TOTP_SECRET)
		const login = await fetch(`${primaryBase}/login`, {
			method: 'POST',
			body: new URLSearchParams({ email: member.email, password: member.password }),
			redirect: 'manual',
		})
		expect(login.status).toBe(302)
		const memberCookie = login.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
		// The staff page sign-in: the password, then the next step's code (each code is accepted once).
		const adminLogin = await fetch(`${primaryBase}/admin/login`, {
			method: 'POST',
			body: new URLSearchParams(ADMIN),
			redirect: 'manual',
		})
		expect(adminLogin.headers.get('location')).toBe('/admin/login/two-factor')
		const step = await fetch(`${primaryBase}/admin/login/two-factor`, {
			method: 'POST',
			body: new URLSearchParams({ intent: 'code', code: totpCode(ADMIN_TOTP_SECRET, Date.now() + 30_000) }),
			headers: { Cookie: adminLogin.headers.getSetCookie()[0]!.split(';')[0]! },
			redirect: 'manual',
		})
		expect(step.status).toBe(302)
		const adminCookie = step.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.filter((c) => c?.startsWith('admin_session='))
			.join('; ')
		const credentials: Record<Principal, Record<string, string>> = {
			visitor: {},
			member: { Cookie: memberCookie, Authorization: `Bearer ${memberToken}` },
			admin: { Cookie: adminCookie, Authorization: `Bearer ${adminToken}` },
		}

		// The copy LiteFS would have shipped: a consistent snapshot of the primary's file (WAL included).
		fs.rmSync(copyDir, { recursive: true, force: true })
		fs.mkdirSync(copyDir, { recursive: true })
		const source = new Database(path.join(primaryDir, 'app.db'), { readonly: true, fileMustExist: true })
		await source.backup(copy)
		source.close()
		const digest = () => crypto.createHash('sha256').update(fs.readFileSync(copy)).digest('hex')
		const before = digest()

		replica = await startServer({
			port: REPLICA_PORT,
			dataDir: replicaDir,
			env: { ...env, DATABASE_URL: copy, DATABASE_READONLY: 'true', PRIMARY_ORIGIN: primaryBase },
		})
		const replicaLog = () => fs.readFileSync(replica!.logFile, 'utf8')
		expect(replicaLog()).toContain('Read replica (DATABASE_READONLY)')
		// Nothing of the start-up's writing work: no migrations or seed, no scheduler tick.
		const startup = logRecords(replicaLog()).find((r) => r.event === 'startup')
		expect(startup?.readOnly).toBe(true)
		expect(replicaLog()).not.toContain('"event":"scheduler.')

		// Every GET route of the build, as each principal.
		const ids = new Database(copy, { readonly: true, fileMustExist: true })
		const routes = (await buildRoutes()).filter((r) => r.loader || r.path.startsWith('/api'))
		const requests = routes.flatMap((route) =>
			(['visitor', 'member', 'admin'] as const).map((as) => ({ url: concrete(route.path, ids, memberId), as })),
		)
		ids.close()
		expect(routes.length).toBeGreaterThanOrEqual(150)
		const failures: string[] = []
		const statuses = new Map<string, number>()
		let next = 0
		async function worker() {
			while (next < requests.length) {
				const { url, as } = requests[next++]!
				const res = await fetch(`${replicaBase}${url}`, { headers: credentials[as], redirect: 'manual' })
				await res.arrayBuffer()
				statuses.set(`${as} ${url}`, res.status)
				if (res.status >= 500) failures.push(`${res.status} GET ${url} as ${as}`)
			}
		}
		await Promise.all(Array.from({ length: CONCURRENCY }, worker))
		expect(failures, 'GETs answered 5xx by the replica').toEqual([])
		// The sessions made on the primary are recognised on the replica (reads only).
		expect(statuses.get('member /dashboard')).toBe(200)
		expect(statuses.get('member /api/auth/me')).toBe(200)
		expect(statuses.get('admin /admin/dashboard')).toBe(200)
		expect(statuses.get('admin /api/admin/users')).toBe(200)
		expect(statuses.get('visitor /dashboard')).toBe(302)
		// A GET that exists to write (a broker click) goes to the primary like a form post.
		const click = [...statuses].find(([key]) => key.startsWith('member /go/'))!
		expect(click[1], click[0]).toBe(307)

		// A sign-up posted to the replica: 307 to the same path on the primary, which creates the member.
		const newcomer = registration()
		const form = new URLSearchParams({
			...newcomer,
			agreeToTerms: 'on',
			confirmAge: 'on',
			acknowledgeRisk: 'on',
		})
		const forwarded = await fetch(`${replicaBase}/signup?ref=`, { method: 'POST', body: form, redirect: 'manual' })
		expect(forwarded.status).toBe(307)
		expect(forwarded.headers.get('location')).toBe(`${primaryBase}/signup?ref=`)
		const followed = await fetch(forwarded.headers.get('location')!, { method: 'POST', body: form, redirect: 'manual' })
		expect(followed.status).toBe(302)
		expect(followed.headers.get('location')).toBe('/next-steps')
		const primaryDb = new Database(path.join(primaryDir, 'app.db'), { readonly: true, fileMustExist: true })
		expect(primaryDb.prepare('select count(*) from users where email = ?').pluck().get(newcomer.email)).toBe(1)
		primaryDb.close()
		// An API write too (any method but GET, HEAD and OPTIONS).
		const apiWrite = await fetch(`${replicaBase}/api/auth/register`, { method: 'POST', body: '{}', redirect: 'manual' })
		expect(apiWrite.status).toBe(307)
		expect(apiWrite.headers.get('location')).toBe(`${primaryBase}/api/auth/register`)
		expect((await fetch(`${replicaBase}/api/auth/me`, { method: 'HEAD', headers: credentials.member })).status).toBe(
			200,
		)

		// 0 writes attempted: each replica process logs its count as it exits; the copy is unchanged.
		expect(await replica.stop('SIGTERM')).toBe(0)
		const counts = logRecords(replicaLog()).filter((r) => r.event === 'replica.writes')
		expect(counts.length, 'the serving process logged its count').toBeGreaterThanOrEqual(1)
		expect(counts.map((r) => r.attempted)).toEqual(counts.map(() => 0))
		expect(replicaLog()).not.toContain('"event":"db.replica_write"')
		expect(digest()).toBe(before)
		console.log(
			`replica: ${requests.length} GETs over ${routes.length} routes, 0 writes, ${Math.round(performance.now() - started)} ms in all`,
		)
	} finally {
		if (replica && replica.child.exitCode === null) replica.child.kill('SIGKILL')
		await primary.stop('SIGTERM')
	}
})

test('a replica refuses to start on a database its primary has not migrated', async () => {
	const dir = path.join(E2E_ROOT, 'replica-behind')
	const port = E2E_PORT + 25
	fs.rmSync(dir, { recursive: true, force: true })
	fs.mkdirSync(dir, { recursive: true })
	// A database the primary never migrated (an empty file, as a first replica before its primary).
	new Database(path.join(dir, 'app.db')).close()
	await expect(
		startServer({
			port,
			dataDir: path.join(dir, 'node'),
			env: {
				SESSION_SECRET,
				WEB_CONCURRENCY: '1',
				DATABASE_URL: path.join(dir, 'app.db'),
				DATABASE_READONLY: 'true',
				PRIMARY_ORIGIN: primaryBase,
			},
		}),
	).rejects.toThrow(/not migrated to this build \(\d+ migrations missing: 0000_init/)
	// Nothing was created in it.
	const db = new Database(path.join(dir, 'app.db'), { readonly: true })
	expect(db.prepare("select count(*) from sqlite_master where type = 'table'").pluck().get()).toBe(0)
	db.close()
})
