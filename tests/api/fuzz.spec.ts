import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_ROOT, E2E_PORT, E2E_UNLOCK_CODE } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { contestPayload } from '../contest-e2e-utils.ts'
import { registration } from '../playwright-utils.ts'
import { apiPrincipals } from '../server-principals.ts'
import { newTotpSecret, totpCode } from '../totp.ts'

/**
 * The security checklist's bad-input catalogue (docs/product/security-checklist.md,
 * section 5) sent to every
 * /api route and every form of the production build, as a visitor, a
 * member and a super admin, on a server of its own. It fails on any 5xx,
 * on any answer slower than 5 s, and if the server exits.
 *
 * Two forms. `npm test` runs the short one: every route and form still
 * gets every part of the catalogue (queries, JSON values, raw bodies,
 * content types, form values), but a random half of each part's values
 * (about 6,000 requests), drawn afresh each run from a seed printed with
 * the result, so each value reaches about half the routes in every run and
 * all of them over runs (`FUZZ_SEED=<seed>` repeats a run's draw). With
 * `LONG_PROOFS=1` every route gets every value (about 12,300 requests, as
 * the long form of tests/api/durability.spec.ts):
 * `npm run build && LONG_PROOFS=1 npx playwright test tests/api/fuzz.spec.ts --project=api`.
 */
const PORT = E2E_PORT + 18
const base = `http://127.0.0.1:${PORT}`
const ADMIN = { email: 'fuzz-root@e2e.example', password: 'Fuzz-Admin-Passw0rd' }
const ADMIN_TOTP_SECRET = newTotpSecret()
const SLOW_MS = 5_000
const CONCURRENCY = 6
const LONG_PROOFS = process.env.LONG_PROOFS === '1'
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)

type Principal = 'visitor' | 'member' | 'admin'
type Probe = {
	method: string
	url: string
	headers?: Record<string, string>
	body?: string
	as: Principal
	label: string
}
type RouteInfo = { id: string; path: string; action: boolean; loader: boolean }
/** Which values of a catalogue part one route gets; `part` names the part for the coverage check. */
type Sampler = <T>(part: string, values: readonly T[]) => T[]

