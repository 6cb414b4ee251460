import { randomUUID } from 'node:crypto'
import { makeRegistryTraders } from '../e2e/registry-traders.ts'
import type { APIRequestContext } from '@playwright/test'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { REQUEST_SHAPE_LIMITS } from '../../server/request-shape.ts'
import { createE2eBroker, linkTrackingId, removeE2eBroker, reportCsv } from '../broker-report-e2e-utils.ts'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { withAcademyLock } from '../content-e2e-utils.ts'
import { contestPayload } from '../contest-e2e-utils.ts'
import { expect, test, type Cleanup, type Fixtures } from '../fixtures.ts'
import { createSchemaValidator } from '../openapi-ajv.ts'
import { totpCode } from '../totp.ts'
import { deleteAlerts, insertAlert, insertClaim } from '../offer-alert-utils.ts'
import { connectMember, insertAppliedReport, insertTestBroker, removeTestBrokers } from '../member-broker-utils.ts'
import { E2E_UNLOCK_CODE, PASSWORD, registration, resetLinkFor } from '../playwright-utils.ts'
import { issuePlanCode } from '../e2e/db.ts'
import { createHeldReferral, SUITE_REFERRAL_SETTINGS } from '../referral-e2e-utils.ts'
import { ageTermsAcceptance, insertNotification } from '../notification-utils.ts'

// GET /api/openapi.json against the running server: for every documented
// operation, a sample request that succeeds and (where the document lists
// any refusal) one that is refused. Every answer must be documented for its
// status and media type, and its JSON body must validate (ajv, JSON Schema
// 2020-12) against the document's schema for that status. Then: methods a
// path does not list (405 + Allow), unknown paths (404), and what the server
// answers before any route runs: a query string past the shape limits (400,
// every operation) and an oversized body (413, every operation but GET).

type Schema = Record<string, unknown>
type Media = { schema?: Schema }
type DocResponse = { content?: Record<string, Media>; headers?: Record<string, { required?: boolean }> }
type DocOperation = { responses: Record<string, DocResponse> }
type Document = {
	openapi: string
	paths: Record<string, Record<string, DocOperation>>
	components: { schemas: Record<string, Schema>; responses: Record<string, DocResponse> }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
type Method = Uppercase<(typeof METHODS)[number]>

let document: Document
let validator: ReturnType<typeof createSchemaValidator>

// The brokers this worker added (brokerPayload): removed after the suite, never another worker's.
const madeBrokers: string[] = []
test.afterAll(() => {
	const slugs = madeBrokers.splice(0)
	if (slugs.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from brokers where slug in (${slugs.map(() => '?').join(', ')})`).run(...slugs),
	)
})

// The promotions this worker added (promotionPayload, codes "OA-…"): removed after the suite.
const madePromotions: string[] = []
test.afterAll(() => {
	const codes = madePromotions.splice(0)
	if (codes.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from promotions where code in (${codes.map(() => '?').join(', ')})`).run(...codes),
	)
})

function promotionPayload() {
	const code = `OA-${tag()}`.slice(0, 40)
	madePromotions.push(code)
	return { code, description: 'An OpenAPI sample promotion', expiresOn: '2099-12-31' }
}

// The 0% fee offers this worker added (offerPayload, for the sample trader Tunde Bakare, listed and
// offered by no sample): each worker removes its own after the suite, by their description (another
// worker's test may still be using its offers).
const OFFER_MARK = 'An OpenAPI sample offer'
const madeOffers: string[] = []
test.afterAll(() => {
	const descriptions = madeOffers.splice(0)
	if (descriptions.length === 0) return
	withE2eDatabase((db) =>
		db
			.prepare(`delete from fee_offers where description in (${descriptions.map(() => '?').join(', ')})`)
			.run(...descriptions),
	)
})

// The testimonials this worker added (testimonialPayload, names "OA Member …"): removed after the
// suite. Each has a publish day far ahead, so publishing it only schedules it: never on the landing.
const madeTestimonials: string[] = []
test.afterAll(() => {
	const names = madeTestimonials.splice(0)
	if (names.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from testimonials where name in (${names.map(() => '?').join(', ')})`).run(...names),
	)
})

function testimonialPayload() {
	const name = `OA Member ${tag()}`.slice(0, 80)
	madeTestimonials.push(name)
	return {
		name,
		role: 'Tester',
		country: 'Nigeria',
		text: 'An OpenAPI sample testimonial',
		profit: '+$100',
		consentOn: '2026-01-02',
		consentHow: 'Signed release form',
		position: 1000,
		publishOn: '2099-01-01',
	}
}

// The announcements this worker added (announcementPayload, titles "OA-…"): removed after the suite.
// Each is for a day far ahead, so publishing one schedules it and the server's delivery job never sends it.
const madeAnnouncements: string[] = []
test.afterAll(() => {
	const titles = madeAnnouncements.splice(0)
	if (titles.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from announcements where title in (${titles.map(() => '?').join(', ')})`).run(...titles),
	)
})

function announcementPayload() {
	const title = `OA-${tag()}`
	madeAnnouncements.push(title)
	return { title, body: 'An OpenAPI sample announcement', audience: 'gold', publishOn: '2099-12-31' }
}

function offerPayload() {
	const traderId = withE2eDatabase(
		(db) => (db.prepare("select id from traders where slug = 'tunde-bakare'").get() as { id: number }).id,
	)
	const description = `${OFFER_MARK} ${tag()}`
	madeOffers.push(description)
	return {
		traderId,
		originalFee: 30,
		currentFee: 0,
		minCapital: 1000,
		totalSpots: 10,
		description,
		expiresOn: '2099-12-31',
	}
}

// The lessons this worker added (lessonPayload, titles "OpenAPI lesson …"): removed after the suite.
const madeLessons: string[] = []
test.afterAll(() => {
	const titles = madeLessons.splice(0)
	if (titles.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from lessons where title in (${titles.map(() => '?').join(', ')})`).run(...titles),
	)
})

function lessonPayload() {
	const title = `OpenAPI lesson ${tag()}`
	madeLessons.push(title)
	return { title, description: 'An OpenAPI sample lesson', tab: 'risk', body: '## OpenAPI\n\nA sample lesson.' }
}

// The traders this worker added (traderPayload): removed after the suite.
const madeTraders: string[] = []
test.afterAll(() => {
	const slugs = madeTraders.splice(0)
	if (slugs.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from traders where slug in (${slugs.map(() => '?').join(', ')})`).run(...slugs),
	)
})

function traderPayload() {
	const slug = `oa-trader-${tag()}`
	madeTraders.push(slug)
	return {
		slug,
		name: `Trader ${slug}`,
		strategy: 'Swing trades on gold.',
		markets: ['XAUUSD'],
		brokerSlug: 'xm',
		accountRef: 'XM-1',
		country: 'Ghana',
		currency: 'USD',
		startDate: '2024-01-01',
	}
}

/** A new trader made through the API; its id. */
async function sampleTrader(request: APIRequestContext, headers: Record<string, string>) {
	const res = await request.post('/api/admin/traders', { headers, data: traderPayload() })
	return (await res.json()).data.trader.id as number
}

const SAMPLE_EQUITY = ['date,equity,deposits,withdrawals', '2025-01-01,1000,1000,0', '2025-01-02,1010,0,0'].join('\n')

test.beforeAll(async ({ request }) => {
	const res = await request.get('/api/openapi.json')
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	document = await res.json()
	expect(document.openapi).toBe('3.1.0')
	validator = createSchemaValidator(document)
})

/** Asserts that `body` (already read) is what `response` of the document describes. */
function expectDescribed(
	what: string,
	response: DocResponse | undefined,
	res: { headers(): Record<string, string> },
	body: unknown,
) {
	expect(response, `${what}: the document does not describe this status`).toBeDefined()
	const mediaType = (res.headers()['content-type'] ?? '').split(';')[0]!.trim()
	const media = response!.content?.[mediaType]
	expect(media, `${what}: media type ${mediaType} is not documented`).toBeDefined()
	for (const [header, spec] of Object.entries(response!.headers ?? {})) {
		if (spec.required) expect(res.headers()[header.toLowerCase()], `${what}: header ${header}`).toBeDefined()
	}
	if (mediaType === 'application/json') {
		const result = validator.check(media!.schema, body)
		expect(result, `${what}: ${JSON.stringify(body).slice(0, 500)}`).toEqual({ valid: true })
	}
}

type CallOptions = {
	params?: Record<string, string | number>
	query?: Record<string, string>
	data?: unknown
	headers?: Record<string, string>
}
type Answer = { status: number; body: any }

