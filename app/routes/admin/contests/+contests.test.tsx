import { renderToString } from 'react-dom/server'
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, contestParticipants, contests } from '#db/schema.ts'
import { getContestStanding } from '#app/features/contests/contest.server.ts'
import { deliverContestResultsBatch } from '#app/features/contests/results.server.ts'
import { insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { noticeAfter } from '#tests/flash.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import * as completeRoute from './$contestId/complete.tsx'
import * as deleteRoute from './$contestId/delete.tsx'
import * as editRoute from './$contestId/edit.tsx'
import * as participantsRoute from './$contestId/participants.tsx'
import * as newRoute from './new.tsx'
import { action, ErrorBoundary, loader } from './_layout.tsx'
import { routeArgs } from '#tests/route-args.ts'

// The contests pages' loaders and actions, called as React Router would:
// guards and roles, redirects that keep the list's filters, field errors,
// refused transitions, audit rows (the browser tests cover the pages).

async function adminCookie(role: 'admin' | 'super_admin' = 'admin') {
	const admin = insertAdmin({ role })
	const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
	return { admin, cookie }
}

async function memberCookie() {
	const member = insertMember()
	return (await memberAuth.cookie.serialize(memberAuth.sessions.create(member.id, 'web').token)).split(';')[0]!
}

function get(cookie: string, path: string) {
	return new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } })
}

function post(cookie: string, path: string, fields: Record<string, string> = {}) {
	return new Request(`http://localhost:3000${path}`, {
		method: 'POST',
		headers: { Cookie: cookie },
		body: new URLSearchParams(fields),
	})
}

const args = (request: Request, params: Record<string, string> = {}) =>
	routeArgs({ request, params, context: {} }) as never

async function caught(promise: Promise<unknown>) {
	try {
		return await promise
	} catch (error) {
		return error
	}
}

type DataResult = { init: { status: number } | null; data: Record<string, unknown> }