/** A small seeded generator (mulberry32): the short form's draw repeats from its seed. */
function seeded(seed: number) {
	let a = seed | 0
	return () => {
		a = (a + 0x6d2b79f5) | 0
		let t = Math.imul(a ^ (a >>> 15), 1 | a)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

/** The long form: every value. */
const everyValue: Sampler = (_part, values) => [...values]

/**
 * The short form's pick for one route: a random half (rounded up) of each
 * part, in catalogue order, noting in `sent` which values of each part went out.
 */
function halfOf(routeIndex: number, sent: Map<string, Set<number>>): Sampler {
	const random = seeded(SEED + routeIndex * 7919)
	return (part, values) => {
		const order = values.map((_, i) => ({ i, key: random() }))
		order.sort((a, b) => a.key - b.key)
		const chosen = order
			.slice(0, Math.ceil(values.length / 2))
			.map((o) => o.i)
			.sort((a, b) => a - b)
		const seen = sent.get(part) ?? new Set<number>()
		for (const i of chosen) seen.add(i)
		sent.set(part, seen)
		return chosen.map((i) => values[i]!)
	}
}

/** Every route of the production build with its full path (the server build's route table). */
async function buildRoutes(): Promise<RouteInfo[]> {
	const build = (await import(path.resolve('build/server/index.js'))) as {
		serverBuild: {
			routes: Record<
				string,
				{ id: string; parentId?: string; path?: string; index?: boolean; module: Record<string, unknown> }
			>
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
		.map((r) => ({
			id: r.id,
			path: `/${fullPath(r.id)}`,
			action: Boolean(r.module.action),
			loader: Boolean(r.module.loader),
		}))
}

// Short values go into every field at once; long ones into a few fields.
const SHORT_VALUES = [
	'',
	' ',
	'\t\n',
	'a',
	"' OR '1'='1",
	"'; DROP TABLE users;--",
	'1 OR 1=1',
	'" OR ""="',
	"%' --",
	'\\',
	'%',
	'_',
	'<script>alert(1)</script>',
	'"><img src=x onerror=alert(1)>',
	'</script><script>alert(1)</script>',
	'javascript:alert(1)',
	'{{7*7}}',
	'${7*7}',
	'\u0000',
	'pa\u0000ss',
	'\u0001\u001f\u007f',
	'a\r\nBcc: x@evil.example',
	'\u202e\u200b\ufeff',
	'Z̴̡͎a̷l̸g̵o̶',
	'\ud800',
	'аdmin',
	'ｅｘａｍｐｌｅ',
	'A@Example.COM',
	'a@b',
	'a@[127.0.0.1]',
	'"a b"@example.com',
	'user@bücher.de',
	'0',
	'-1',
	'1.5',
	'1e3',
	'0x10',
	'NaN',
	'Infinity',
	'9007199254740993',
	'99999999999999999999',
	'2025-02-30',
	'2025-13-01',
	'0000-01-01',
	'275760-09-13T00:00:00.001Z',
	'2016-12-31T23:59:60Z',
	'1700000000',
	'Invalid Date',
	'../../etc/passwd',
	'http://169.254.169.254/',
	'file:///etc/passwd',
	'😀'.repeat(18),
	'true',
	'on',
	'null',
	'[]',
]
const LONG_VALUES = ['x'.repeat(10_000), '%'.repeat(5_000), `${'a'.repeat(20_000)}@`, `${'a'.repeat(71)}😀`]
const FORM_FIELDS = [
	'email',
	'password',
	'confirmPassword',
	'currentPassword',
	'name',
	'phone',
	'country',
	'telegram',
	'investmentAmount',
	'referralCode',
	'agreeToTerms',
	'website',
	'code',
	'token',
	'intent',
	'redirectTo',
	'title',
	'description',
	'type',
	'status',
	'startDate',
	'endDate',
	'prizeFirst',
	'prizeSecond',
	'prizeThird',
	'rules',
	'maxParticipants',
	'score',
	'plan',
	'role',
	'ids',
	'userId',
	'amount',
	'month',
	'source',
	'note',
	'lessonId',
	'brokerId',
	'publishOn',
	'expiresOn',
	'q',
	'sort',
	'page',
]
const LONG_FIELDS = ['email', 'password', 'name', 'title', 'q']
const RAW_FORMS = [
	'email=%C3%28&password=%FF&name=%C0%AF',
	'email[]=a&email[]=b',
	'email=a%40b.co&email=c%40d.co',
	'role=admin&role=super_admin',
	'__proto__[isAdmin]=true',
	'constructor[prototype][isAdmin]=true',
	'a.__proto__.polluted=1',
	'ids=1&ids=1&ids=1',
	'ids[]=&ids[0]=',
	`a${'.a'.repeat(3_000)}=1`,
	`a${'[0]'.repeat(3_000)}=1`,
	'a=1&'.repeat(15_000),
	'%',
	'&&&',
	'=',
	'a=%',
	'%zz=%zz',
]
const JSON_VALUES: unknown[] = [
	'',
	' ',
	'x'.repeat(10_000),
	"' OR '1'='1",
	'<img src=x onerror=alert(1)>',
	'\u0000',
	'a\r\nBcc: x@evil.example',
	'\ud800',
	null,
	true,
	false,
	0,
	-1,
	1.5,
	1e308,
	[],
	['a'],
	[null],
	{},
	{ $ne: null },
	'NaN',
	'2025-02-30',
	'2025-01-01T10:00',
	Array.from({ length: 500 }, (_, i) => i),
]
// The form fields, and the names only JSON bodies and API queries use.
const JSON_FIELDS = [...new Set([...FORM_FIELDS, 'userIds', 'updates', 'limit', 'search', 'sortBy', 'sortOrder'])]
const RAW_JSON = [
	'',
	'{',
	'{"a":}',
	'null',
	'[]',
	'"x"',
	'123',
	`${'['.repeat(100_000)}${']'.repeat(100_000)}`,
	'{"__proto__":{"isAdmin":true}}',
	'{"constructor":{"prototype":{"role":"super_admin"}}}',
	'{"role":"member","role":"admin"}',
	`[${'0,'.repeat(600_000)}0]`,
	'{"page":9007199254740993,"limit":99999999999999999999}',
	`{"ids":[${'1,'.repeat(10_000)}1]}`,
	'\uFEFF{}',
	'{"email":"a\\ud800"}',
]
const QUERIES = [
	'page=0',
	'page=-1',
	'page=1.5',
	'page=1e3',
	'page=0x10',
	'page=',
	'page=NaN',
	'page=Infinity',
	'page=99999999999999999999',
	'limit=-1',
	'limit=1000000',
	'limit=abc',
	'offset=-5',
	'page[]=1',
	'sort=name;%20DROP',
	'sort=(CASE%20WHEN%201%20THEN%20name%20END)',
	'sortBy=id%20desc,(select%201)',
	`search=${'%25'.repeat(5_000)}`,
	'status=banned&status=active',
	'q=%3Cscript%3E',
	'from=2025-02-30',
	'redirectTo=//evil.com',
	'redirectTo=%2F%2Fevil.com',
	'tab=__proto__',
	'token=%00',
	'%zz',
]
const WRONG_TYPES = [
	'application/json',
	'text/plain',
	'multipart/form-data; boundary=zzz',
	'application/x-www-form-urlencoded; charset=utf-7',
	'',
]

function formBody(values: Record<string, string>) {
	return new URLSearchParams(values).toString()
}

type Ids = {
	userId: number
	contestId: number
	traderId: number
	traderSlug: string
	promotionId: number
	offerId: number
	testimonialId: number
	lessonId: number
	announcementId: number
}

/** Fills route params: users, contests, a trader (with a statement), a promotion and a 0% fee offer that exist, other ids as given. */
function concrete(routePath: string, ids: Ids) {
	const trader = routePath.includes('/traders/')
	const promotion = routePath.includes('/content/promotions/')
	const offer = routePath.includes('/content/offers/')
	const testimonial = routePath.includes('/content/testimonials/')
	const lesson = routePath.includes('/content/lessons/')
	const announcement = routePath.includes('/content/announcements/')
	return routePath
		.replace(':id', promotion ? String(ids.promotionId) : ':id')
		.replace(':id', offer ? String(ids.offerId) : ':id')
		.replace(':id', testimonial ? String(ids.testimonialId) : ':id')
		.replace(':id', lesson ? String(ids.lessonId) : ':id')
		.replace(':id', announcement ? String(ids.announcementId) : ':id')
		.replace(':traderId', trader && !routePath.includes('/admin/') ? ids.traderSlug : String(ids.traderId))
		.replace(':slug', trader ? ids.traderSlug : ':slug')
		.replace(':id', trader ? String(ids.traderId) : ':id')
		.replace(':userId', String(ids.userId))
		.replace(':id', String(ids.userId))
		.replace(':contestId', String(ids.contestId))
		.replace(':offerId', '1')
		.replace('*', 'no-such-thing')
}

function principalFor(routePath: string): Principal {
	if (routePath.startsWith('/admin') || routePath.startsWith('/api/admin')) return 'admin'
	if (routePath.startsWith('/dashboard') || routePath.startsWith('/next-steps') || routePath.startsWith('/api/auth/me'))
		return 'member'
	if (routePath.startsWith('/api/auth/verify-code')) return 'member'
	return 'visitor'
}

function probesFor(route: RouteInfo, ids: Ids, bodyMethods: string[], pick: Sampler): Probe[] {
	const url = concrete(route.path, ids)
	const as = principalFor(route.path)
	const probes: Probe[] = []
	const isApi = route.path.startsWith('/api')
	// The catch-all routes answer 404 to anything: the raw payloads suffice.
	const catchAll = route.path.endsWith('*')
	if ((route.loader || isApi) && !catchAll) {
		for (const query of pick('QUERIES', QUERIES))
			probes.push({ method: 'GET', url: `${url}?${query}`, as, label: `GET ?${query.slice(0, 30)}` })
	}
	if (isApi) {
		for (const method of bodyMethods) {
			const json = (body: string, label: string) =>
				probes.push({
					method,
					url,
					as,
					body,
					headers: { 'Content-Type': 'application/json' },
					label: `${method} ${label}`,
				})
			for (const value of catchAll ? [] : pick('JSON_VALUES', JSON_VALUES)) {
				json(
					JSON.stringify(Object.fromEntries(JSON_FIELDS.map((f) => [f, value]))),
					`json all=${JSON.stringify(value)?.slice(0, 30)}`,
				)
			}
			for (const raw of pick('RAW_JSON', RAW_JSON)) json(raw, `raw ${raw.slice(0, 30)}`)
			for (const type of pick('WRONG_TYPES', WRONG_TYPES))
				probes.push({
					method,
					url,
					as,
					body: 'email=a',
					headers: type ? { 'Content-Type': type } : {},
					label: `${method} type ${type}`,
				})
		}
	} else if (route.action) {
		const form = (body: string, label: string, type = 'application/x-www-form-urlencoded') =>
			probes.push({ method: 'POST', url, as, body, headers: { 'Content-Type': type }, label })
		for (const value of catchAll ? [] : pick('SHORT_VALUES', SHORT_VALUES))
			form(
				formBody(Object.fromEntries(FORM_FIELDS.map((f) => [f, value]))),
				`form all=${JSON.stringify(value).slice(0, 30)}`,
			)
		const longPairs = LONG_VALUES.flatMap((value) => LONG_FIELDS.map((field) => [field, value] as const))
		for (const [field, value] of catchAll ? [] : pick('LONG_VALUES x LONG_FIELDS', longPairs))
			form(formBody({ [field]: value }), `form ${field}=long`)
		for (const raw of pick('RAW_FORMS', RAW_FORMS)) form(raw, `raw ${raw.slice(0, 30)}`)
		for (const type of pick('WRONG_TYPES', WRONG_TYPES)) form('{"email":"a@b.co"}', `type ${type}`, type)
		// The same action through React Router's data URL (JS-on submits).
		form(formBody({ email: 'a' }), 'single fetch', 'application/x-www-form-urlencoded')
		probes[probes.length - 1]!.url = url === '/' ? '/_.data' : `${url}.data`
	}
	return probes
}

test('the bad-input catalogue against every /api route and every form: no 5xx, no slow answer, no exit', async () => {
	test.setTimeout(300_000)
	const dataDir = path.join(E2E_ROOT, 'fuzz')
	const server = await startServer({
		port: PORT,
		dataDir,
		env: {
			RATE_LIMIT_MULTIPLIER: '1000',
			UNLOCK_CODE: E2E_UNLOCK_CODE,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_TOTP_SECRET,
		},
	})
	try {
		// Principals: a signed-in unlocked member and super admin (cookie and
		// bearer token each), and a member and a contest to point ids at.
		const { json, member, memberToken, adminToken } = await apiPrincipals(base, ADMIN, ADMIN_TOTP_SECRET)
		const target = await (await json('/api/auth/register', registration())).json()
		const contest = await (
			await json('/api/admin/contests', contestPayload(), { Authorization: `Bearer ${adminToken}` })
		).json()
		// A trader with a month of daily equity, for the trader routes (staff and members).
		const traderSlug = `fuzz-${Date.now().toString(36)}`
		const trader = await (
			await json(
				'/api/admin/traders',
				{
					slug: traderSlug,
					name: 'Fuzz Trader',
					strategy: 'Trend following.',
					markets: ['XAUUSD'],
					brokerSlug: 'xm',
					accountRef: 'XM-1',
					country: 'Kenya',
					currency: 'USD',
					startDate: '2026-01-01',
				},
				{ Authorization: `Bearer ${adminToken}` },
			)
		).json()
		const traderId = trader.data.trader.id as number
		const equity = ['date,equity,deposits,withdrawals']
		for (let day = 1; day <= 28; day++) equity.push(`2026-02-${String(day).padStart(2, '0')},${10_000 + day},0,0`)
		const applied = await fetch(`${base}/api/admin/traders/${traderId}/statements?kind=equity`, {
			method: 'POST',
			headers: { 'Content-Type': 'text/csv', Authorization: `Bearer ${adminToken}` },
			body: equity.join('\n'),
		})
		expect(applied.status).toBe(201)
		// A promotion (staff-run content, decision 062) for the /content/promotions/:id routes.
		const promotion = await (
			await json(
				'/api/admin/content/promotions',
				{ code: 'FUZZ10', description: 'Fuzz promotion', expiresOn: '2099-12-31' },
				{ Authorization: `Bearer ${adminToken}` },
			)
		).json()
		// A 0% fee offer (staff-run content, decision 062) for the /content/offers/:id routes, for the
		// listed trader of a sample offer (the samples themselves stay as they are).
		const offers = await (
			await fetch(`${base}/api/admin/content/offers`, { headers: { Authorization: `Bearer ${adminToken}` } })
		).json()
		const sampleOffer = (offers.data.offers as Array<{ sample: boolean; trader: { id: number } }>).find(
			(o) => o.sample,
		)!
		const offer = await (
			await json(
				'/api/admin/content/offers',
				{
					traderId: sampleOffer.trader.id,
					originalFee: 30,
					currentFee: 0,
					minCapital: 1000,
					totalSpots: 5,
					description: 'Fuzz offer',
					expiresOn: '2099-12-31',
				},
				{ Authorization: `Bearer ${adminToken}` },
			)
		).json()
		// A draft testimonial (decision 062) for the /content/testimonials/:id routes: never on the landing.
		const testimonial = await (
			await json(
				'/api/admin/content/testimonials',
				{
					name: 'Fuzz Member',
					role: 'Tester',
					country: 'Nigeria',
					text: 'Fuzz testimonial',
					profit: '+$1',
					consentOn: '2026-01-02',
					consentHow: 'Fuzz test consent',
					// Published by the fuzzing, it is only scheduled: never on the landing other specs check.
					publishOn: '2099-01-01',
				},
				{ Authorization: `Bearer ${adminToken}` },
			)
		).json()
		// A lesson (staff-run content, decision 062) for the /content/lessons/:id routes; the samples stay as
		// they are. Its expiry has passed, so a probe's publish is refused (409) and no member's academy
		// (counted by the academy specs in the other worker) ever shows it.
		const lesson = await (
			await json(
				'/api/admin/content/lessons',
				{
					title: 'Fuzz lesson',
					description: 'Fuzz lesson',
					tab: 'risk',
					body: '## Fuzz\n\nA fuzz lesson.',
					expiresOn: '2000-01-01',
				},
				{ Authorization: `Bearer ${adminToken}` },
			)
		).json()
		// An announcement (staff-run content, decision 062) for the /content/announcements/:id routes.
		const announcement = await (
			await json(
				'/api/admin/content/announcements',
				{ title: 'Fuzz announcement', body: 'Fuzz message', audience: 'gold' },
				{ Authorization: `Bearer ${adminToken}` },
			)
		).json()
		const ids: Ids = {
			promotionId: promotion.data.id as number,
			announcementId: announcement.data.id as number,
			offerId: offer.data.id as number,
			testimonialId: testimonial.data.id as number,
			lessonId: lesson.data.id as number,
			userId: target.data.user.id as number,
			contestId: contest.data.contest.id as number,
			traderId,
			traderSlug,
		}
		const cookieOf = async (url: string, form: Record<string, string>) => {
			const res = await fetch(`${base}${url}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' })
			expect(res.status, url).toBe(302)
			return res.headers
				.getSetCookie()
				.map((c) => c.split(';')[0])
				.join('; ')
		}
		// The staff page sign-in: the password, then the code step (the next step's code: the
		// API sign-in above used the current one, and each code is accepted once).
		const adminCookie = async () => {
			const login = await fetch(`${base}/admin/login`, {
				method: 'POST',
				body: new URLSearchParams(ADMIN),
				redirect: 'manual',
			})
			expect(login.headers.get('location')).toBe('/admin/login/two-factor')
			const pending = login.headers.getSetCookie()[0]!.split(';')[0]!
			const step = await fetch(`${base}/admin/login/two-factor`, {
				method: 'POST',
				body: new URLSearchParams({ intent: 'code', code: totpCode(ADMIN_TOTP_SECRET, Date.now() + 30_000) }),
				headers: { Cookie: pending },
				redirect: 'manual',
			})
			expect(step.status).toBe(302)
			return step.headers
				.getSetCookie()
				.map((c) => c.split(';')[0])
				.filter((c) => c?.startsWith('admin_session='))
				.join('; ')
		}
		const credentials: Record<Principal, Record<string, string>> = {
			visitor: {},
			member: {
				Cookie: await cookieOf('/login', { email: member.email, password: member.password }),
				Authorization: `Bearer ${memberToken}`,
			},
			admin: { Cookie: await adminCookie(), Authorization: `Bearer ${adminToken}` },
		}

		// Sign-out routes go last, so the principals stay signed in until then.
		const routes = (await buildRoutes()).sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)))
		const apiRoutes = routes.filter((r) => r.path.startsWith('/api'))
		const forms = routes.filter((r) => !r.path.startsWith('/api') && r.action)
		expect(apiRoutes.length).toBeGreaterThanOrEqual(25)
		expect(forms.map((r) => r.path)).toEqual(
			expect.arrayContaining(['/signup', '/login', '/admin/login', '/next-steps', '/admin/users']),
		)
		// The methods each /api route defines: the others answer 405 before
		// any authentication, so one request per method as a visitor tells.
		const methodsOf = async (route: RouteInfo) => {
			if (!route.path.startsWith('/api')) return []
			const defined: string[] = []
			for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
				const res = await fetch(`${base}${concrete(route.path, ids)}`, {
					method,
					headers: { 'Content-Type': 'application/json' },
					body: '{}',
				})
				expect(res.status, `${method} ${route.path}`).toBeLessThan(500)
				if (res.status !== 405) defined.push(method)
			}
			return defined
		}
		const probes: Probe[] = []
		// The whole catalogue's size, whichever form runs, and which values the short form sent.
		let catalogue = 0
		const sent = new Map<string, Set<number>>()
		const probed = new Set<string>()
		for (const [index, route] of routes.entries()) {
			if (!route.path.startsWith('/api') && !route.action) continue
			const methods = await methodsOf(route)
			const all = probesFor(route, ids, methods, everyValue)
			catalogue += all.length
			const chosen = LONG_PROOFS ? all : probesFor(route, ids, methods, halfOf(index, sent))
			probes.push(...chosen)
			if (chosen.length > 0) probed.add(route.path)
		}
		// Every /api route and every form gets probes, in either form.
		expect(
			routes.filter((r) => (r.path.startsWith('/api') || r.action) && !probed.has(r.path)).map((r) => r.path),
			'routes without a probe',
		).toEqual([])
		if (!LONG_PROOFS) {
			// Every value of every part of the catalogue went to some route.
			const parts = {
				QUERIES,
				JSON_VALUES,
				RAW_JSON,
				WRONG_TYPES,
				SHORT_VALUES,
				'LONG_VALUES x LONG_FIELDS': LONG_VALUES.flatMap((v) => LONG_FIELDS.map((f) => [f, v])),
				RAW_FORMS,
			}
			for (const [part, values] of Object.entries(parts))
				expect(sent.get(part)?.size, `${part}: values sent (seed ${SEED})`).toBe(values.length)
		}
		// What removes the member, contest or sessions the others point at
		// goes last (a staff password reset ends that admin's sessions).
		const rank = (p: Probe) =>
			/logout/.test(p.url)
				? 2
				: p.method === 'DELETE' || /\/(delete|complete|void|reset-password)\b/.test(p.url)
					? 1
					: 0
		probes.sort((a, b) => rank(a) - rank(b))
		// A bound on the run time, raised as staff tools (issue 12), the
		// member API (issue 15) and staff-run content (issue 41: lessons and testimonials, about 460 probes
		// each) added routes.
		expect(catalogue).toBeLessThan(15_000)

		const failures: string[] = []
		const statuses = new Map<number, number>()
		let slowest = 0
		let next = 0
		async function worker() {
			while (next < probes.length) {
				const probe = probes[next++]!
				const started = performance.now()
				let status = 0
				try {
					const res = await fetch(`${base}${probe.url}`, {
						method: probe.method,
						headers: { ...credentials[probe.as], ...probe.headers },
						body: probe.body,
						redirect: 'manual',
						signal: AbortSignal.timeout(SLOW_MS * 2),
					})
					status = res.status
					await res.arrayBuffer()
				} catch (error) {
					failures.push(
						`${probe.method} ${probe.url.slice(0, 80)} [${probe.label}] as ${probe.as}: no answer (${String(error)})`,
					)
					continue
				}
				const ms = performance.now() - started
				slowest = Math.max(slowest, ms)
				statuses.set(status, (statuses.get(status) ?? 0) + 1)
				if (process.env.FUZZ_DEBUG && status === 404) console.log('404', probe.method, probe.url.slice(0, 60), probe.as)
				if (status >= 500)
					failures.push(`${probe.method} ${probe.url.slice(0, 80)} [${probe.label}] as ${probe.as}: ${status}`)
				if (ms > SLOW_MS)
					failures.push(
						`${probe.method} ${probe.url.slice(0, 80)} [${probe.label}] as ${probe.as}: ${Math.round(ms)} ms`,
					)
				if (server.child.exitCode !== null)
					throw new Error(
						`the server exited (${server.child.exitCode}) after ${probe.method} ${probe.url} [${probe.label}]`,
					)
			}
		}
		await Promise.all(Array.from({ length: CONCURRENCY }, worker))
		test.info().annotations.push({
			type: 'fuzz',
			description: `${LONG_PROOFS ? 'long form' : `short form, seed ${SEED}`}: ${probes.length} of the catalogue's ${catalogue} requests, slowest ${Math.round(slowest)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
		})
		console.log(test.info().annotations.at(-1)?.description)
		expect(failures, LONG_PROOFS ? 'long form' : `short form, FUZZ_SEED=${SEED} repeats it`).toEqual([])
		expect(server.child.exitCode).toBeNull()
		expect((await fetch(`${base}/healthz`)).status).toBe(200)
		// Nothing sent (prototype-pollution keys included) gave anyone rights.
		const fresh = (await (await json('/api/auth/register', registration())).json()).data.token as string
		expect((await fetch(`${base}/api/admin/me`, { headers: { Authorization: `Bearer ${fresh}` } })).status).toBe(403)
		expect((await fetch(`${base}/admin/dashboard`, { redirect: 'manual' })).status).toBe(302)
		const log = fs.readFileSync(server.logFile, 'utf8')
		expect(log).not.toMatch(/"event":"(uncaughtException|request\.failed|server\.error|api\.error)"/)
	} finally {
		await server.stop()
	}
})