/** Calls `method template` and checks the answer against the document. */
async function callDocumented(
	request: APIRequestContext,
	method: Method,
	template: string,
	options: CallOptions = {},
): Promise<Answer> {
	let url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(options.params?.[name])))
	if (options.query) url += `?${new URLSearchParams(options.query)}`
	const res = await request.fetch(url, {
		method,
		headers: options.headers,
		...(options.data === undefined ? {} : { data: options.data }),
	})
	const status = res.status()
	const text = await res.text()
	const isJson = (res.headers()['content-type'] ?? '').startsWith('application/json')
	const body = isJson ? JSON.parse(text) : text
	const operation = document.paths[template]?.[method.toLowerCase()]
	expect(operation, `${method} ${template} is not in the document`).toBeDefined()
	expectDescribed(`${method} ${url} → ${status}`, operation!.responses[String(status)], res, body)
	return { status, body }
}

// ---------------------------------------------------------------------------
// Fixtures

const tag = () => `oa${randomUUID().replace(/-/g, '').slice(0, 10)}`
const MISSING_ID = 2_000_000_000

/** A new broker's fields (a unique slug "oa…"; removed after the suite so members' cards stay as seeded). */
function brokerPayload() {
	const slug = tag()
	madeBrokers.push(slug)
	return {
		name: `Broker ${slug}`,
		slug,
		regulator: 'Test regulator',
		licence: 'Licence 1',
		lossPercent: 71.32,
		affiliateUrl: `https://${slug}.example/?sub={trackingId}`,
		sortOrder: 9000,
	}
}

// The members, admins and contests of a sample come from the test's fixtures
// (written to the database, removed after the test).
let fixtures: Pick<Fixtures, 'createMember' | 'createAdmin' | 'createContest' | 'addParticipants'>

/** Rows a sample makes through the app (a staff account), removed after the test. */
let cleanup: Cleanup

test.beforeEach(({ createMember, createAdmin, createContest, addParticipants, cleanup: testCleanup }) => {
	fixtures = { createMember, createAdmin, createContest, addParticipants }
	cleanup = testCleanup
})

/** The bearer header of a new super admin. */
async function adminToken() {
	return bearer((await fixtures.createAdmin({ role: 'super_admin' })).token)
}

/** A new batch of two gold codes, made through the API; its id. */
async function sampleBatch(request: APIRequestContext, headers: Record<string, string>) {
	const res = await request.post('/api/admin/plan-code-batches', {
		headers,
		data: { plan: 'gold', count: 2, usesPerCode: 1, note: 'OpenAPI sample' },
	})
	return (await res.json()).data.batch.id as number
}

/** The bearer header of a new admin of role admin (not super_admin). */
async function staffToken() {
	return bearer((await fixtures.createAdmin({ role: 'admin' })).token)
}

function createMember() {
	return fixtures.createMember()
}

/** The bearer header of a new member (unlocked unless told; the regular plan unless told): the member API's samples. */
async function memberHeaders(options: { unlocked?: boolean; plan?: 'gold' } = {}) {
	return bearer(
		(
			await fixtures.createMember({
				unlocked: options.unlocked ?? true,
				...(options.plan ? { plan: options.plan } : {}),
			})
		).token,
	)
}

function createUser(overrides: { plan?: 'gold' | 'titanium' } = {}) {
	const t = tag()
	return fixtures.createMember({ name: `OpenAPI ${t}`, email: `${t}@example.com`, ...overrides })
}

function createContest(status?: 'active', type?: 'referral') {
	return fixtures.createContest({ name: `OpenAPI ${tag()}`, ...(status ? { status } : {}), ...(type ? { type } : {}) })
}

function addParticipants(contestId: number, scores: number[]) {
	return fixtures.addParticipants(contestId, scores)
}

// ---------------------------------------------------------------------------
// One sample per operation: `call` goes to that operation, `other` to any.

type Sample = (ctx: {
	request: APIRequestContext
	call: (options?: CallOptions) => Promise<Answer>
	other: (method: Method, template: string, options?: CallOptions) => Promise<Answer>
}) => Promise<void>

