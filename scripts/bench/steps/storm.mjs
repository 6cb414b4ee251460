// Step `storm`: a campaign sends people to /signup; 20 clients sign up
// through the API as fast as they are answered (each a bcrypt hash, a user
// row, a session: the API write), while GET / and GET /login are loaded from
// 25 connections each: at a campaign's pace (each connection pausing
// STORM_PAUSE_MS, 10 ms, between requests, about 2,300 requests a second per page: hundreds of
// times a campaign's page views; the bar), after the same paced load without
// sign-ups, and then as fast as answered (saturation: reported, not judged;
// docs/decisions/038-sign-up-storm-at-a-campaign-rate.md).
import { wrk } from '../../wrk.mjs'
import { latencyRow, ms } from '../measure.mjs'

const STORM_PAUSE_MS = 10
const STORM_CONNECTIONS = 25
/** Sign-ups alone before the measured storm (not measured): the sign-up path compiled, the hashing threads started. */
const STORM_WARM_UP_MS = 2_000

export async function signUpStorm(ctx) {
	const app = `http://127.0.0.1:${ctx.ports.app}`
	let seq = 0
	/** 20 clients signing up as fast as they are answered, counted into `into`, until the returned stop is awaited. */
	function signUpClients(into) {
		let storming = true
		async function loop() {
			while (storming) {
				const n = seq++
				try {
					const res = await fetch(`${app}/api/auth/register`, {
						method: 'POST',
						headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify({
							name: 'Storm Member',
							email: `storm-${n}@example.com`,
							password: 'Bench-Passw0rd',
							phone: `+23480${String(n).padStart(8, '0')}`,
							country: 'Nigeria',
							telegram: '@storm',
							investmentAmount: '$100-$500',
						}),
					})
					await res.arrayBuffer()
					if (res.status === 201) into.signUps++
					else into.errors++
				} catch {
					into.errors++
				}
			}
		}
		const loops = Array.from({ length: 20 }, () => loop())
		return async () => {
			storming = false
			await Promise.all(loops)
		}
	}
	/** GET / and GET /login from STORM_CONNECTIONS connections each, for the storm's seconds. */
	const pages = (pauseMs, label) =>
		Promise.all(
			['/', '/login'].map(async (page) =>
				latencyRow(
					`GET ${page} ${label}`,
					await wrk({
						url: `${app}${page}`,
						connections: STORM_CONNECTIONS,
						duration: ctx.options.stormDurationS,
						pauseMs,
					}),
				),
			),
		)
	const print = (rows) =>
		rows.forEach((r) => console.log(`${r.name}: ${Math.round(r.rps)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`))
	async function storm(pauseMs) {
		const into = { signUps: 0, errors: 0 }
		const started = performance.now()
		const stop = signUpClients(into)
		into.rows = await pages(
			pauseMs,
			pauseMs ? "during the sign-up storm, at a campaign's pace" : 'during the sign-up storm, at saturation',
		)
		await stop()
		into.seconds = Number(((performance.now() - started) / 1000).toFixed(2))
		console.log(
			`sign-up storm${pauseMs ? ", at a campaign's pace" : ', at saturation'}: ${(into.signUps / into.seconds).toFixed(1)} sign-ups/s (${into.signUps} in ${into.seconds.toFixed(1)} s, ${into.errors} errors)`,
		)
		print(into.rows)
		return into
	}

	const alone = await pages(STORM_PAUSE_MS, "at a campaign's pace, without sign-ups")
	print(alone)
	const stopWarmUp = signUpClients({ signUps: 0, errors: 0 })
	await new Promise((r) => setTimeout(r, STORM_WARM_UP_MS))
	await stopWarmUp()
	const paced = await storm(STORM_PAUSE_MS)
	const saturated = await storm(0)
	return {
		connections: STORM_CONNECTIONS,
		pauseMs: STORM_PAUSE_MS,
		warmUpS: STORM_WARM_UP_MS / 1000,
		signUpsPerSecond: Number((paced.signUps / paced.seconds).toFixed(1)),
		alone,
		paced,
		saturated,
	}
}
