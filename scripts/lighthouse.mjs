// `npm run lighthouse`: audits the built app's public pages, and the member
// dashboard and staff users list with a signed-in session each, with
// Lighthouse (mobile settings, Debian's chromium) and gates on these bars:
// accessibility, best practices and SEO = 100, the public pages'
// JavaScript <= 12 KB gzipped (2.1 KB when issue 13 was filed, plus its
// allowance of 10 KB), no layout shift above 0.05. The performance
// score is printed against its bar (95 public, 90 signed in) but gated only
// with --gate-performance (it is noisy on a shared machine, as in npm test).
// Signed-in pages are private and carry `noindex` on purpose, so their SEO
// score leaves out the one audit about being indexable (is-crawlable).
//   --record  also writes the figures into docs/performance.md
//   --build   builds first (npm test has already built)
//   --json=F  writes { pages: [{ page, ok, problems }] } to F (for npm test)
// Exits 1 when a gate fails. Needs a build (build/server/index.js).
import { execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { waitFor } from './server-process.mjs'
import { BENCH_TOTP_SECRET, totpCode } from './totp.mjs'

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 20 : 4700))
const ORIGIN = `http://localhost:${PORT}`
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The public pages' JavaScript, gzipped: 2.1 KB when issue 13 was filed plus its 10 KB allowance. */
const JS_BUDGET_BYTES = 12 * 1000
const MAX_CLS = 0.05
const GATED = ['accessibility', 'best-practices', 'seo']
const PAGES = [
	{ name: 'landing', path: '/', jsBudget: true, performanceBar: 95 },
	{ name: 'terms', path: '/terms', jsBudget: true, performanceBar: 95 },
	{ name: 'dashboard', path: '/dashboard', jsBudget: false, performanceBar: 90, session: 'member' },
	{ name: 'admin-users', path: '/admin/users', jsBudget: false, performanceBar: 90, session: 'admin' },
]
const GATE_PERFORMANCE = process.argv.includes('--gate-performance')
// The signed-in sessions: a member registered and unlocked through the API,
// and the first super admin (enrolled through ADMIN_TOTP_SECRET).
const UNLOCK_CODE = 'LIGHTHOUSE-CODE'
const MEMBER = { email: 'lighthouse-member@example.com', password: 'Lighthouse-Passw0rd' }
const ADMIN = { email: 'lighthouse-admin@example.com', password: 'Lighthouse-Admin-Passw0rd' }
const root = path.resolve(`.tmp/lighthouse-${PORT}`)

if (process.argv.includes('--build')) execSync('npm run build', { stdio: 'inherit' })
if (!fs.existsSync('build/server/index.js')) {
	console.error('No build found: run `npm run build` first.')
	process.exit(1)
}
fs.rmSync(root, { recursive: true, force: true })
fs.mkdirSync(root, { recursive: true })

// The production server, as `npm start` runs it, on a throwaway database.
const server = spawn(process.execPath, ['--max-old-space-size=160', 'server.js'], {
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: String(PORT),
		DATA_DIR: path.join(root, 'data'),
		APP_ORIGIN: ORIGIN,
		UNLOCK_CODE,
		ADMIN_EMAIL: ADMIN.email,
		ADMIN_PASSWORD: ADMIN.password,
		ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
	},
	stdio: ['ignore', 'ignore', 'inherit'],
})
let chrome
function cleanUp() {
	server.kill('SIGTERM')
	chrome?.kill()
}
process.on('exit', cleanUp)

const cookiesOf = (response, prefix = '') =>
	response.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.filter((c) => c.startsWith(prefix))
		.join('; ')

/** A member registered and unlocked through the API, signed in through the login form: the session cookie. */
async function memberCookie() {
	const reg = await fetch(`${ORIGIN}/api/auth/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			name: 'Lighthouse Member',
			...MEMBER,
			phone: '+2348000000001',
			country: 'Nigeria',
			telegram: '@lighthouse',
			investmentAmount: '$100-$500',
			agreeToTerms: true,
			confirmAge: true,
			acknowledgeRisk: true,
		}),
	})
	const token = (await reg.json()).data?.token
	if (!token) throw new Error(`member sign-up failed: ${reg.status}`)
	const unlock = await fetch(`${ORIGIN}/api/auth/verify-code`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
		body: JSON.stringify({ code: UNLOCK_CODE }),
	})
	if (!unlock.ok) throw new Error(`member unlock failed: ${unlock.status}`)
	const login = await fetch(`${ORIGIN}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
		body: new URLSearchParams(MEMBER),
	})
	const cookie = cookiesOf(login)
	if (login.status !== 302 || !cookie) throw new Error(`member sign-in failed: ${login.status}`)
	return cookie
}

