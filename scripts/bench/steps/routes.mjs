// Step `routes`: every page type (public, sign-in, member, admin) and an API
// read on the app, each after the baselines it is read against; one run of
// each at 50 connections, with the CPU its server's process tree used.
import { assertAnswers200 } from '../../fresh-fetch.mjs'
import { wrk } from '../../wrk.mjs'
import {
	BARE_API,
	BARE_DASHBOARD,
	BARE_HOME,
	BARE_LOGIN,
	BARE_REFERRALS,
	RAW_HTML,
	RAW_JSON,
	rawBody,
	rawPage,
	SIGN_IN_PAGES,
} from '../baselines.mjs'
import { failed, measuredRun, ms, round } from '../measure.mjs'

/**
 * The routes of the every-core bar ("member pages and API reads at least 1.6
 * times the one-process bare baseline"), on the app at `app` (its origin):
 * `bar.everyCore` marks the bars judged with the server on every core
 * (steps/every-core.mjs where pinning leaves it fewer than two).
 */
export function everyCoreRoutes({ app, member }) {
	return [
		{
			name: 'GET /dashboard (member cookie)',
			url: `${app}/dashboard`,
			headers: { Cookie: member.cookie },
			baselines: [BARE_DASHBOARD],
			bar: { baseline: BARE_DASHBOARD, min: 1.6, everyCore: true },
		},
		{
			name: 'GET /dashboard/referrals (member cookie)',
			url: `${app}/dashboard/referrals`,
			headers: { Cookie: member.cookie },
			baselines: [BARE_REFERRALS],
			bar: { baseline: BARE_REFERRALS, min: 1.6, everyCore: true },
		},
		{
			name: 'GET /api/auth/me (bearer)',
			url: `${app}/api/auth/me`,
			headers: { Authorization: `Bearer ${member.token}` },
			baselines: [RAW_JSON, BARE_API],
			bar: { baseline: BARE_API, min: 1.6, everyCore: true },
		},
	]
}

/**
 * The app's routes: `baselines` are the rows its ratios are read against;
 * `bar` the ratio bar (docs/product/quality-bars.md) the paired rounds read.
 */
export function appRoutes({ ports, member, admin }) {
	const app = `http://127.0.0.1:${ports.app}`
	const [dashboard, referrals, api] = everyCoreRoutes({ app, member })
	return [
		{ name: 'GET /', url: `${app}/`, baselines: [RAW_HTML, BARE_HOME] },
		{ name: 'GET /terms', url: `${app}/terms` },
		...SIGN_IN_PAGES.map((page) => ({
			name: `GET ${page}`,
			url: `${app}${page}`,
			baselines: [rawPage(page), rawBody(page), ...(page === '/login' ? [BARE_LOGIN] : [])],
			bar: { baseline: rawPage(page), min: 0.8 },
		})),
		dashboard,
		referrals,
		{ name: 'GET /admin/dashboard (admin cookie)', url: `${app}/admin/dashboard`, headers: { Cookie: admin.cookie } },
		{ name: 'GET /admin/users (admin cookie)', url: `${app}/admin/users`, headers: { Cookie: admin.cookie } },
		api,
	]
}

/** Each entry of `plan` (baselines first): it answers 200, a 1 s warm-up, then the measured run. */
export async function measureRoutes(ctx, plan) {
	const rows = []
	for (const item of plan) {
		await assertAnswers200(item.url, item.headers)
		await wrk({ url: item.url, connections: 10, duration: 1, headers: item.headers })
		const { result, cores, cpuPerRequest } = await measuredRun({
			url: item.url,
			headers: item.headers,
			pid: item.pid ?? ctx.app.pid,
			connections: ctx.options.connections,
			duration: ctx.options.durationS,
			sampler: ctx.sampler,
		})
		rows.push({
			name: item.name,
			rps: round(result.requests.average, 1),
			p50: round(result.latency.p50, 3),
			p99: round(result.latency.p99, 3),
			errors: failed(result),
			cores: round(cores, 3),
			cpuPerRequestMs: round(cpuPerRequest, 4),
			baselines: item.baselines ?? [],
		})
		console.log(
			`${item.name}: ${Math.round(result.requests.average)} req/s, p50 ${ms(result.latency.p50)} ms, p99 ${ms(result.latency.p99)} ms, errors ${failed(result)}, server CPU ${cores.toFixed(2)} cores, ${cpuPerRequest?.toFixed(3)} ms per request`,
		)
	}
	// Each route's throughput against each of its baselines in this run.
	const byName = Object.fromEntries(rows.map((r) => [r.name, r]))
	return rows.map(({ baselines, ...r }) => ({
		...r,
		ratios: baselines.filter((b) => byName[b]).map((b) => ({ of: b, ratio: round(r.rps / byName[b].rps, 5) })),
	}))
}
