import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { ageTermsAcceptance, consentRows, emailPreference, insertNotification } from '../notification-utils.ts'
import { CONTEST_RESULT_MAIL_WAIT_MS, registration, waitForMail } from '../playwright-utils.ts'

// Issue 15 parts 3 and 5 through the API (docs/decisions/023-consents-and-notifications.md).

test.describe('consents at API sign-up', () => {
	test('the terms always, the 18+ and risk rows when the client confirmed them', async ({ request, cleanup }) => {
		const all = await request.post('/api/auth/register', {
			data: registration({ agreeToTerms: true, confirmAge: true, acknowledgeRisk: true }),
		})
		expect(all.status()).toBe(201)
		const withAll = (await all.json()).data.user.id as number
		cleanup.members(withAll)
		expect(consentRows(withAll).map((r) => [r.kind, r.source])).toEqual([
			['terms', 'api'],
			['age', 'api'],
			['risk', 'api'],
		])
		const bare = await request.post('/api/auth/register', { data: registration() })
		expect(bare.status()).toBe(201)
		const withTermsOnly = (await bare.json()).data.user.id as number
		cleanup.members(withTermsOnly)
		expect(consentRows(withTermsOnly).map((r) => r.kind)).toEqual(['terms'])
	})

	test('a flag sent as false is refused at its field and creates nothing', async ({ request }) => {
		const payload = registration({ confirmAge: false, acknowledgeRisk: 'yes' })
		const res = await request.post('/api/auth/register', { data: payload })
		expect(res.status()).toBe(400)
		expect((await res.json()).errors).toEqual([
			{ path: 'confirmAge', message: 'You must confirm you are 18 or older' },
			{ path: 'acknowledgeRisk', message: 'You must accept the risk warning' },
		])
		const login = await request.post('/api/auth/login', { data: { email: payload.email, password: payload.password } })
		expect(login.status()).toBe(401)
	})
})

test.describe('the inbox API', () => {
	test('lists newest first, marks read (404 for another member), marks all read', async ({ request, createMember }) => {
		const member = await createMember({ unlocked: true })
		const other = await createMember({ unlocked: true })
		const older = insertNotification(member.id, { title: 'Older', at: Date.now() - 60_000 })
		const newer = insertNotification(member.id, { title: 'Newer', kind: 'offer_claim', link: null })
		insertNotification(other.id, { title: 'Not yours' })
		const headers = bearer(member.token)
		const list = await (await request.get('/api/member/notifications', { headers })).json()
		expect(list.data.unread).toBe(2)
		expect(list.data.items.map((i: { title: string }) => i.title)).toEqual(['Newer', 'Older'])
		expect(list.data.items[0]).toMatchObject({ id: newer, kind: 'offer_claim', link: null, read: false })
		expect(list.data.pagination).toEqual({ page: 1, pageSize: 20, total: 2, pageCount: 1 })

		const foreign = await request.post(`/api/member/notifications/${older}/read`, { headers: bearer(other.token) })
		expect(foreign.status()).toBe(404)
		expect((await foreign.json()).message).toBe('Notification not found')
		const read = await request.post(`/api/member/notifications/${older}/read`, { headers })
		expect(await read.json()).toEqual({ success: true, message: 'Marked as read', data: { unread: 1 } })
		expect((await request.post('/api/member/notifications/abc/read', { headers })).status()).toBe(404)

		const all = await request.post('/api/member/notifications/read-all', { headers })
		expect((await all.json()).data).toEqual({ marked: 1, unread: 0 })
		const after = await (await request.get('/api/member/notifications', { headers })).json()
		expect(after.data.items.every((i: { read: boolean }) => i.read)).toBe(true)
		// The other member's row is untouched.
		expect(
			(await (await request.get('/api/member/notifications', { headers: bearer(other.token) })).json()).data.unread,
		).toBe(1)
	})

	test('no token is 401; a locked member is 403', async ({ request, createMember }) => {
		expect((await request.get('/api/member/notifications')).status()).toBe(401)
		const locked = await createMember()
		const res = await request.get('/api/member/notifications', { headers: bearer(locked.token) })
		expect(res.status()).toBe(403)
	})

	test('email preferences: every kind on by default; PUT changes only the kinds given', async ({
		request,
		createMember,
	}) => {
		const member = await createMember({ unlocked: true })
		const headers = bearer(member.token)
		const initial = await (await request.get('/api/member/notifications/preferences', { headers })).json()
		expect(initial.data.email).toEqual({
			referral_credited: true,
			referral_held: true,
			referral_rejected: true,
			milestone: true,
			offer_claim: true,
			contest_result: true,
			trader_watch: true,
			announcement: true,
		})
		const put = await request.put('/api/member/notifications/preferences', {
			headers,
			data: { email: { contest_result: false } },
		})
		expect((await put.json()).data.email).toMatchObject({ contest_result: false, milestone: true })
		expect(emailPreference(member.id, 'contest_result')).toBe(0)
		const unknown = await request.put('/api/member/notifications/preferences', {
			headers,
			data: { email: { newsletter: false } },
		})
		expect(unknown.status()).toBe(400)
	})
})

