// Step `announce` (issue 41 part 5, "Done when"): an announcement to
// BENCH_ANNOUNCE_MEMBERS seeded members (100,000) sent by the server's own
// scheduler job `announcement-delivery` (inbox rows in batches of 100
// members, one transaction each, with rests; the mails after them at their
// steady rate), while /dashboard is measured.
// Bars: every member has it in their inbox within 5 minutes of publishing; /dashboard's
// p99 while it sends at most 2x its p99 before. Not in the default run:
// `npm run bench -- --announce-only` (or `--steps=announce`).
import { assertAnswers200, freshFetch } from '../../fresh-fetch.mjs'
import { benchAdmin, unlockedMember } from '../accounts.mjs'
import { latencyRun } from '../measure.mjs'
import { seed } from './seed.mjs'

/** The bars of issue 41's bench step. */
export const ANNOUNCE_BARS = { sendS: 300, p99Ratio: 2 }

/** How long the step waits for the last batch before it gives up (the bar is 5 minutes). */
const GIVE_UP_MS = 15 * 60_000

export async function announce(ctx) {
	const { announceMembers, usersConnections: connections, usersDurationS: durationS } = ctx.options
	const base = `http://127.0.0.1:${ctx.ports.app}`
	const seeded = Date.now()
	seed(ctx, ['bench:seed-users', String(announceMembers)])
	console.log(`seeded ${announceMembers} members in ${Date.now() - seeded} ms`)
	const member = await unlockedMember(ctx.ports.app, 'bench-announce@example.com')
	const dashboard = { url: `${base}/dashboard`, headers: { Cookie: member.cookie } }
	await assertAnswers200(dashboard.url, dashboard.headers)
	const before = await latencyRun('GET /dashboard before the announcement', { ...dashboard, connections, durationS })
	console.log(`/dashboard before: p99 ${before.p99.toFixed(1)} ms`)

	const { token } = await benchAdmin(ctx.ports.app)
	const api = async (method, pathname, body) => {
		const res = await freshFetch(`${base}${pathname}`, {
			method,
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		})
		const json = await res.json()
		if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`)
		return json.data
	}
	const created = await api('POST', '/api/admin/content/announcements', {
		title: 'Bench announcement',
		body: 'A message to every member.\n\nSent by the scheduler in batches.',
	})
	const published = await api('POST', `/api/admin/content/announcements/${created.id}/publish`)
	const publishedAt = Date.parse(published.publishedAt)

	// /dashboard while the batches go: once the job (every 15 s) has started sending.
	const read = () => api('GET', `/api/admin/content/announcements/${created.id}`)
	let state = await read()
	while (state.delivery === 'not-started' && Date.now() - publishedAt < GIVE_UP_MS) {
		await new Promise((resolve) => setTimeout(resolve, 500))
		state = await read()
	}
	const during = await latencyRun('GET /dashboard while the announcement is sent', {
		...dashboard,
		connections,
		durationS,
	})
	console.log(`/dashboard while sending: p99 ${during.p99.toFixed(1)} ms`)

	const sentBeforeEnd = state.delivery === 'sent'
	while (state.delivery !== 'sent' && Date.now() - publishedAt < GIVE_UP_MS) {
		await new Promise((resolve) => setTimeout(resolve, 2_000))
		state = await read()
	}
	if (sentBeforeEnd)
		console.log('(every member had it before /dashboard was measured: a larger audience measures the load)')
	const sendS = state.deliveryFinishedAt ? (Date.parse(state.deliveryFinishedAt) - publishedAt) / 1000 : null
	console.log(
		`announcement: ${state.sentCount} of ${state.audienceCount} members, ${sendS === null ? 'not finished' : `${sendS.toFixed(1)} s`} after publishing (bar < ${ANNOUNCE_BARS.sendS} s)`,
	)
	// Mails follow the inboxes at ANNOUNCEMENT_MAILS_PER_SECOND (not in the bars): how many went out by now.
	state = await read()
	const mailedS = (Date.now() - publishedAt) / 1000
	console.log(`mails: ${state.mailedCount} handed to the mail server ${mailedS.toFixed(0)} s after publishing`)
	return {
		members: state.audienceCount,
		sent: state.sentCount,
		mailed: state.mailedCount,
		mailedS,
		sendS,
		before: { p95: before.p95, p99: before.p99 },
		during: { p95: during.p95, p99: during.p99 },
	}
}

/** The step's bars as the report lists them. */
export function judgeAnnounceBars(result) {
	const ratio = result.before.p99 > 0 ? result.during.p99 / result.before.p99 : null
	return [
		{
			bar: `an announcement to ${result.members} members sent within ${ANNOUNCE_BARS.sendS / 60} minutes`,
			measured: result.sendS === null ? `${result.sent} sent, not finished` : `${result.sendS.toFixed(1)} s`,
			met: result.sendS !== null && result.sendS < ANNOUNCE_BARS.sendS && result.sent === result.members,
		},
		{
			bar: `/dashboard p99 while it is sent at most ${ANNOUNCE_BARS.p99Ratio}x its p99 before`,
			measured: `${result.during.p99.toFixed(1)} ms vs ${result.before.p99.toFixed(1)} ms (${ratio === null ? 'n/a' : `${ratio.toFixed(2)}x`})`,
			met: ratio !== null && ratio <= ANNOUNCE_BARS.p99Ratio,
		},
	]
}
