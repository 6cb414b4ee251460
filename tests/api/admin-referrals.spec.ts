import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { createHeldReferral, SUITE_REFERRAL_SETTINGS } from '../referral-e2e-utils.ts'

// /api/admin/referrals (GET), /:id/approve, /:id/reject and
// /api/admin/referral-settings: guards (401, 403), bad input (400), unknown
// ids (404), deciding twice (409), and what the referrer's figures show.

async function me(request: Parameters<typeof createHeldReferral>[0], token: string) {
	const res = await request.get('/api/auth/me', { headers: bearer(token) })
	return (await res.json()).data.user as { referralPoints: number; referralCount: number }
}

test('no token: 401; a member token: 403; role admin cannot touch the thresholds', async ({
	request,
	createMember,
	createAdmin,
}) => {
	expect((await request.get('/api/admin/referrals')).status()).toBe(401)
	expect((await request.post('/api/admin/referrals/1/approve')).status()).toBe(401)
	expect((await request.post('/api/admin/referrals/1/reject', { data: { reason: 'x' } })).status()).toBe(401)
	expect((await request.get('/api/admin/referral-settings')).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/referrals', { headers: bearer(member.token) })).status()).toBe(403)
	const admin = await createAdmin({ role: 'admin' })
	expect((await request.get('/api/admin/referrals', { headers: bearer(admin.token) })).status()).toBe(200)
	expect((await request.get('/api/admin/referral-settings', { headers: bearer(admin.token) })).status()).toBe(403)
	const put = await request.put('/api/admin/referral-settings', {
		headers: bearer(admin.token),
		data: SUITE_REFERRAL_SETTINGS,
	})
	expect(put.status()).toBe(403)
})

test('a held referral is listed with its signal and not counted; approve counts it; twice is a 409', async ({
	request,
	createAdmin,
}) => {
	const { referrer, referred, creditId } = await createHeldReferral(request)
	const headers = bearer((await createAdmin({ role: 'admin' })).token)
	expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 0, referralCount: 0 })
	const list = await request.get('/api/admin/referrals?status=held&limit=100', { headers })
	expect(list.status()).toBe(200)
	const body = await list.json()
	const row = body.data.referrals.find((r: { id: number }) => r.id === creditId)
	expect(row).toMatchObject({
		status: 'held',
		referrer: { id: referrer.user.id },
		referred: { id: referred.user.id },
		signals: [{ code: 'disposable_email', domain: 'mailinator.com' }],
	})
	expect(row.signals[0].description).toContain('Disposable email domain')
	const approved = await request.post(`/api/admin/referrals/${creditId}/approve`, { headers })
	expect(approved.status()).toBe(200)
	expect((await approved.json()).data).toMatchObject({ id: creditId, status: 'credited' })
	expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 1, referralCount: 1 })
	const again = await request.post(`/api/admin/referrals/${creditId}/approve`, { headers })
	expect(again.status()).toBe(409)
	const reject = await request.post(`/api/admin/referrals/${creditId}/reject`, { headers, data: { reason: 'Late' } })
	expect(reject.status()).toBe(409)
	const decided = await (await request.get('/api/admin/referrals?status=decided&limit=100', { headers })).json()
	expect(decided.data.referrals.some((r: { id: number }) => r.id === creditId)).toBe(true)
})

test('reject needs a reason and keeps it out for good; unknown ids are 404', async ({ request, createAdmin }) => {
	const { referrer, creditId } = await createHeldReferral(request)
	const headers = bearer((await createAdmin({ role: 'admin' })).token)
	expect((await request.post(`/api/admin/referrals/${creditId}/reject`, { headers, data: {} })).status()).toBe(400)
	expect(
		(await request.post(`/api/admin/referrals/${creditId}/reject`, { headers, data: { reason: ' ' } })).status(),
	).toBe(400)
	const rejected = await request.post(`/api/admin/referrals/${creditId}/reject`, {
		headers,
		data: { reason: 'Second account of the referrer' },
	})
	expect(rejected.status()).toBe(200)
	expect((await rejected.json()).data).toMatchObject({
		status: 'rejected',
		reviewReason: 'Second account of the referrer',
	})
	expect(await me(request, referrer.token)).toMatchObject({ referralPoints: 0, referralCount: 0 })
	expect((await request.post(`/api/admin/referrals/${creditId}/approve`, { headers })).status()).toBe(409)
	expect((await request.post('/api/admin/referrals/2000000000/approve', { headers })).status()).toBe(404)
	expect((await request.post('/api/admin/referrals/abc/reject', { headers, data: { reason: 'x' } })).status()).toBe(404)
	expect((await request.get('/api/admin/referrals?status=other', { headers })).status()).toBe(400)
})

test('the thresholds: a super admin reads and replaces them (validated)', async ({ request, createAdmin }) => {
	const headers = bearer((await createAdmin({ role: 'super_admin' })).token)
	const read = await request.get('/api/admin/referral-settings', { headers })
	expect(read.status()).toBe(200)
	const current = (await read.json()).data
	expect(current).toEqual(SUITE_REFERRAL_SETTINGS)
	const bad = await request.put('/api/admin/referral-settings', { headers, data: { ...current, clientMaxEvents: 0 } })
	expect(bad.status()).toBe(400)
	const partial = await request.put('/api/admin/referral-settings', { headers, data: { clientMaxEvents: 5 } })
	expect(partial.status()).toBe(400)
	// The suite's values written back as they are (other suites run at the same time).
	const put = await request.put('/api/admin/referral-settings', { headers, data: current })
	expect(put.status()).toBe(200)
	expect((await put.json()).data).toEqual(SUITE_REFERRAL_SETTINGS)
})