test.describe('new terms', () => {
	test('the member API answers 409 until the member accepts; accepting records a row once', async ({
		request,
		createMember,
	}) => {
		const member = await createMember({ unlocked: true })
		ageTermsAcceptance(member.id)
		const headers = bearer(member.token)
		const blocked = await request.get('/api/member/notifications', { headers })
		expect(blocked.status()).toBe(409)
		expect((await blocked.json()).message).toBe(
			'The Terms & Conditions have changed: accept them first (POST /api/member/terms/accept)',
		)
		// /api/auth/me still answers: the member can find out who they are.
		expect((await request.get('/api/auth/me', { headers })).status()).toBe(200)
		const refused = await request.post('/api/member/terms/accept', { headers, data: {} })
		expect(refused.status()).toBe(400)
		const accepted = await request.post('/api/member/terms/accept', { headers, data: { accept: true } })
		expect(accepted.status()).toBe(200)
		const body = await accepted.json()
		expect(body.data.termsVersion).toBe('June 29, 2025')
		expect(body.data.consents.map((c: { source: string }) => c.source)).toEqual(['reaccept'])
		expect((await request.get('/api/member/notifications', { headers })).status()).toBe(200)
		await request.post('/api/member/terms/accept', { headers, data: { accept: true } })
		expect(consentRows(member.id)).toHaveLength(1)
	})
})

test.describe('a completed contest', () => {
	test('every participant gets their final rank in the inbox and by email, with a working unsubscribe link', async ({
		request,
		createAdmin,
		createContest,
		addParticipants,
	}) => {
		const admin = await createAdmin({ role: 'super_admin' })
		const contest = await createContest({ status: 'active', type: 'trading' })
		const [low, high] = await addParticipants(contest.id, [3, 8])
		const done = await request.post(`/api/admin/contests/${contest.id}/complete`, { headers: bearer(admin.token) })
		expect(done.status()).toBe(200)

		const mail = await waitForMail(high!.email, {
			subject: `${contest.name} has ended`,
			timeout: CONTEST_RESULT_MAIL_WAIT_MS,
		})
		expect(mail.text).toContain('Your final rank: #1 of 2.')
		const lowMail = await waitForMail(low!.email, {
			subject: `${contest.name} has ended`,
			timeout: CONTEST_RESULT_MAIL_WAIT_MS,
		})
		expect(lowMail.text).toContain('Your final rank: #2 of 2.')
		const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[A-Za-z0-9_.%-]+/.exec(mail.text)?.[0]
		expect(link).toBeTruthy()
		const url = new URL(link!)
		const page = await request.get(`${url.pathname}${url.search}`)
		expect(page.status()).toBe(200)
		expect(await page.text()).toContain('Stop emails about')
		// GET alone changes nothing (mail scanners follow links).
		expect(emailPreference(high!.userId, 'contest_result')).toBeUndefined()
		const token = url.searchParams.get('token')!
		const post = await request.post('/unsubscribe', { form: { token } })
		expect(post.status()).toBe(200)
		expect(await post.text()).toContain('You are unsubscribed')
		expect(emailPreference(high!.userId, 'contest_result')).toBe(0)

		const tampered = await request.post('/unsubscribe', { form: { token: `${token.slice(0, -2)}xx` } })
		expect(tampered.status()).toBe(400)
		expect(emailPreference(low!.userId, 'contest_result')).toBeUndefined()
	})

	test('whichever serving process completes it, the members are told within seconds, not at the next tick', async ({
		playwright,
		baseURL,
		createAdmin,
		createContest,
		addParticipants,
	}) => {
		// Each completion on a connection of its own: the primary hands them to the serving processes in
		// turn, and only one of them runs the scheduler; the others' prompts reach it through the primary.
		const admin = await createAdmin({ role: 'super_admin' })
		for (let i = 0; i < 3; i++) {
			const contest = await createContest({ status: 'active', type: 'trading' })
			const [only] = await addParticipants(contest.id, [5])
			const client = await playwright.request.newContext({ baseURL })
			try {
				const done = await client.post(`/api/admin/contests/${contest.id}/complete`, {
					headers: { ...bearer(admin.token), Connection: 'close' },
				})
				expect(done.status()).toBe(200)
			} finally {
				await client.dispose()
			}
			// Well under the scheduler's 30-second tick.
			const mail = await waitForMail(only!.email, { subject: `${contest.name} has ended`, timeout: 8_000 })
			expect(mail.text).toContain('Your final rank: #1 of 1.')
		}
	})
})
