// `npm run profile`: where the member pages spend their CPU. Starts the
// built production server (one serving process, WEB_CONCURRENCY=1) with
// `--cpu-prof` on a throwaway database, signs a member in (12 referred
// members, as the bench's member has), loads /dashboard and
// /dashboard/referrals with wrk (50 connections, PROFILE_DURATION
// seconds each, default 10), stops the server and prints the profile's top
// functions by self time, grouped as "function file:line", with each one's
// share of all samples and the request rate of the run.
//   --top=N       how many rows (default 20)
//   --no-build    use the existing build
//   --json=F      also write { rps, top } to F
// The .cpuprofile stays in .tmp/profile/ (open it in Chrome's DevTools).
// Ports: PROFILE_PORT (default 4650).
import { execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { assertAnswers200 } from './fresh-fetch.mjs'
import { waitFor } from './server-process.mjs'
import { requireWrk, wrk } from './wrk.mjs'

const PORT = Number(process.env.PROFILE_PORT ?? 4650)
const ORIGIN = `http://127.0.0.1:${PORT}`
const DURATION = Number(process.env.PROFILE_DURATION ?? 10)
const TOP = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 20)
const UNLOCK_CODE = 'PROFILE-UNLOCK-2026'
const PASSWORD = 'Profile-Passw0rd'
const root = path.resolve('.tmp/profile')
const PAGES = ['/dashboard', '/dashboard/referrals']

requireWrk()
if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })
fs.rmSync(root, { recursive: true, force: true })
fs.mkdirSync(root, { recursive: true })

const server = spawn(
	process.execPath,
	['--max-old-space-size=160', '--cpu-prof', `--cpu-prof-dir=${root}`, 'server.js'],
	{
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(PORT),
			DATA_DIR: path.join(root, 'data'),
			APP_ORIGIN: ORIGIN,
			UNLOCK_CODE,
			WEB_CONCURRENCY: '1',
			RATE_LIMIT_MULTIPLIER: '1000',
			LOG_LEVEL: 'warn',
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	},
)
process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'))

async function unlockedMember(email, referralCode) {
	const reg = await fetch(`${ORIGIN}/api/auth/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			name: 'Profile Member',
			email,
			password: PASSWORD,
			phone: `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
			country: 'Nigeria',
			telegram: '@profile',
			investmentAmount: '$100-$500',
			...(referralCode ? { referralCode } : {}),
		}),
	})
	const body = await reg.json()
	if (!body.success) throw new Error(`sign-up failed: ${JSON.stringify(body)}`)
	const unlock = await fetch(`${ORIGIN}/api/auth/verify-code`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${body.data.token}` },
		body: JSON.stringify({ code: UNLOCK_CODE }),
	})
	if (!unlock.ok) throw new Error(`unlock failed: ${unlock.status}`)
	return body.data.user.referralCode
}

async function memberCookie() {
	const code = await unlockedMember('profile-member@example.com')
	for (let i = 0; i < 12; i++) await unlockedMember(`profile-friend${i}@example.com`, code)
	const login = await fetch(`${ORIGIN}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
		body: new URLSearchParams({ email: 'profile-member@example.com', password: PASSWORD }),
	})
	const cookie = login.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	if (login.status !== 302 || !cookie) throw new Error(`sign-in failed: ${login.status}`)
	return cookie
}

/** Self time per "function file:line" from a V8 .cpuprofile, highest first. */
export function topSelfTime(profile, top) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]))
	const self = new Map()
	const counts = new Map()
	for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
	let total = 0
	for (const [id, n] of counts) {
		const { callFrame } = byId.get(id)
		const file = callFrame.url ? callFrame.url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '') : ''
		const key = `${callFrame.functionName || '(anonymous)'} ${file ? `${file}:${callFrame.lineNumber + 1}` : ''}`.trim()
		self.set(key, (self.get(key) ?? 0) + n)
		total += n
	}
	return [...self.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(([name, n]) => ({ name, share: n / total }))
}

try {
	await waitFor(`${ORIGIN}/healthz`, { child: server })
	const cookie = await memberCookie()
	const rps = {}
	for (const page of PAGES) {
		const headers = { Cookie: cookie, 'Accept-Encoding': 'gzip' }
		await assertAnswers200(`${ORIGIN}${page}`, headers)
		const result = await wrk({ url: `${ORIGIN}${page}`, connections: 50, duration: DURATION, headers })
		if (result.non2xx > 0) throw new Error(`${page}: ${result.non2xx} answers were not 2xx`)
		rps[page] = Math.round(result.requests.average)
		console.log(
			`${page}: ${rps[page]} req/s, p50 ${result.latency.p50.toFixed(2)} ms, p99 ${result.latency.p99.toFixed(2)} ms`,
		)
	}
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	// The primary, the one-off start-up process and the serving worker each
	// write a profile (cluster passes --cpu-prof on); the worker's is the
	// largest by far.
	const file = fs
		.readdirSync(root)
		.filter((f) => f.endsWith('.cpuprofile'))
		.sort((a, b) => fs.statSync(path.join(root, b)).size - fs.statSync(path.join(root, a)).size)[0]
	if (!file) throw new Error('no .cpuprofile was written')
	const top = topSelfTime(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')), TOP)
	console.log(`\nTop ${TOP} by self time (${path.join('.tmp/profile', file)}):`)
	for (const row of top) console.log(`${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}`)
	const json = process.argv.find((a) => a.startsWith('--json='))
	if (json) fs.writeFileSync(json.slice(7), JSON.stringify({ rps, top }, null, 2))
} catch (error) {
	console.error(`profile: ${error?.stack ?? error}`)
	process.exitCode = 1
} finally {
	if (server.exitCode === null) server.kill('SIGTERM')
}