/** A refused form's answer (Conform's result): its errors and what was typed. */
function replyOf(result: DataResult) {
	return (result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result
}

const goodForm = {
	name: 'Spring Sprint',
	type: 'deposit',
	description: 'Deposit the most',
	startDate: '2031-04-01',
	endDate: '2031-04-30',
	prizeFirst: '$1,000',
	prizeSecond: '',
	prizeThird: '',
	rules: 'Fair play',
	maxParticipants: '',
}

function audits() {
	return getDb().select().from(auditLog).all()
}

describe('list loader', () => {
	test('contests with their actions, filters read leniently, role flags', async () => {
		insertContest({ name: 'Draft one', status: 'draft' })
		insertContest({ name: 'Running', status: 'active', type: 'referral' })
		const { cookie } = await adminCookie('admin')
		const data = await loader(args(get(cookie, '/admin/contests?status=bogus')))
		expect(data.contests.map((c) => [c.name, c.actions.map((a) => a.label)])).toEqual([
			['Running', ['Pause', 'Complete']],
			['Draft one', ['Start']],
		])
		expect(data.filters).toEqual({ search: '', status: '', type: '' })
		expect(data).toMatchObject({ canCreate: true, canUpdate: true, canDelete: false })
		const superAdmin = await adminCookie('super_admin')
		const filtered = await loader(args(get(superAdmin.cookie, '/admin/contests?type=referral&search=run&page=2')))
		expect(filtered.contests.map((c) => c.name)).toEqual(['Running'])
		expect(filtered).toMatchObject({ canDelete: true, listSearch: '?search=run&type=referral', filtered: true })
	})

	test('no admin session: to /admin/login with redirectTo; a member session: 403', async () => {
		const anonymous = (await caught(loader(args(get('', '/admin/contests?status=active'))))) as Response
		expect(anonymous.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fcontests%3Fstatus%3Dactive')
		const denied = (await caught(loader(args(get(await memberCookie(), '/admin/contests'))))) as DataResult
		expect(denied.init!.status).toBe(403)
	})
})

describe('list action (Start, Pause, Resume)', () => {
	test('an offered transition redirects to the list with its filters and the notice; audited', async () => {
		const contest = insertContest({ status: 'draft' })
		const { admin, cookie } = await adminCookie('admin')
		const response = (await caught(
			action(
				args(
					post(cookie, '/admin/contests?search=a&status=draft&x=1', { intent: 'start', contestId: String(contest.id) }),
				),
			),
		)) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin/contests?search=a&status=draft')
		expect(await noticeAfter(response)).toBe('Contest started.')
		expect(getDb().select().from(contests).get()!.status).toBe('active')
		expect(audits()).toMatchObject([
			{ adminId: admin.id, action: 'contest.status', before: { status: 'draft' }, after: { status: 'active' } },
		])
	})

	test('a refused transition is a 409 with its message; bad intents 400; nothing changes', async () => {
		const contest = insertContest({ status: 'draft' })
		const { cookie } = await adminCookie()
		const refused = (await action(
			args(post(cookie, '/admin/contests', { intent: 'pause', contestId: String(contest.id) })),
		)) as unknown as DataResult
		expect(refused.init!.status).toBe(409)
		expect(replyOf(refused).error).toEqual({ '': ['A draft contest cannot be changed to paused.'] })
		// The answer names the card it belongs under.
		expect(replyOf(refused).initialValue).toMatchObject({ contestId: String(contest.id) })
		const bodies: Array<Record<string, string>> = [
			{ intent: 'complete', contestId: String(contest.id) },
			{ intent: 'start', contestId: 'x' },
			{ intent: '__proto__', contestId: '1' },
			{},
		]
		for (const fields of bodies) {
			const bad = (await action(args(post(cookie, '/admin/contests', fields)))) as unknown as DataResult
			expect(bad.init!.status).toBe(400)
			expect(replyOf(bad).error['']).toEqual(['Choose Start, Pause or Resume for a contest'])
		}
		const missing = (await action(
			args(post(cookie, '/admin/contests', { intent: 'start', contestId: '99999' })),
		)) as unknown as DataResult
		expect(missing.init!.status).toBe(404)
		expect(getDb().select().from(contests).get()!.status).toBe('draft')
		expect(audits()).toEqual([])
	})
})

describe('create and edit dialogs', () => {
	test('create: a draft, audited, back to the list with the notice', async () => {
		const { cookie } = await adminCookie()
		const response = (await caught(
			newRoute.action(args(post(cookie, '/admin/contests/new?type=deposit', goodForm))),
		)) as Response
		expect(response.headers.get('Location')).toBe('/admin/contests?type=deposit')
		expect(await noticeAfter(response)).toBe('Contest created as a draft.')
		expect(getDb().select().from(contests).all()).toMatchObject([
			{ name: 'Spring Sprint', status: 'draft', type: 'deposit', prizeSecond: null, maxParticipants: null },
		])
		expect(audits()).toMatchObject([{ action: 'contest.create' }])
	})

	test('create: an end date before the start date is a 400 with the error on endDate', async () => {
		const { cookie } = await adminCookie()
		const result = (await newRoute.action(
			args(post(cookie, '/admin/contests/new', { ...goodForm, startDate: '2031-04-02', endDate: '2031-04-01' })),
		)) as unknown as DataResult
		expect(result.init!.status).toBe(400)
		expect((result.data.result as { error: Record<string, string[]> }).error).toEqual({
			endDate: ['End date must be on or after the start date'],
		})
		expect(getDb().select().from(contests).all()).toEqual([])
	})

	test('edit: the form values come from the contest; saving audits; unknown contest 404', async () => {
		const contest = insertContest({ maxParticipants: 9, prizeSecond: 'Phone' })
		const { cookie } = await adminCookie()
		const data = await editRoute.loader(
			args(get(cookie, `/admin/contests/${contest.id}/edit?search=x`), { contestId: String(contest.id) }),
		)
		expect(data.closeTo).toBe('/admin/contests?search=x')
		expect(data.values).toEqual({
			name: 'Test Contest',
			type: 'trading',
			description: 'A contest for tests',
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			prizeFirst: '$1,000',
			prizeSecond: 'Phone',
			prizeThird: '',
			rules: 'Play fair',
			maxParticipants: '9',
		})
		const saved = (await caught(
			editRoute.action(
				args(post(cookie, `/admin/contests/${contest.id}/edit`, goodForm), { contestId: String(contest.id) }),
			),
		)) as Response
		expect(saved.headers.get('Location')).toBe('/admin/contests')
		expect(await noticeAfter(saved)).toBe('Contest updated.')
		expect(getDb().select().from(contests).get()).toMatchObject({ name: 'Spring Sprint', status: 'draft' })
		expect(audits()).toMatchObject([{ action: 'contest.update' }])
		for (const contestId of ['999', 'abc', '-1']) {
			const missing = (await caught(
				editRoute.loader(args(get(cookie, `/admin/contests/${contestId}/edit`), { contestId })),
			)) as DataResult
			expect(missing.init!.status).toBe(404)
			expect(missing.data).toEqual({ message: 'Contest not found' })
		}
	})
})

describe('delete dialog (super_admin only)', () => {
	test('role admin: 403 on the loader and the action; the contest stays', async () => {
		const contest = insertContest()
		insertParticipant(contest.id, 1)
		const { cookie } = await adminCookie('admin')
		const params = { contestId: String(contest.id) }
		const page = (await caught(
			deleteRoute.loader(args(get(cookie, `/admin/contests/${contest.id}/delete`), params)),
		)) as DataResult
		expect(page.init!.status).toBe(403)
		expect(page.data).toEqual({ accessDenied: true, reason: 'Access denied. Super admin privileges required.' })
		const posted = (await caught(
			deleteRoute.action(args(post(cookie, `/admin/contests/${contest.id}/delete`), params)),
		)) as DataResult
		expect(posted.init!.status).toBe(403)
		expect(getDb().select().from(contests).all()).toHaveLength(1)
		expect(getDb().select().from(contestParticipants).all()).toHaveLength(1)
	})

	test('super_admin: removes the contest and its participants, audited, back to the list', async () => {
		const contest = insertContest()
		insertParticipant(contest.id, 1)
		insertParticipant(contest.id, 2)
		const { cookie } = await adminCookie('super_admin')
		const params = { contestId: String(contest.id) }
		const page = await deleteRoute.loader(
			args(get(cookie, `/admin/contests/${contest.id}/delete?status=draft`), params),
		)
		expect(page).toMatchObject({ closeTo: '/admin/contests?status=draft', contest: { participantCount: 2 } })
		const response = (await caught(
			deleteRoute.action(args(post(cookie, `/admin/contests/${contest.id}/delete?status=draft`), params)),
		)) as Response
		expect(response.headers.get('Location')).toBe('/admin/contests?status=draft')
		expect(await noticeAfter(response)).toBe('Contest deleted.')
		expect(getDb().select().from(contests).all()).toEqual([])
		expect(getDb().select().from(contestParticipants).all()).toEqual([])
		expect(audits()).toMatchObject([{ action: 'contest.delete', before: { participantCount: 2 } }])
	})
})

describe('complete dialog', () => {
	test('completes an active contest (ranks frozen); from another status a 409 with the message', async () => {
		const { cookie } = await adminCookie()
		const paused = insertContest({ status: 'paused' })
		const refused = (await completeRoute.action(
			args(post(cookie, `/admin/contests/${paused.id}/complete`), { contestId: String(paused.id) }),
		)) as unknown as DataResult
		expect(refused.init!.status).toBe(409)
		expect(replyOf(refused).error).toEqual({ '': ['A paused contest cannot be changed to completed.'] })
		const active = insertContest({ status: 'active' })
		const a = insertParticipant(active.id, 2)
		const b = insertParticipant(active.id, 5)
		const response = (await caught(
			completeRoute.action(
				args(post(cookie, `/admin/contests/${active.id}/complete`), { contestId: String(active.id) }),
			),
		)) as Response
		expect(response.headers.get('Location')).toBe('/admin/contests')
		expect(await noticeAfter(response)).toBe('Contest completed: ranks are final.')
		// The places are final at once; the scheduler's contest-results writes them as it tells each member (decision 066).
		expect(getContestStanding(active.id, a.user.id)).toMatchObject({ rank: 2 })
		expect(deliverContestResultsBatch(new Date(), () => 0)).toEqual({ contestId: active.id, told: 2 })
		const ranks = getDb()
			.select()
			.from(contestParticipants)
			.all()
			.map((p) => [p.userId, p.rank])
		expect(ranks).toEqual([
			[a.user.id, 2],
			[b.user.id, 1],
		])
	})
})

describe('participants dialog', () => {
	test('loader: ranking order, paging past the end shows the last page, score editing until completed', async () => {
		const contest = insertContest({ type: 'referral', status: 'active' })
		for (let i = 0; i < 3; i++) insertParticipant(contest.id, i)
		const admin = await adminCookie('admin')
		const params = { contestId: String(contest.id) }
		const data = await participantsRoute.loader(
			args(get(admin.cookie, `/admin/contests/${contest.id}/participants?page=99&search=t`), params),
		)
		expect(data.participants.map((p) => p.score)).toEqual([2, 1, 0])
		expect(data).toMatchObject({
			canEditScores: true,
			closeTo: '/admin/contests?search=t',
			selfUrl: `/admin/contests/${contest.id}/participants?search=t`,
			previousUrl: null,
			nextUrl: null,
			pagination: { page: 1, totalPages: 1, totalCount: 3 },
		})
		getDb().update(contests).set({ status: 'completed' }).run()
		const completed = await participantsRoute.loader(
			args(get(admin.cookie, `/admin/contests/${contest.id}/participants`), params),
		)
		expect(completed.canEditScores).toBe(false)
	})

	test('action: sets a score (audited, back with the notice); bad score 400 with the typed value; completed 409', async () => {
		const contest = insertContest({ type: 'referral', status: 'active' })
		const { user } = insertParticipant(contest.id, 3)
		const { cookie } = await adminCookie('admin')
		const params = { contestId: String(contest.id) }
		const url = `/admin/contests/${contest.id}/participants?search=x`
		const response = (await caught(
			participantsRoute.action(args(post(cookie, url, { userId: String(user.id), score: '8' }), params)),
		)) as Response
		expect(response.headers.get('Location')).toBe(`/admin/contests/${contest.id}/participants?search=x`)
		expect(await noticeAfter(response)).toBe('Score updated.')
		expect(getDb().select().from(contestParticipants).get()!.score).toBe(8)
		expect(audits()).toMatchObject([{ action: 'contest.participant-score', before: { score: 3 }, after: { score: 8 } }])
		const bad = (await participantsRoute.action(
			args(post(cookie, url, { userId: String(user.id), score: '-2' }), params),
		)) as unknown as DataResult
		expect(bad.init!.status).toBe(400)
		expect(replyOf(bad).error).toEqual({ score: ['Score must be a whole number of 0 or more'] })
		expect(replyOf(bad).initialValue).toEqual({ userId: String(user.id), score: '-2' })
		const stranger = (await participantsRoute.action(
			args(post(cookie, url, { userId: '999999', score: '1' }), params),
		)) as unknown as DataResult
		expect(stranger.init!.status).toBe(404)
		getDb().update(contests).set({ status: 'completed' }).run()
		const locked = (await participantsRoute.action(
			args(post(cookie, url, { userId: String(user.id), score: '9' }), params),
		)) as unknown as DataResult
		expect(locked.init!.status).toBe(409)
		expect(getDb().select().from(contestParticipants).get()!.score).toBe(8)
	})
})

describe('contests ErrorBoundary', () => {
	function render(error: unknown) {
		const Stub = createRoutesStub([{ id: 'contests', path: '/admin/contests', Component: () => null, ErrorBoundary }])
		return renderToString(
			<Stub initialEntries={['/admin/contests?status=active']} hydrationData={{ errors: { contests: error } }} />,
		)
	}

	test("'Error Loading Contests' with 'Failed to load contests' (or the server's message) and Retry", () => {
		const html = render(new Error('SqliteError: no such table: contests'))
		expect(html).toContain('Error Loading Contests')
		expect(html).toContain('Failed to load contests')
		expect(html).toMatch(/<a href="\/admin\/contests\?status=active"[^>]*>Retry<\/a>/)
		expect(html).not.toContain('SqliteError')
		expect(render(new ErrorResponse(404, 'Not Found', { message: 'Contest not found' }))).toContain('Contest not found')
	})
})
