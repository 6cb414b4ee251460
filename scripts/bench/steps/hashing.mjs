// Step `hashing`: password hashing must not block the event loop. 20
// sign-ins (bcrypt cost 10, in the worker pool) are kept in flight while
// /healthz and / are loaded from 10 connections each.
import { wrk } from '../../wrk.mjs'
import { MEMBER_PASSWORD } from '../accounts.mjs'
import { latencyRow, ms } from '../measure.mjs'

export async function underHashing(ctx) {
	const app = `http://127.0.0.1:${ctx.ports.app}`
	let signingIn = true
	let signIns = 0
	async function signInLoop() {
		while (signingIn) {
			await fetch(`${app}/api/auth/login`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ email: ctx.member.email, password: MEMBER_PASSWORD }),
			})
			signIns++
		}
	}
	const loops = Array.from({ length: 20 }, () => signInLoop())
	const rows = []
	for (const [name, url] of [
		['GET /healthz while 20 sign-ins are in flight', `${app}/healthz`],
		['GET / while 20 sign-ins are in flight', `${app}/`],
	]) {
		const row = latencyRow(name, await wrk({ url, connections: 10, duration: Math.min(ctx.options.durationS, 5) }))
		rows.push(row)
		console.log(`${name}: p99 ${ms(row.p99)} ms`)
	}
	signingIn = false
	await Promise.all(loops)
	return { signIns, rows }
}