/** The first super admin through the sign-in form and its code step: the staff session cookie. */
async function adminCookie() {
	const login = await fetch(`${ORIGIN}/admin/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
		body: new URLSearchParams(ADMIN),
	})
	const pending = cookiesOf(login)
	if (login.status !== 302 || !pending) throw new Error(`admin sign-in failed: ${login.status}`)
	const step = await fetch(`${ORIGIN}/admin/login/two-factor`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Cookie: pending },
		body: new URLSearchParams({ intent: 'code', code: totpCode() }),
	})
	const cookie = cookiesOf(step, 'admin_session=')
	if (step.status !== 302 || !cookie) throw new Error(`admin code step failed: ${step.status}`)
	return cookie
}

/**
 * The page's JavaScript, gzipped: every script file the browser loaded
 * (each fetched again as gzip, whatever Lighthouse negotiated), plus the
 * inline scripts of the document (the hydration data), reported apart.
 */
async function javascriptSize(lhr, pagePath, cookie) {
	const requests = lhr.audits['network-requests'].details.items
	const scripts = [...new Set(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url))]
	let files = 0
	for (const url of scripts) {
		const res = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })
		const raw = Buffer.from(await res.arrayBuffer())
		// fetch decodes the body: gzip it again at the level we precompress with.
		files += zlib.gzipSync(raw, { level: 9 }).byteLength
	}
	const html = await (await fetch(`${ORIGIN}${pagePath}`, { headers: cookie ? { Cookie: cookie } : {} })).text()
	const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
		.filter((m) => !/\bsrc\s*=/i.test(m[1]))
		.map((m) => m[2])
		.join('\n')
	return { count: scripts.length, files, inline: zlib.gzipSync(inline, { level: 9 }).byteLength }
}

/** Why a run gave no figures (a Lighthouse runtime error or an errored metric audit), or null. */
function unmeasured(lhr) {
	if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
	for (const id of ['cumulative-layout-shift', 'largest-contentful-paint', 'total-blocking-time', 'network-requests']) {
		const a = lhr.audits[id]
		if (!a || a.scoreDisplayMode === 'error' || (id !== 'network-requests' && typeof a.numericValue !== 'number')) {
			return `${id}: ${a?.errorMessage ?? 'no value'}`
		}
	}
	return null
}

/**
 * One Lighthouse run of a page. A run that could not measure it is run
 * again, up to three runs in all, a second apart (seen in `npm test` on a
 * loaded shared machine: the layout-shift audit came back without a value;
 * and NO_NAVSTART, a trace without its navigation, twice in a row).
 */
async function audit(page, cookie) {
	for (let attempt = 1; ; attempt++) {
		// Lighthouse's default config is the mobile one (Moto G Power
		// emulation, simulated slow 4G and 4x CPU slowdown).
		const { lhr } = await lighthouse(`${ORIGIN}${page.path}`, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
			...(cookie ? { extraHeaders: { Cookie: cookie }, skipAudits: ['is-crawlable'] } : {}),
		})
		const broken = unmeasured(lhr)
		if (!broken || attempt === 3) return lhr
		console.error(`${page.name} (${page.path}): Lighthouse could not measure the page (${broken}); running it again`)
		await new Promise((resolve) => setTimeout(resolve, 1000))
	}
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
const score = (category) => Math.round((category?.score ?? 0) * 100)

let failed = false
const rows = []
const results = []
try {
	await waitFor(`${ORIGIN}/healthz`, { child: server })
	chrome = await chromeLauncher.launch({
		chromePath: CHROME,
		chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
	})
	const cookies = { member: await memberCookie(), admin: await adminCookie() }
	for (const page of PAGES) {
		const cookie = page.session ? cookies[page.session] : undefined
		const lhr = await audit(page, cookie)
		const broken = unmeasured(lhr)
		if (broken) {
			// Never pass a page Lighthouse could not measure.
			const problem = `Lighthouse could not measure the page: ${broken}`
			console.error(`${page.name} (${page.path}): FAIL ${problem}`)
			failed = true
			results.push({ page: `${page.name} (${page.path})`, ok: false, problems: [problem] })
			fs.writeFileSync(path.join(root, `${page.name}.report.json`), JSON.stringify(lhr))
			continue
		}
		const cls = lhr.audits['cumulative-layout-shift'].numericValue
		if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
			// A signed-in page that sent Lighthouse elsewhere (a lost session) was not measured.
			const problem = `Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${page.path}`
			console.error(`${page.name} (${page.path}): FAIL ${problem}`)
			failed = true
			results.push({ page: `${page.name} (${page.path})`, ok: false, problems: [problem] })
			continue
		}
		const js = await javascriptSize(lhr, page.path, cookie)
		const row = {
			page: `${page.name} (${page.path})`,
			performance: score(lhr.categories.performance),
			accessibility: score(lhr.categories.accessibility),
			'best-practices': score(lhr.categories['best-practices']),
			seo: score(lhr.categories.seo),
			cls,
			lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
			tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
			js,
		}
		rows.push(row)
		const problems = []
		for (const id of GATED) {
			if (row[id] === 100) continue
			const audits = lhr.categories[id].auditRefs
				.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
				.map((ref) => `${ref.id}: ${lhr.audits[ref.id].title}`)
			problems.push(`${id} ${row[id]} < 100 (${audits.join('; ') || 'see the report'})`)
		}
		if (cls > MAX_CLS) problems.push(`layout shift ${cls.toFixed(3)} > ${MAX_CLS}`)
		if (GATE_PERFORMANCE && row.performance < page.performanceBar)
			problems.push(`performance ${row.performance} < ${page.performanceBar}`)
		if (page.jsBudget && js.files > JS_BUDGET_BYTES)
			problems.push(`JavaScript ${kb(js.files)} gzipped > ${kb(JS_BUDGET_BYTES)}`)
		console.log(
			`${row.page}: performance ${row.performance} (bar ${page.performanceBar}${GATE_PERFORMANCE ? '' : ', not gated'}; LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms), accessibility ${row.accessibility}, best practices ${row['best-practices']}, SEO ${row.seo}, CLS ${cls.toFixed(3)}, JS ${kb(js.files)} gzipped (${js.files} bytes) in ${js.count} files (+ ${kb(js.inline)} inline hydration data)`,
		)
		for (const p of problems) console.error(`  FAIL ${page.name}: ${p}`)
		if (problems.length) failed = true
		results.push({ page: row.page, ok: problems.length === 0, problems })
		fs.writeFileSync(path.join(root, `${page.name}.report.json`), JSON.stringify(lhr))
	}
} catch (error) {
	console.error(`lighthouse: ${error?.stack ?? error}`)
	failed = true
} finally {
	await chrome?.kill()
	server.kill('SIGTERM')
}

if (process.argv.includes('--record') && rows.length === PAGES.length) {
	let commit = 'unknown'
	try {
		commit = execSync('git rev-parse --short HEAD').toString().trim()
	} catch {
		// not a git checkout: no commit to record
	}
	const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${execSync(
		`${CHROME} --version`,
		{ stdio: ['ignore', 'pipe', 'ignore'] },
	)
		.toString()
		.trim()}`
	const block = [
		'<!-- lighthouse:start (written by scripts/lighthouse.mjs --record) -->',
		'## Lighthouse (public pages; the dashboard and the staff users list signed in)',
		'',
		`Run of ${new Date().toISOString()}, commit ${commit}; ${machine}; Lighthouse ${lighthouseVersion()}, mobile settings (simulated slow 4G, 4x CPU slowdown). Gates: accessibility, best practices and SEO = 100, public pages' JavaScript <= ${kb(JS_BUDGET_BYTES)} gzipped, CLS <= ${MAX_CLS}. Performance bars: >= 95 public, >= 90 signed in (${GATE_PERFORMANCE ? 'gated in this run' : 'recorded, not gated'}); the signed-in pages are noindex on purpose, so their SEO score leaves out is-crawlable.`,
		'',
		'| page | performance | accessibility | best practices | SEO | CLS | LCP (ms) | TBT (ms) | JS files, gzipped | inline scripts, gzipped |',
		'| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
		...rows.map(
			(r) =>
				`| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.cls.toFixed(3)} | ${r.lcpMs} | ${r.tbtMs} | ${kb(r.js.files)} (${r.js.count} files) | ${kb(r.js.inline)} |`,
		),
		'<!-- lighthouse:end -->',
	].join('\n')
	const file = path.resolve('docs/performance.md')
	const text = fs.readFileSync(file, 'utf8')
	// One block, replaced on each record; appended at the end the first time.
	// docs/performance.md is generated from the bench's runs
	// (scripts/bench/report.mjs), which keeps this block as it is.
	const existing = /<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/
	fs.writeFileSync(file, existing.test(text) ? text.replace(existing, () => block) : `${text.trimEnd()}\n\n${block}\n`)
	console.log(`recorded in ${path.relative(process.cwd(), file)}`)
}

function lighthouseVersion() {
	try {
		return JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version
	} catch {
		return 'unknown'
	}
}

const jsonArg = process.argv.find((a) => a.startsWith('--json='))
if (jsonArg) fs.writeFileSync(jsonArg.slice('--json='.length), JSON.stringify({ pages: results }))

console.log(failed ? 'Lighthouse gates failed.' : 'Lighthouse gates passed.')
process.exit(failed ? 1 : 0)