const SAMPLES: Record<string, Sample> = {
	'POST /api/auth/register': async ({ call }) => {
		const payload = registration()
		expect((await call({ data: payload })).status).toBe(201)
		expect((await call({ data: { ...payload, telegram: '@other_one' } })).status).toBe(409)
		expect((await call({ data: {} })).status).toBe(400)
	},
	'POST /api/auth/login': async ({ request, call }) => {
		const member = await createMember()
		expect((await call({ data: { email: member.email, password: PASSWORD } })).status).toBe(200)
		expect((await call({ data: { email: member.email, password: `${PASSWORD}x` } })).status).toBe(401)
		expect((await call({ data: { email: 5 } })).status).toBe(400)
		expect((await call({ data: 'email=a', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415)
	},
	'GET /api/auth/me': async ({ request, call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		expect((await call()).status).toBe(401)
	},
	'GET /api/member/settings/profile': async ({ call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		expect((await call()).status).toBe(401)
	},
	'PATCH /api/member/settings/profile': async ({ call }) => {
		const member = await createMember()
		const headers = bearer(member.token)
		expect((await call({ headers, data: { name: 'Ada Lovelace', telegram: '@ada_l' } })).status).toBe(200)
		expect((await call({ headers, data: { telegram: 'ada' } })).status).toBe(400)
	},
	'POST /api/member/settings/password': async ({ call }) => {
		const member = await createMember()
		const headers = bearer(member.token)
		expect((await call({ headers, data: { currentPassword: 'Wrong1234', newPassword: 'N3wPassword1' } })).status).toBe(
			400,
		)
		expect((await call({ headers, data: { currentPassword: PASSWORD, newPassword: 'N3wPassword1' } })).status).toBe(200)
	},
	'POST /api/member/settings/email': async ({ call }) => {
		const member = await createMember()
		const other = await createMember()
		const headers = bearer(member.token)
		expect((await call({ headers, data: { newEmail: other.email, currentPassword: PASSWORD } })).status).toBe(409)
		expect(
			(await call({ headers, data: { newEmail: `${tag()}@example.com`, currentPassword: PASSWORD } })).status,
		).toBe(202)
		expect((await call({ headers, data: { newEmail: 'nope' } })).status).toBe(400)
	},
	'GET /api/member/sessions': async ({ call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		expect((await call()).status).toBe(401)
	},
	'DELETE /api/member/sessions/others': async ({ call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		expect((await call()).status).toBe(401)
	},
	'DELETE /api/member/sessions/{id}': async ({ call, other }) => {
		const member = await createMember()
		const stranger = await createMember()
		const theirs = (await other('GET', '/api/member/sessions', { headers: bearer(stranger.token) })).body.data
			.sessions[0].id
		const mine = (await other('GET', '/api/member/sessions', { headers: bearer(member.token) })).body.data.sessions[0]
			.id
		expect((await call({ headers: bearer(member.token), params: { id: theirs } })).status).toBe(404)
		expect((await call({ headers: bearer(member.token), params: { id: mine } })).status).toBe(200)
	},
	'GET /api/member/data': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		expect((await call()).status).toBe(401)
	},
	'POST /api/member/account/close': async ({ call }) => {
		const member = await createMember()
		const headers = bearer(member.token)
		expect((await call({ headers, data: { currentPassword: PASSWORD } })).status).toBe(400)
		expect((await call({ headers, data: { currentPassword: PASSWORD, confirm: true } })).status).toBe(200)
	},
	'POST /api/auth/logout': async ({ request, call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token), data: { everywhere: true } })).status).toBe(400)
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		expect((await call({ headers: bearer(member.token) })).status).toBe(401)
	},
	'POST /api/auth/verify-code': async ({ request, call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token), data: { code: 'WRONG-CODE' } })).status).toBe(400)
		expect((await call({ headers: bearer(member.token), data: { code: E2E_UNLOCK_CODE } })).status).toBe(200)
		expect((await call({ data: { code: E2E_UNLOCK_CODE } })).status).toBe(401)
	},
	'POST /api/auth/forgot-password': async ({ call }) => {
		expect((await call({ data: { email: `${tag()}@example.com` } })).status).toBe(200)
		expect((await call({ data: { email: 'not-an-email' } })).status).toBe(400)
	},
	'POST /api/auth/reset-password': async ({ request, call, other }) => {
		const member = await createMember()
		expect((await other('POST', '/api/auth/forgot-password', { data: { email: member.email } })).status).toBe(200)
		const token = new URL(await resetLinkFor(member.email)).searchParams.get('token')!
		expect((await call({ data: { token, password: 'N3w-Passw0rd' } })).status).toBe(200)
		expect((await call({ data: { token, password: 'N3w-Passw0rd' } })).status).toBe(400)
	},
	'POST /api/admin/login': async ({ call }) => {
		const account = await fixtures.createAdmin({ role: 'admin' })
		const { email, password } = account
		expect((await call({ data: { email, password, code: totpCode(account.totpSecret) } })).status).toBe(200)
		expect((await call({ data: { email, password } })).status).toBe(401)
		expect((await call({ data: { email, password: `${password}x` } })).status).toBe(401)
		expect((await call({ data: { email } })).status).toBe(400)
	},
	'GET /api/admin/two-factor': async ({ call }) => {
		expect((await call({ headers: await adminToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/two-factor/setup': async ({ call }) => {
		const fresh = await fixtures.createAdmin({ role: 'admin', twoFactor: false })
		expect((await call({ headers: bearer(fresh.token), data: {} })).status).toBe(200)
		expect((await call({ headers: await adminToken(), data: {} })).status).toBe(409)
	},
	'POST /api/admin/two-factor/confirm': async ({ call, other }) => {
		const fresh = await fixtures.createAdmin({ role: 'admin', twoFactor: false })
		const headers = bearer(fresh.token)
		const { secret } = (await other('POST', '/api/admin/two-factor/setup', { headers, data: {} })).body.data
		expect((await call({ headers, data: { code: 'abcdef' } })).status).toBe(400)
		expect((await call({ headers, data: { code: totpCode(secret) } })).status).toBe(200)
		expect((await call({ headers, data: { code: totpCode(secret, Date.now() + 30_000) } })).status).toBe(409)
	},
	'POST /api/admin/two-factor/recovery-codes': async ({ call }) => {
		const admin = await fixtures.createAdmin({ role: 'admin' })
		const headers = bearer(admin.token)
		const code = totpCode(admin.totpSecret)
		expect((await call({ headers, data: { code } })).status).toBe(200)
		// Each code works once.
		expect((await call({ headers, data: { code } })).status).toBe(400)
	},
	'POST /api/admin/logout': async ({ request, call }) => {
		const member = await createMember()
		expect((await call({ headers: bearer(member.token) })).status).toBe(403)
		const admin = await adminToken()
		expect((await call({ headers: admin })).status).toBe(200)
		expect((await call({ headers: admin })).status).toBe(401)
	},
	'GET /api/admin/me': async ({ request, call }) => {
		expect((await call({ headers: await adminToken() })).status).toBe(200)
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
		expect((await call({ headers: bearer('not-a-token') })).status).toBe(401)
	},
	'GET /api/admin/dashboard/stats': async ({ request, call }) => {
		expect((await call({ headers: await adminToken() })).status).toBe(200)
		expect((await call()).status).toBe(401)
	},
	'GET /api/admin/dashboard/alerts': async ({ request, call }) => {
		const headers = await adminToken()
		expect((await call({ headers, query: { limit: '50' } })).status).toBe(200)
		expect((await call({ headers, query: { limit: '0' } })).status).toBe(400)
	},
	'POST /api/admin/revenue': async ({ request, call }) => {
		const headers = await adminToken()
		// 2000-01: far from the current month, whose total other suites read.
		expect((await call({ headers, data: { broker: `Broker ${tag()}`, month: '2000-01', amount: 12.5 } })).status).toBe(
			201,
		)
		expect((await call({ headers, data: { broker: 'B', month: '2000-13', amount: 1 } })).status).toBe(400)
	},
	'GET /api/admin/referrals': async ({ request, call }) => {
		const headers = await staffToken()
		await createHeldReferral(request)
		expect((await call({ headers, query: { status: 'held', limit: '100' } })).status).toBe(200)
		expect((await call({ headers, query: { status: 'decided' } })).status).toBe(200)
		expect((await call({ headers, query: { limit: '0' } })).status).toBe(400)
	},
	'POST /api/admin/referrals/{id}/approve': async ({ request, call }) => {
		const headers = await staffToken()
		const { creditId } = await createHeldReferral(request)
		expect((await call({ headers, params: { id: creditId } })).status).toBe(200)
		expect((await call({ headers, params: { id: creditId } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'POST /api/admin/referrals/{id}/reject': async ({ request, call }) => {
		const headers = await staffToken()
		const { creditId } = await createHeldReferral(request)
		expect((await call({ headers, params: { id: creditId }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: creditId }, data: { reason: 'Sample' } })).status).toBe(200)
		expect((await call({ headers, params: { id: creditId }, data: { reason: 'Sample' } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { reason: 'x' } })).status).toBe(404)
	},
	'GET /api/admin/referral-settings': async ({ request, call }) => {
		expect((await call({ headers: await adminToken() })).status).toBe(200)
		expect((await call({ headers: await staffToken() })).status).toBe(403)
	},
	'PUT /api/admin/referral-settings': async ({ request, call }) => {
		const headers = await adminToken()
		// The suite's values as they are (other suites run at the same time).
		expect((await call({ headers, data: SUITE_REFERRAL_SETTINGS })).status).toBe(200)
		expect((await call({ headers, data: { ...SUITE_REFERRAL_SETTINGS, clientMaxEvents: 0 } })).status).toBe(400)
	},
	'GET /api/admin/revenue': async ({ request, call }) => {
		const headers = await staffToken()
		expect((await call({ headers, query: { page: '1', limit: '5' } })).status).toBe(200)
		expect((await call({ headers, query: { limit: '0' } })).status).toBe(400)
	},
	'PATCH /api/admin/revenue/{id}': async ({ request, call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/revenue', {
			headers,
			data: { broker: `Broker ${tag()}`, month: '2000-01', amount: 10 },
		})
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: { amount: 12, reason: 'Re-issued' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: { amount: 12 } })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { amount: 1, reason: 'x' } })).status).toBe(404)
		await other('POST', '/api/admin/revenue/{id}/void', { headers, params: { id }, data: { reason: 'Duplicate' } })
		expect((await call({ headers, params: { id }, data: { amount: 1, reason: 'x' } })).status).toBe(409)
	},
	'POST /api/admin/revenue/{id}/void': async ({ request, call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/revenue', {
			headers,
			data: { broker: `Broker ${tag()}`, month: '2000-01', amount: 10 },
		})
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id }, data: { reason: 'Duplicate' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: { reason: 'Duplicate' } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { reason: 'x' } })).status).toBe(404)
	},
	'GET /api/admin/brokers': async ({ request, call }) => {
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/brokers': async ({ request, call }) => {
		const headers = await adminToken()
		expect((await call({ headers, data: brokerPayload() })).status).toBe(201)
		expect(
			(await call({ headers, data: { ...brokerPayload(), affiliateUrl: 'http://x.example/{trackingId}' } })).status,
		).toBe(400)
		expect((await call({ headers: await staffToken(), data: brokerPayload() })).status).toBe(403)
	},
	'GET /api/admin/brokers/{slug}': async ({ request, call }) => {
		const headers = await staffToken()
		expect((await call({ headers, params: { slug: 'xm' } })).status).toBe(200)
		expect((await call({ headers, params: { slug: 'no-such-broker' } })).status).toBe(404)
	},
	'PATCH /api/admin/brokers/{slug}': async ({ request, call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/brokers', { headers, data: brokerPayload() })
		const slug = created.body.data.slug
		expect((await call({ headers, params: { slug }, data: { lossPercent: 70.5 } })).status).toBe(200)
		expect((await call({ headers, params: { slug }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { slug }, data: { slug: 'xm' } })).status).toBe(409)
		expect((await call({ headers, params: { slug: 'no-such-broker' }, data: { name: 'x' } })).status).toBe(404)
	},
	'POST /api/admin/brokers/{slug}/deactivate': async ({ request, call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/brokers', { headers, data: brokerPayload() })
		const slug = created.body.data.slug
		expect((await call({ headers, params: { slug } })).status).toBe(200)
		expect((await call({ headers, params: { slug } })).status).toBe(409)
		expect((await call({ headers, params: { slug: 'no-such-broker' } })).status).toBe(404)
	},
	'POST /api/admin/brokers/{slug}/activate': async ({ request, call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/brokers', { headers, data: brokerPayload() })
		const slug = created.body.data.slug
		expect((await call({ headers, params: { slug } })).status).toBe(409)
		await other('POST', '/api/admin/brokers/{slug}/deactivate', { headers, params: { slug } })
		expect((await call({ headers, params: { slug } })).status).toBe(200)
	},
	'GET /api/admin/content/promotions': async ({ call }) => {
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/content/promotions': async ({ call }) => {
		const headers = await staffToken()
		expect((await call({ headers, data: promotionPayload() })).status).toBe(201)
		expect((await call({ headers, data: { ...promotionPayload(), code: 'X'.repeat(41) } })).status).toBe(400)
		expect((await call({ headers: bearer((await createMember()).token), data: promotionPayload() })).status).toBe(403)
	},
	'GET /api/admin/content/promotions/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/promotions', { headers, data: promotionPayload() })
		expect((await call({ headers, params: { id: created.body.data.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/content/promotions/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/promotions', { headers, data: promotionPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: { description: 'Changed' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { description: 'x' } })).status).toBe(404)
	},
	'DELETE /api/admin/content/promotions/{id}': async ({ call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/content/promotions', { headers, data: promotionPayload() })
		const id = created.body.data.id
		expect((await call({ headers: await staffToken(), params: { id } })).status).toBe(403)
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(404)
	},
	'POST /api/admin/content/promotions/{id}/publish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/promotions', { headers, data: promotionPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		await other('POST', '/api/admin/content/promotions/{id}/unpublish', { headers, params: { id } })
	},
	'POST /api/admin/content/promotions/{id}/unpublish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/promotions', { headers, data: promotionPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(409)
		await other('POST', '/api/admin/content/promotions/{id}/publish', { headers, params: { id } })
		expect((await call({ headers, params: { id } })).status).toBe(200)
	},
	'GET /api/admin/content/offers': async ({ call }) => {
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/content/offers': async ({ call }) => {
		const headers = await staffToken()
		expect((await call({ headers, data: offerPayload() })).status).toBe(201)
		expect((await call({ headers, data: { ...offerPayload(), currentFee: 40 } })).status).toBe(400)
		expect((await call({ headers: bearer((await createMember()).token), data: offerPayload() })).status).toBe(403)
	},
	'GET /api/admin/content/offers/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/offers', { headers, data: offerPayload() })
		expect((await call({ headers, params: { id: created.body.data.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/content/offers/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/offers', { headers, data: offerPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: { description: 'Changed' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { description: 'x' } })).status).toBe(404)
	},
	'DELETE /api/admin/content/offers/{id}': async ({ call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/content/offers', { headers, data: offerPayload() })
		const id = created.body.data.id
		expect((await call({ headers: await staffToken(), params: { id } })).status).toBe(403)
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(404)
	},
	'POST /api/admin/content/offers/{id}/publish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/offers', { headers, data: offerPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		await other('POST', '/api/admin/content/offers/{id}/unpublish', { headers, params: { id } })
	},
	'POST /api/admin/content/offers/{id}/unpublish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/offers', { headers, data: offerPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(409)
		await other('POST', '/api/admin/content/offers/{id}/publish', { headers, params: { id } })
		expect((await call({ headers, params: { id } })).status).toBe(200)
	},
	'GET /api/admin/content/testimonials': async ({ call }) => {
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/content/testimonials': async ({ call }) => {
		const headers = await staffToken()
		expect((await call({ headers, data: testimonialPayload() })).status).toBe(201)
		expect((await call({ headers, data: { ...testimonialPayload(), consentHow: '' } })).status).toBe(400)
		expect((await call({ headers: bearer((await createMember()).token), data: testimonialPayload() })).status).toBe(403)
	},
	'GET /api/admin/content/testimonials/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/testimonials', { headers, data: testimonialPayload() })
		expect((await call({ headers, params: { id: created.body.data.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/content/testimonials/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/testimonials', { headers, data: testimonialPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: { role: 'Changed' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { role: 'x' } })).status).toBe(404)
	},
	'DELETE /api/admin/content/testimonials/{id}': async ({ call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/content/testimonials', { headers, data: testimonialPayload() })
		const id = created.body.data.id
		expect((await call({ headers: await staffToken(), params: { id } })).status).toBe(403)
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(404)
	},
	'POST /api/admin/content/testimonials/{id}/publish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/testimonials', { headers, data: testimonialPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		await other('POST', '/api/admin/content/testimonials/{id}/unpublish', { headers, params: { id } })
	},
	'POST /api/admin/content/testimonials/{id}/unpublish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/testimonials', { headers, data: testimonialPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(409)
		await other('POST', '/api/admin/content/testimonials/{id}/publish', { headers, params: { id } })
		expect((await call({ headers, params: { id } })).status).toBe(200)
	},
	'GET /api/admin/content/lessons': async ({ call }) => {
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/content/lessons': async ({ call }) => {
		const headers = await staffToken()
		expect((await call({ headers, data: lessonPayload() })).status).toBe(201)
		expect((await call({ headers, data: { ...lessonPayload(), tab: 'crypto' } })).status).toBe(400)
		expect((await call({ headers: bearer((await createMember()).token), data: lessonPayload() })).status).toBe(403)
	},
	'GET /api/admin/content/lessons/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/lessons', { headers, data: lessonPayload() })
		expect((await call({ headers, params: { id: created.body.data.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/content/lessons/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/lessons', { headers, data: lessonPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: { body: '## Changed' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { duration: 3 } })).status).toBe(404)
	},
	'DELETE /api/admin/content/lessons/{id}': async ({ call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/content/lessons', { headers, data: lessonPayload() })
		const id = created.body.data.id
		expect((await call({ headers: await staffToken(), params: { id } })).status).toBe(403)
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(404)
	},
	// Publishing a lesson puts it in every member's academy: held under the academy's lock (tests/content-e2e-utils.ts).
	'POST /api/admin/content/lessons/{id}/publish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/lessons', { headers, data: lessonPayload() })
		const id = created.body.data.id
		await withAcademyLock(async () => {
			expect((await call({ headers, params: { id } })).status).toBe(200)
			expect((await call({ headers, params: { id } })).status).toBe(409)
			expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
			await other('POST', '/api/admin/content/lessons/{id}/unpublish', { headers, params: { id } })
		})
	},
	'POST /api/admin/content/lessons/{id}/unpublish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/lessons', { headers, data: lessonPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(409)
		await withAcademyLock(async () => {
			await other('POST', '/api/admin/content/lessons/{id}/publish', { headers, params: { id } })
			expect((await call({ headers, params: { id } })).status).toBe(200)
		})
	},
	'GET /api/admin/content/announcements': async ({ call }) => {
		expect((await call({ headers: await staffToken() })).status).toBe(200)
		expect((await call({ headers: bearer((await createMember()).token) })).status).toBe(403)
	},
	'POST /api/admin/content/announcements': async ({ call }) => {
		const headers = await staffToken()
		expect((await call({ headers, data: announcementPayload() })).status).toBe(201)
		expect((await call({ headers, data: { ...announcementPayload(), audience: 'diamond' } })).status).toBe(400)
	},
	'GET /api/admin/content/announcements/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/announcements', { headers, data: announcementPayload() })
		expect((await call({ headers, params: { id: created.body.data.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/content/announcements/{id}': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/announcements', { headers, data: announcementPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id }, data: { body: 'Changed' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { body: 'x' } })).status).toBe(404)
	},
	'DELETE /api/admin/content/announcements/{id}': async ({ call, other }) => {
		const headers = await adminToken()
		const created = await other('POST', '/api/admin/content/announcements', { headers, data: announcementPayload() })
		const id = created.body.data.id
		expect((await call({ headers: await staffToken(), params: { id } })).status).toBe(403)
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(404)
	},
	'POST /api/admin/content/announcements/{id}/publish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/announcements', { headers, data: announcementPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		await other('POST', '/api/admin/content/announcements/{id}/unpublish', { headers, params: { id } })
	},
	'POST /api/admin/content/announcements/{id}/unpublish': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/announcements', { headers, data: announcementPayload() })
		const id = created.body.data.id
		expect((await call({ headers, params: { id } })).status).toBe(409)
		await other('POST', '/api/admin/content/announcements/{id}/publish', { headers, params: { id } })
		expect((await call({ headers, params: { id } })).status).toBe(200)
	},
	'POST /api/admin/content/announcements/{id}/send': async ({ call, other }) => {
		const headers = await staffToken()
		const created = await other('POST', '/api/admin/content/announcements', { headers, data: announcementPayload() })
		expect((await call({ headers, params: { id: created.body.data.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'GET /api/admin/staff': async ({ request, call }) => {
		expect((await call({ headers: await adminToken() })).status).toBe(200)
		expect((await call({ headers: await staffToken() })).status).toBe(403)
	},
	'POST /api/admin/staff': async ({ request, call }) => {
		const headers = await adminToken()
		const t = tag()
		const answer = await call({ headers, data: { name: `OpenAPI ${t}`, email: `${t}@example.com`, role: 'admin' } })
		expect(answer.status).toBe(201)
		cleanup.admins(answer.body.data.admin.id)
		expect((await call({ headers, data: { name: 'X', email: `${t}@example.com`, role: 'admin' } })).status).toBe(409)
		expect((await call({ headers, data: { name: 'X', email: `${t}@example.com`, role: 'owner' } })).status).toBe(400)
	},
	'GET /api/admin/staff/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const staff = await fixtures.createAdmin({ role: 'admin' })
		expect((await call({ headers, params: { id: staff.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/staff/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const staff = await fixtures.createAdmin({ role: 'admin' })
		expect((await call({ headers, params: { id: staff.id }, data: { disabled: true } })).status).toBe(200)
		expect((await call({ headers, params: { id: staff.id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { role: 'admin' } })).status).toBe(404)
	},
	'POST /api/admin/staff/{id}/reset-password': async ({ request, call }) => {
		const headers = await adminToken()
		const staff = await fixtures.createAdmin({ role: 'admin' })
		const answer = await call({ headers, params: { id: staff.id } })
		expect(answer.status).toBe(200)
		expect(typeof answer.body.data.password).toBe('string')
		expect((await call({ headers, params: { id: staff.id }, data: { password: 'weak' } })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'POST /api/admin/staff/{id}/reset-two-factor': async ({ call }) => {
		const headers = await adminToken()
		const staff = await fixtures.createAdmin({ role: 'admin' })
		expect((await call({ headers, params: { id: staff.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: staff.id } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		expect((await call({ headers: await staffToken(), params: { id: staff.id } })).status).toBe(403)
	},
	'GET /api/admin/users': async ({ request, call }) => {
		const headers = await adminToken()
		const user = await createUser({ plan: 'gold' })
		const listed = await call({ headers, query: { search: user.email, limit: '5' } })
		expect(listed.status).toBe(200)
		expect(listed.body.data.users).toHaveLength(1)
		expect((await call({ headers, query: { page: '0' } })).status).toBe(400)
	},
	'POST /api/admin/users': async ({ request, call }) => {
		const headers = await adminToken()
		const t = tag()
		const payload = {
			name: `OpenAPI ${t}`,
			email: `${t}@example.com`,
			password: PASSWORD,
			phone: '+2348012345678',
			plan: 'platinum',
		}
		expect((await call({ headers, data: payload })).status).toBe(201)
		expect((await call({ headers, data: payload })).status).toBe(409)
		expect((await call({ headers, data: { ...payload, role: 'super_admin' } })).status).toBe(400)
		expect((await call({ headers: { ...headers, 'Content-Type': 'text/plain' }, data: 'name=x' })).status).toBe(415)
	},
	'PUT /api/admin/users/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const [user, other] = [await createUser(), await createUser()]
		const data = { name: `${user.name} Edited`, email: user.email, status: 'suspended' }
		expect((await call({ headers, params: { id: user.id }, data })).status).toBe(200)
		expect((await call({ headers, params: { id: user.id }, data: { ...data, email: other.email } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID }, data })).status).toBe(404)
	},
	'DELETE /api/admin/users/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const user = await createUser()
		expect((await call({ headers: await staffToken(), params: { id: user.id } })).status).toBe(403)
		expect((await call({ headers, params: { id: user.id } })).status).toBe(200)
		expect((await call({ headers, params: { id: user.id } })).status).toBe(404)
	},
	'GET /api/admin/users/{id}/stats': async ({ request, call, other }) => {
		const headers = await adminToken()
		const user = await createUser({ plan: 'titanium' })
		await other('PUT', '/api/admin/users/{id}', {
			headers,
			params: { id: user.id },
			data: { name: user.name, email: user.email, plan: 'gold' },
		})
		// A broker account with an applied report: the `brokers` items are validated too.
		const broker = insertTestBroker(`OpenAPI Broker ${tag()}`)
		try {
			connectMember(user.id, broker.id)
			insertAppliedReport(broker.id, '2026-10', [{ userId: user.id, depositsCents: 125_000 }])
			const stats = await call({ headers, params: { id: user.id } })
			expect(stats.status).toBe(200)
			expect(stats.body.data.planHistory.length).toBeGreaterThan(0)
			expect(stats.body.data.brokers).toHaveLength(1)
			expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		} finally {
			removeTestBrokers(broker.id)
		}
	},
	'POST /api/admin/users/bulk-update': async ({ request, call }) => {
		const headers = await adminToken()
		const ids = [(await createUser()).id, (await createUser()).id]
		expect((await call({ headers, data: { userIds: ids, action: 'set-plan', data: { plan: 'gold' } } })).status).toBe(
			200,
		)
		expect((await call({ headers: await staffToken(), data: { userIds: ids, action: 'delete' } })).status).toBe(403)
		expect((await call({ headers, data: { userIds: [...ids, MISSING_ID], action: 'delete' } })).status).toBe(404)
		expect((await call({ headers, data: { userIds: ids, action: 'set-plan' } })).status).toBe(400)
	},
	'GET /api/admin/users/export': async ({ request, call }) => {
		const headers = await adminToken()
		const user = await createUser()
		const csv = await call({ headers, query: { search: user.email } })
		expect(csv.status).toBe(200)
		expect(csv.body).toContain(user.email)
		expect((await call({ headers, query: { sortBy: 'email' } })).status).toBe(400)
	},
	'GET /api/admin/audit': async ({ request, call }) => {
		const headers = await adminToken()
		const user = await createUser()
		const listed = await call({ headers, query: { targetType: 'user', targetId: String(user.id), limit: '5' } })
		expect(listed.status).toBe(200)
		expect((await call({ headers, query: { cursor: 'nope' } })).status).toBe(400)
	},
	'GET /api/admin/audit/export': async ({ request, call }) => {
		const headers = await adminToken()
		const csv = await call({ headers, query: { action: 'user.update', from: '2020-01-01' } })
		expect(csv.status).toBe(200)
		expect(csv.body).toContain('Target type')
		expect((await call({ headers, query: { from: '2020-02-30' } })).status).toBe(400)
	},
	'GET /api/admin/offer-claims': async ({ request, call }) => {
		const headers = await adminToken()
		const claimId = insertClaim((await createUser({ plan: 'gold' })).id)
		const listed = await call({ headers, query: { status: 'new', offer: 'zainab-bello', limit: '100' } })
		expect(listed.status).toBe(200)
		expect(listed.body.data.claims.map((c: { id: number }) => c.id)).toContain(claimId)
		expect((await call({ headers, query: { status: 'lost' } })).status).toBe(400)
	},
	'GET /api/admin/offer-claims/export': async ({ request, call }) => {
		const headers = await adminToken()
		const user = await createUser({ plan: 'gold' })
		insertClaim(user.id)
		const csv = await call({ headers, query: { offer: 'zainab-bello' } })
		expect(csv.status).toBe(200)
		expect(csv.body).toContain(user.email)
		expect((await call({ headers, query: { offer: 'No Body' } })).status).toBe(400)
	},
	'GET /api/admin/offer-claims/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const claimId = insertClaim((await createUser({ plan: 'gold' })).id)
		expect((await call({ headers, params: { id: claimId } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'PATCH /api/admin/offer-claims/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const claimId = insertClaim((await createUser({ plan: 'gold' })).id)
		expect((await call({ headers, params: { id: claimId }, data: { status: 'done', note: 'Set up' } })).status).toBe(
			200,
		)
		expect((await call({ headers, params: { id: claimId }, data: { status: 'lost' } })).status).toBe(400)
		expect((await call({ headers, params: { id: MISSING_ID }, data: { status: 'done' } })).status).toBe(404)
	},
	'GET /api/admin/alerts': async ({ request, call }) => {
		const headers = await adminToken()
		const id = insertAlert(`OpenAPI ${tag()}`, 'info', Date.now())
		try {
			const listed = await call({ headers, query: { state: 'open', type: 'info', limit: '100' } })
			expect(listed.status).toBe(200)
			expect((await call({ headers, query: { state: 'closed' } })).status).toBe(400)
		} finally {
			deleteAlerts(id)
		}
	},
	'POST /api/admin/alerts/{id}/acknowledge': async ({ request, call }) => {
		const headers = await adminToken()
		const id = insertAlert(`OpenAPI ${tag()}`, 'info', Date.now())
		try {
			expect((await call({ headers, params: { id } })).status).toBe(200)
			expect((await call({ headers, params: { id } })).status).toBe(409)
			expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		} finally {
			deleteAlerts(id)
		}
	},
	'POST /api/admin/alerts/{id}/resolve': async ({ request, call }) => {
		const headers = await adminToken()
		const id = insertAlert(`OpenAPI ${tag()}`, 'info', Date.now())
		try {
			expect((await call({ headers, params: { id } })).status).toBe(200)
			expect((await call({ headers, params: { id } })).status).toBe(409)
			expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
		} finally {
			deleteAlerts(id)
		}
	},
	'GET /api/admin/contests': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest()
		const listed = await call({ headers, query: { search: contest.name } })
		expect(listed.status).toBe(200)
		expect(listed.body.data.contests).toHaveLength(1)
		expect((await call({ headers, query: { status: 'finished' } })).status).toBe(400)
	},
	'POST /api/admin/contests': async ({ request, call }) => {
		const headers = await adminToken()
		expect(
			(await call({ headers, data: contestPayload({ name: `OpenAPI ${tag()}`, maxParticipants: 20 }) })).status,
		).toBe(201)
		expect((await call({ headers, data: { ...contestPayload(), startDate: 'tomorrow' } })).status).toBe(400)
		expect((await call({ headers: bearer((await createMember()).token), data: contestPayload() })).status).toBe(403)
	},
	'GET /api/admin/contests/{contestId}': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest()
		expect((await call({ headers, params: { contestId: contest.id } })).status).toBe(200)
		expect((await call({ headers, params: { contestId: MISSING_ID } })).status).toBe(404)
		expect((await call({ headers, params: { contestId: 'abc' } })).status).toBe(404)
	},
	'PUT /api/admin/contests/{contestId}': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest()
		const params = { contestId: contest.id }
		expect((await call({ headers, params, data: contestPayload({ name: `${contest.name} Edited` }) })).status).toBe(200)
		expect((await call({ headers, params, data: { status: 'active' } })).status).toBe(200)
		expect((await call({ headers, params, data: { status: 'draft' } })).status).toBe(409)
		expect((await call({ headers, params, data: { status: 'paused', name: 'x' } })).status).toBe(400)
	},
	'DELETE /api/admin/contests/{contestId}': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest()
		await addParticipants(contest.id, [3])
		expect((await call({ headers: await staffToken(), params: { contestId: contest.id } })).status).toBe(403)
		expect((await call({ headers, params: { contestId: contest.id } })).status).toBe(200)
		expect((await call({ headers, params: { contestId: contest.id } })).status).toBe(404)
	},
	'POST /api/admin/contests/{contestId}/complete': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest('active')
		await addParticipants(contest.id, [5, 9])
		expect((await call({ headers, params: { contestId: contest.id } })).status).toBe(200)
		expect((await call({ headers, params: { contestId: contest.id } })).status).toBe(409)
	},
	'GET /api/admin/contests/{contestId}/participants': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest('active')
		await addParticipants(contest.id, [1, 4, 2])
		const page = await call({ headers, params: { contestId: contest.id }, query: { limit: '2' } })
		expect(page.status).toBe(200)
		expect(page.body.data.participants).toHaveLength(2)
		expect((await call({ headers, params: { contestId: contest.id }, query: { limit: '0' } })).status).toBe(400)
		expect((await call({ headers, params: { contestId: MISSING_ID } })).status).toBe(404)
	},
	'PUT /api/admin/contests/{contestId}/participants/{userId}': async ({ request, call }) => {
		const headers = await adminToken()
		// Scores are typed in for referral contests only; a data-scored (trading) contest refuses (409).
		const contest = await createContest('active', 'referral')
		const [player] = await addParticipants(contest.id, [2])
		const params = { contestId: contest.id, userId: player!.userId }
		expect((await call({ headers, params, data: { score: 7 } })).status).toBe(200)
		const trading = await createContest('active')
		const [trader] = await addParticipants(trading.id, [2])
		expect(
			(await call({ headers, params: { contestId: trading.id, userId: trader!.userId }, data: { score: 7 } })).status,
		).toBe(409)
		expect((await call({ headers, params, data: { score: -1 } })).status).toBe(400)
		expect((await call({ headers, params: { ...params, userId: MISSING_ID }, data: { score: 1 } })).status).toBe(404)
	},
	'GET /api/admin/contests/{contestId}/leaderboard': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest('active')
		await addParticipants(contest.id, [3, 8])
		expect((await call({ headers, params: { contestId: contest.id }, query: { limit: '1' } })).status).toBe(200)
		expect((await call({ headers, params: { contestId: contest.id }, query: { limit: '101' } })).status).toBe(400)
	},
	'GET /api/admin/contests/{contestId}/stats': async ({ request, call }) => {
		const headers = await adminToken()
		const contest = await createContest('active')
		await addParticipants(contest.id, [6])
		expect((await call({ headers, params: { contestId: contest.id } })).status).toBe(200)
		expect((await call({ headers, params: { contestId: MISSING_ID } })).status).toBe(404)
	},
	'GET /api/admin/unlock-codes': async ({ call }) => {
		const headers = await adminToken()
		const res = await call({ headers })
		expect(res.status).toBe(200)
		expect(res.body.data.codes.length).toBeGreaterThan(0)
		const member = bearer((await fixtures.createMember({ unlocked: true })).token)
		expect((await call({ headers: member })).status).toBe(403)
	},
	'POST /api/admin/unlock-codes': async ({ call }) => {
		const headers = await adminToken()
		// A week's grace: the other specs' UNLOCK_CODE keeps working.
		expect((await call({ headers, data: { graceHours: 168 } })).status).toBe(201)
		expect((await call({ headers, data: { graceHours: 3 } })).status).toBe(400)
	},
	'POST /api/admin/unlock-codes/{id}/retire': async ({ request, call }) => {
		const headers = await adminToken()
		const rotated = await request.post('/api/admin/unlock-codes', { headers, data: { graceHours: 168 } })
		const id = (await rotated.json()).data.code.id
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'GET /api/admin/plan-code-batches': async ({ call }) => {
		const headers = await adminToken()
		expect((await call({ headers })).status).toBe(200)
		expect((await call({ headers, query: { page: '0' } })).status).toBe(400)
	},
	'POST /api/admin/plan-code-batches': async ({ call }) => {
		const headers = await adminToken()
		const data = { plan: 'gold', count: 2, usesPerCode: 1, note: 'OpenAPI sample' }
		expect((await call({ headers, data })).status).toBe(201)
		expect((await call({ headers, data: { ...data, count: 0 } })).status).toBe(400)
	},
	'GET /api/admin/plan-code-batches/{id}': async ({ request, call }) => {
		const headers = await adminToken()
		const id = await sampleBatch(request, headers)
		expect((await call({ headers, params: { id }, query: { status: 'unused' } })).status).toBe(200)
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'GET /api/admin/plan-code-batches/{id}/export': async ({ request, call }) => {
		const headers = await adminToken()
		const id = await sampleBatch(request, headers)
		const csv = await call({ headers, params: { id } })
		expect(csv.status).toBe(200)
		expect(csv.body).toContain('code,plan,uses,max uses,expires,status')
		expect((await call({ headers, params: { id: MISSING_ID } })).status).toBe(404)
	},
	'POST /api/admin/plan-code-batches/{id}/revoke': async ({ request, call }) => {
		const headers = await adminToken()
		const id = await sampleBatch(request, headers)
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
	},
	'POST /api/admin/plan-codes/{id}/revoke': async ({ request, call }) => {
		const headers = await adminToken()
		const batchId = await sampleBatch(request, headers)
		const page = await (await request.get(`/api/admin/plan-code-batches/${batchId}`, { headers })).json()
		const id = page.data.codes[0].id
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id } })).status).toBe(409)
	},
	'GET /api/admin/brokers/{slug}/reports': async ({ call }) => {
		const headers = await staffToken()
		const broker = createE2eBroker()
		try {
			expect((await call({ headers, params: { slug: broker.slug } })).status).toBe(200)
			expect((await call({ headers, params: { slug: 'no-such-broker' } })).status).toBe(404)
		} finally {
			removeE2eBroker(broker)
		}
	},
	'POST /api/admin/brokers/{slug}/reports': async ({ call }) => {
		const headers = await staffToken()
		const broker = createE2eBroker()
		try {
			const member = await createMember()
			const csv = reportCsv([{ trackingId: linkTrackingId(broker.id, member.id), deposits: '10', month: '2001-05' }])
			const raw = { ...headers, 'Content-Type': 'text/csv' }
			const params = { slug: broker.slug }
			expect((await call({ headers: raw, params, query: { month: '2001-05', dryRun: '1' }, data: csv })).status).toBe(
				200,
			)
			expect((await call({ headers: raw, params, query: { month: '2001-05' }, data: csv })).status).toBe(201)
			expect((await call({ headers: raw, params, query: { month: '2001-05' }, data: csv })).status).toBe(409)
			const kept = await call({ headers: raw, params, query: { month: '2001-05', replace: '1' }, data: csv })
			expect([kept.status, kept.body.data.alreadyApplied]).toEqual([200, true])
			const bad = reportCsv([{ trackingId: 'tc_nobody', month: '2001-06' }])
			expect((await call({ headers: raw, params, query: { month: '2001-06' }, data: bad })).status).toBe(422)
			expect((await call({ headers: raw, params, data: csv })).status).toBe(400)
			expect((await call({ headers, params, data: { month: '2001-05' } })).status).toBe(415)
		} finally {
			removeE2eBroker(broker)
		}
	},
	'GET /api/admin/traders': async ({ call }) => {
		const headers = await staffToken()
		expect((await call({ headers, query: { status: 'applied', flag: 'none', limit: '5' } })).status).toBe(200)
		expect((await call({ headers, query: { status: 'famous' } })).status).toBe(400)
	},
	'POST /api/admin/traders': async ({ call }) => {
		const headers = await staffToken()
		const data = traderPayload()
		expect((await call({ headers, data })).status).toBe(201)
		expect((await call({ headers, data })).status).toBe(409)
		expect((await call({ headers, data: { ...traderPayload(), markets: [] } })).status).toBe(400)
	},
	'GET /api/admin/traders/{id}': async ({ request, call }) => {
		const headers = await staffToken()
		const id = await sampleTrader(request, headers)
		expect((await call({ headers, params: { id: String(id) } })).status).toBe(200)
		expect((await call({ headers, params: { id: '999999999' } })).status).toBe(404)
	},
	'PATCH /api/admin/traders/{id}': async ({ request, call }) => {
		const headers = await staffToken()
		const id = String(await sampleTrader(request, headers))
		expect((await call({ headers, params: { id }, data: { name: 'Renamed' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: '999999999' }, data: { name: 'x' } })).status).toBe(404)
	},
	'POST /api/admin/traders/{id}/review': async ({ request, call }) => {
		const headers = await staffToken()
		const id = String(await sampleTrader(request, headers))
		expect((await call({ headers, params: { id }, data: { to: 'in_review', note: 'Documents in' } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: { to: 'in_review', note: 'Again' } })).status).toBe(409)
		expect((await call({ headers, params: { id }, data: { to: 'retired', note: 'x' } })).status).toBe(403)
		expect((await call({ headers, params: { id }, data: { to: 'listed' } })).status).toBe(400)
	},
	'PATCH /api/admin/traders/{id}/checklist': async ({ request, call }) => {
		const headers = await staffToken()
		const id = String(await sampleTrader(request, headers))
		expect((await call({ headers, params: { id }, data: { identityChecked: true } })).status).toBe(200)
		expect((await call({ headers, params: { id }, data: {} })).status).toBe(400)
		expect((await call({ headers, params: { id: '999999999' }, data: { riskAcceptable: true } })).status).toBe(404)
	},
	'GET /api/admin/traders/{id}/statements': async ({ request, call }) => {
		const headers = await staffToken()
		const id = String(await sampleTrader(request, headers))
		expect((await call({ headers, params: { id } })).status).toBe(200)
		expect((await call({ headers, params: { id: '999999999' } })).status).toBe(404)
	},
	'POST /api/admin/traders/{id}/statements': async ({ request, call }) => {
		const headers = await staffToken()
		const id = String(await sampleTrader(request, headers))
		const raw = { ...headers, 'Content-Type': 'text/csv' }
		const params = { id }
		expect(
			(await call({ headers: raw, params, query: { kind: 'equity', dryRun: '1' }, data: SAMPLE_EQUITY })).status,
		).toBe(200)
		expect((await call({ headers: raw, params, query: { kind: 'equity' }, data: SAMPLE_EQUITY })).status).toBe(201)
		expect((await call({ headers: raw, params, query: { kind: 'equity' }, data: SAMPLE_EQUITY })).status).toBe(409)
		const bad = `${SAMPLE_EQUITY}\n2025-01-03,-1,0,0`
		expect((await call({ headers: raw, params, query: { kind: 'equity', replace: '1' }, data: bad })).status).toBe(422)
		expect((await call({ headers: raw, params, data: SAMPLE_EQUITY })).status).toBe(400)
		expect((await call({ headers, params, query: { kind: 'equity' }, data: { a: 1 } })).status).toBe(415)
		expect(
			(await call({ headers: raw, params: { id: '999999999' }, query: { kind: 'equity' }, data: SAMPLE_EQUITY }))
				.status,
		).toBe(404)
	},
	'GET /api/member/overview': async ({ call }) => {
		expect((await call({ headers: await memberHeaders() })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'GET /api/member/traders': async ({ call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		expect((await call({ headers, query: { sort: 'followers' } })).status).toBe(200)
		expect(
			(await call({ headers, query: { sort: 'sharpe', order: 'asc', status: 'past', page: '1', limit: '5' } })).status,
		).toBe(200)
		expect((await call({ headers, query: { sort: 'name' } })).status).toBe(400)
		expect((await call({ headers, query: { order: 'up' } })).status).toBe(400)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'GET /api/member/traders/{id}': async ({ call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		expect((await call({ headers, params: { id: 'e2e-leader' } })).status).toBe(200)
		expect((await call({ headers, params: { id: 'e2e-retired' } })).status).toBe(200)
		expect((await call({ headers, params: { id: 'no-such-trader' } })).status).toBe(404)
		expect((await call({ headers: await memberHeaders({ unlocked: false }), params: { id: 'x' } })).status).toBe(403)
	},
	'GET /api/member/compare': async ({ call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		expect((await call({ headers, query: { ids: 'e2e-leader,e2e-followed' } })).status).toBe(200)
		expect((await call({ headers, query: { ids: 'e2e-leader,e2e-followed,e2e-watch,a,b' } })).status).toBe(400)
		expect((await call({ headers, query: { ids: 'e2e-leader,e2e-retired' } })).status).toBe(400)
		expect((await call({ headers: await memberHeaders({ unlocked: false }), query: { ids: 'a,b' } })).status).toBe(403)
	},
	'GET /api/member/traders/{id}/outcomes': async ({ call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		expect((await call({ headers, params: { id: 'e2e-leader' } })).status).toBe(200)
		expect((await call({ headers, params: { id: 'e2e-in-review' } })).status).toBe(404)
		expect((await call({ headers: await memberHeaders({ unlocked: false }), params: { id: 'x' } })).status).toBe(403)
	},
	'GET /api/member/watchlist': async ({ request, call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		await request.post('/api/member/watchlist', { headers, data: { slug: 'e2e-leader' } })
		expect((await call({ headers })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'POST /api/member/watchlist': async ({ call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		expect((await call({ headers, data: { slug: 'e2e-leader', drawdownAlert: 25 } })).status).toBe(201)
		expect((await call({ headers, data: { slug: 'e2e-leader' } })).status).toBe(200)
		expect((await call({ headers, data: { slug: 'e2e-in-review' } })).status).toBe(409)
		expect((await call({ headers, data: { slug: 'no-such-trader' } })).status).toBe(404)
		expect((await call({ headers, data: { slug: 'e2e-leader', drawdownAlert: 0 } })).status).toBe(400)
	},
	'PATCH /api/member/watchlist/{slug}': async ({ request, call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		await request.post('/api/member/watchlist', { headers, data: { slug: 'e2e-leader' } })
		expect((await call({ headers, params: { slug: 'e2e-leader' }, data: { drawdownAlert: 30 } })).status).toBe(200)
		expect((await call({ headers, params: { slug: 'e2e-leader' }, data: { drawdownAlert: 91 } })).status).toBe(400)
		expect((await call({ headers, params: { slug: 'e2e-retired' }, data: { drawdownAlert: 30 } })).status).toBe(404)
	},
	'DELETE /api/member/watchlist/{slug}': async ({ request, call }) => {
		const headers = await memberHeaders()
		makeRegistryTraders()
		await request.post('/api/member/watchlist', { headers, data: { slug: 'e2e-leader' } })
		expect((await call({ headers, params: { slug: 'e2e-leader' } })).status).toBe(200)
		expect((await call({ headers, params: { slug: 'e2e-leader' } })).status).toBe(404)
	},
	'POST /api/member/watchlist/seen': async ({ call }) => {
		expect((await call({ headers: await memberHeaders() })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'GET /api/member/academy': async ({ call }) => {
		expect((await call({ headers: await memberHeaders() })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'POST /api/member/academy/lessons/{lessonId}/complete': async ({ call }) => {
		const headers = await memberHeaders()
		expect((await call({ headers, params: { lessonId: 'basics-1' } })).status).toBe(200)
		expect((await call({ headers, params: { lessonId: 'no-such-lesson' } })).status).toBe(404)
		expect((await call({ headers, params: { lessonId: 'basics-2' }, data: { x: 1 } })).status).toBe(400)
		expect(
			(await call({ headers: await memberHeaders({ unlocked: false }), params: { lessonId: 'basics-1' } })).status,
		).toBe(403)
	},
	'GET /api/member/plans': async ({ call }) => {
		expect((await call({ headers: await memberHeaders() })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'POST /api/member/plans/activate': async ({ call }) => {
		const headers = await memberHeaders()
		const code = issuePlanCode('gold')
		expect((await call({ headers, data: { code } })).status).toBe(200)
		expect((await call({ headers, data: { code } })).status).toBe(409)
		expect((await call({ headers, data: { code: 'GOLD-NOPE' } })).status).toBe(400)
		expect((await call({ headers: await memberHeaders({ unlocked: false }), data: { code } })).status).toBe(403)
	},
	'GET /api/member/offers': async ({ call }) => {
		expect((await call({ headers: await memberHeaders({ plan: 'gold' }) })).status).toBe(200)
		expect((await call({ headers: await memberHeaders() })).status).toBe(403)
	},
	'POST /api/member/offers/{id}/claim': async ({ call }) => {
		const headers = await memberHeaders({ plan: 'gold' })
		expect((await call({ headers, params: { id: 'kwame-asante' } })).status).toBe(201)
		expect((await call({ headers, params: { id: 'kwame-asante' } })).status).toBe(409)
		expect((await call({ headers, params: { id: 'no-such-offer' } })).status).toBe(404)
		expect((await call({ headers: await memberHeaders(), params: { id: 'kwame-asante' } })).status).toBe(403)
	},
	'GET /api/member/referrals': async ({ call }) => {
		const headers = await memberHeaders()
		expect((await call({ headers, query: { page: '1', limit: '5' } })).status).toBe(200)
		expect((await call({ headers, query: { limit: '0' } })).status).toBe(400)
	},
	'GET /api/member/referrals/leaderboard': async ({ call }) => {
		expect((await call({ headers: await memberHeaders() })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'GET /api/member/contests': async ({ call }) => {
		expect((await call({ headers: await memberHeaders() })).status).toBe(200)
		expect((await call({ headers: await memberHeaders({ unlocked: false }) })).status).toBe(403)
	},
	'GET /api/member/notifications': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		insertNotification(member.id)
		const headers = bearer(member.token)
		expect((await call({ headers })).status).toBe(200)
		expect((await call({ headers, query: { page: '0' } })).status).toBe(400)
		const locked = await fixtures.createMember()
		expect((await call({ headers: bearer(locked.token) })).status).toBe(403)
		ageTermsAcceptance(member.id)
		expect((await call({ headers })).status).toBe(409)
	},
	'POST /api/member/notifications/{id}/read': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		const other = await fixtures.createMember({ unlocked: true })
		const id = insertNotification(member.id)
		expect((await call({ headers: bearer(member.token), params: { id } })).status).toBe(200)
		expect((await call({ headers: bearer(other.token), params: { id } })).status).toBe(404)
		expect((await call({ headers: bearer(member.token), params: { id }, data: [] })).status).toBe(400)
	},
	'POST /api/member/notifications/read-all': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		insertNotification(member.id)
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		const locked = await fixtures.createMember()
		expect((await call({ headers: bearer(locked.token) })).status).toBe(403)
	},
	'GET /api/member/notifications/preferences': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		expect((await call({ headers: bearer(member.token) })).status).toBe(200)
		ageTermsAcceptance(member.id)
		expect((await call({ headers: bearer(member.token) })).status).toBe(409)
	},
	'PUT /api/member/notifications/preferences': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		const headers = bearer(member.token)
		expect((await call({ headers, data: { email: { milestone: false } } })).status).toBe(200)
		expect((await call({ headers, data: { email: { milestone: 'no' } } })).status).toBe(400)
	},
	'POST /api/member/terms/accept': async ({ call }) => {
		const member = await fixtures.createMember({ unlocked: true })
		ageTermsAcceptance(member.id)
		expect((await call({ headers: bearer(member.token), data: { accept: false } })).status).toBe(400)
		expect((await call({ headers: bearer(member.token), data: { accept: true } })).status).toBe(200)
	},
	'GET /api/openapi.json': async ({ call }) => {
		expect((await call()).status).toBe(200)
		// Its only refusal: a query string past the shape limits (server/request-shape.ts).
		expect((await call({ query: { ['x'.repeat(REQUEST_SHAPE_LIMITS.nameLength + 1)]: '1' } })).status).toBe(400)
	},
}

test('every documented operation has a sample below, and every sample an operation', () => {
	const operations = Object.entries(document.paths).flatMap(([path, item]) =>
		METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
	)
	expect(Object.keys(SAMPLES).sort()).toEqual(operations.sort())
})

for (const [key, sample] of Object.entries(SAMPLES)) {
	test(`${key}: its answers are the documented ones`, async ({ request }) => {
		const [method, template] = key.split(' ') as [Method, string]
		const seen: number[] = []
		await sample({
			request,
			call: async (options) => {
				const answer = await callDocumented(request, method, template, options)
				seen.push(answer.status)
				return answer
			},
			other: (m, t, options) => callDocumented(request, m, t, options),
		})
		expect(
			seen.some((s) => s >= 200 && s < 300),
			'a success was sampled',
		).toBe(true)
		const refusals = Object.keys(document.paths[template]![method.toLowerCase()]!.responses).filter((s) => /^4/.test(s))
		if (refusals.length)
			expect(
				seen.some((s) => s >= 400 && s < 500),
				'a refusal was sampled',
			).toBe(true)
	})
}

test('a method a path does not list: 405 with the documented methods in Allow', async ({ request }) => {
	const notAllowed = document.components.responses.MethodNotAllowed
	for (const [path, item] of Object.entries(document.paths)) {
		const listed = METHODS.filter((m) => item[m]).map((m) => m.toUpperCase())
		const method = (['PATCH', 'DELETE', 'PUT', 'POST', 'GET'] as const).find((m) => !listed.includes(m))!
		const url = path.replace(/\{\w+\}/g, '1')
		const res = await request.fetch(url, { method })
		expect(res.status(), `${method} ${url}`).toBe(405)
		const allow = (res.headers()['allow'] ?? '')
			.split(',')
			.map((m) => m.trim())
			.filter((m) => m && m !== 'HEAD')
		expect(allow.sort(), `Allow of ${path}`).toEqual(listed.sort())
		expectDescribed(`${method} ${url} → 405`, notAllowed, res, await res.json())
	}
})

test('an unknown path under /api: the documented 404', async ({ request }) => {
	const res = await request.get('/api/no-such-thing')
	expect(res.status()).toBe(404)
	expectDescribed('GET /api/no-such-thing → 404', document.components.responses.NotFound, res, await res.json())
})

/** Every documented operation, its path's parameters filled with 1. */
function everyOperation() {
	return Object.entries(document.paths).flatMap(([path, item]) =>
		METHODS.filter((m) => item[m]).map((m) => ({
			method: m.toUpperCase() as Method,
			path,
			url: path.replace(/\{\w+\}/g, '1'),
			operation: item[m]!,
		})),
	)
}

// One past each of server/request-shape.ts's limits (docs/decisions/009-no-request-ends-the-process.md).
const BAD_QUERIES = [
	Array.from({ length: REQUEST_SHAPE_LIMITS.fields + 1 }, (_, i) => `f${i}=1`).join('&'),
	`${'x'.repeat(REQUEST_SHAPE_LIMITS.nameLength + 1)}=1`,
	`${Array.from({ length: REQUEST_SHAPE_LIMITS.nameSegments + 1 }, () => 'a').join('.')}=1`,
]

test('a query string past the shape limits: every operation answers its documented 400', async ({ request }) => {
	test.setTimeout(120_000)
	const operations = everyOperation()
	expect(operations.length).toBeGreaterThan(90)
	for (const { method, url, operation } of operations) {
		for (const query of BAD_QUERIES) {
			// No token and no body: the server refuses the query string before any route runs.
			const res = await request.fetch(`${url}?${query}`, { method })
			const what = `${method} ${url}?${query.slice(0, 24)}… → ${res.status()}`
			expect(res.status(), what).toBe(400)
			const body = await res.json()
			expect(body.message, what).toMatch(/^(Too many fields|A field name is too)/)
			expectDescribed(what, operation.responses['400'], res, body)
		}
	}
})

test('a body over the limit: every operation but GET answers its documented 413', async ({ request }) => {
	test.setTimeout(120_000)
	// server/app.ts: 1 MiB on /api, the broker report upload 5 MiB and its multipart envelope.
	const API_LIMIT = 1024 * 1024
	const UPLOAD_LIMIT = BROKER_REPORT_LIMITS.fileBytes + BROKER_REPORT_LIMITS.multipartOverheadBytes
	// A trader's statement upload: 10 MB and its multipart envelope.
	const STATEMENT_UPLOAD_LIMIT = 10_000_000 + 64 * 1024
	const operations = everyOperation().filter((o) => o.method !== 'GET')
	expect(operations.length).toBeGreaterThan(50)
	for (const { method, path, url, operation } of operations) {
		const limit = /^\/api\/admin\/brokers\/\{slug\}\/reports$/.test(path)
			? UPLOAD_LIMIT
			: /^\/api\/admin\/traders\/\{id\}\/statements$/.test(path)
				? STATEMENT_UPLOAD_LIMIT
				: API_LIMIT
		// No token: the body is refused by its size before any route runs.
		const res = await request.fetch(url, {
			method,
			headers: { 'Content-Type': 'application/json' },
			data: Buffer.alloc(limit + 1, 0x20),
		})
		const what = `${method} ${url} (${limit + 1} bytes) → ${res.status()}`
		expect(res.status(), what).toBe(413)
		expectDescribed(what, operation.responses['413'], res, await res.json())
	}
})
