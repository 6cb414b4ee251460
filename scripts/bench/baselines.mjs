// The baselines every ratio is read against, started in the same run on the
// same cores as the app:
// - raw node:http answering a small JSON;
// - raw Node serving from memory the landing page as the app sends it to a
//   visitor without Accept-Encoding (like wrk), and each sign-in page twice:
//   its whole answer (the same status line, headers and body: the same bytes
//   on the wire, which the sign-in bars read;
//   docs/decisions/029-sign-in-baseline-same-answer.md) at `/answer<page>`,
//   and its body alone with one header at `<page>`;
// - the same build served bare by React Router's own listener in one
//   process (bare-server.mjs): the floor our layers (headers, logging,
//   sessions, limits) are measured against, and what every core must
//   multiply.
import fs from 'node:fs'
import path from 'node:path'
import { freshAnswer } from '../fresh-fetch.mjs'
import { waitFor } from '../server-process.mjs'
import { memberWithReferrals } from './accounts.mjs'
import { startNode, UNLOCK_CODE } from './servers.mjs'

/** The sign-in pages served from the page cache to visitors (issue 16). */
export const SIGN_IN_PAGES = ['/login', '/signup', '/forgot-password', '/admin/login']

export const RAW_JSON = 'baseline: raw node:http JSON'
export const RAW_HTML = 'baseline: static HTML from raw Node'
export const rawPage = (page) => `baseline: ${page} answer from raw Node (same status, headers and body)`
export const rawBody = (page) => `baseline: ${page} body from raw Node (one header)`
export const BARE_API = 'baseline: bare React Router resource route (/healthz, one SQLite query)'
export const BARE_HOME = 'baseline: bare React Router SSR page (/)'
export const BARE_LOGIN = 'baseline: bare React Router SSR page (/login)'
export const BARE_DASHBOARD = 'baseline: bare React Router SSR page (/dashboard, member cookie)'
export const BARE_REFERRALS = 'baseline: bare React Router SSR page (/dashboard/referrals, member cookie)'

/** Raw Node's answers, by path, read from the app at `appPort`: status, headers and a body file. */
async function pageAnswers(appPort, root) {
	const answers = {}
	for (const page of SIGN_IN_PAGES.concat('/')) {
		const name = page === '/' ? 'landing' : page.slice(1).replace('/', '-')
		const answer = await freshAnswer(`http://127.0.0.1:${appPort}${page}`)
		const file = path.join(root, `page-${name}.html`)
		fs.writeFileSync(file, answer.body)
		answers[page] = { status: 200, headers: ['Content-Type', 'text/html; charset=utf-8'], file }
		if (page === '/') continue
		// Node writes Date, Connection and Keep-Alive itself, for both servers.
		const headers = []
		for (let i = 0; i < answer.rawHeaders.length; i += 2) {
			const header = answer.rawHeaders[i]
			if (!['date', 'connection', 'keep-alive'].includes(header.toLowerCase()))
				headers.push(header, answer.rawHeaders[i + 1])
		}
		answers[`/answer${page}`] = { status: answer.status, headers, file }
	}
	const file = path.join(root, 'answers.json')
	fs.writeFileSync(file, JSON.stringify(answers))
	return file
}

/**
 * Starts the three baseline servers (ports `ports.json`, `ports.static`,
 * `ports.bare`) and signs a member with referrals in on the bare one; returns
 * the load plan's baseline entries ({ name, url, headers?, pid }).
 */
export async function startBaselines({ layout, root, ports }) {
	const answersFile = await pageAnswers(ports.app, root)
	const rawJson = startNode(layout, [
		'-e',
		`require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type':'application/json'}); s.end(JSON.stringify({success:true,data:{user:{id:1,name:'Ada'}}})) }).listen(${ports.json})`,
	])
	const rawStatic = startNode(layout, [
		'-e',
		`const fs=require('node:fs'); const answers=Object.fromEntries(Object.entries(JSON.parse(fs.readFileSync(${JSON.stringify(answersFile)},'utf8'))).map(([p,a])=>[p,{...a,body:fs.readFileSync(a.file)}])); require('node:http').createServer((q, s) => { const a=answers[q.url]; if(!a){s.writeHead(404);s.end();return} s.writeHead(a.status, a.headers); s.end(a.body) }).listen(${ports.static})`,
	])
	const bare = await startBare({ layout, port: ports.bare, dataDir: path.join(root, 'bare-data') })
	await waitFor(`http://127.0.0.1:${ports.json}/`, { child: rawJson })
	await waitFor(`http://127.0.0.1:${ports.static}/`, { child: rawStatic })
	const member = await memberWithReferrals(ports.bare, 'bare')

	const json = `http://127.0.0.1:${ports.json}`
	const stat = `http://127.0.0.1:${ports.static}`
	return [
		{ name: RAW_JSON, url: `${json}/`, pid: rawJson.pid },
		{ name: RAW_HTML, url: `${stat}/`, pid: rawStatic.pid },
		...SIGN_IN_PAGES.flatMap((page) => [
			{ name: rawPage(page), url: `${stat}/answer${page}`, pid: rawStatic.pid },
			{ name: rawBody(page), url: `${stat}${page}`, pid: rawStatic.pid },
		]),
		...bareEntries({ port: ports.bare, member, pid: bare.pid }),
	]
}

/** The bare React Router server (bare-server.mjs, one process) on `layout`'s servers' cores; resolves once it answers. */
export async function startBare({ layout, port, dataDir }) {
	const bare = startNode(layout, ['--max-old-space-size=160', 'scripts/bench/bare-server.mjs'], {
		NODE_ENV: 'production',
		PORT: String(port),
		DATA_DIR: dataDir,
		RATE_LIMIT_MULTIPLIER: '1000000',
		UNLOCK_CODE,
	})
	await waitFor(`http://127.0.0.1:${port}/healthz`, { child: bare })
	return bare
}

/** The load plan's entries of the bare server at `port` (process `pid`), `member` signed in on it. */
export function bareEntries({ port, member, pid }) {
	const bareUrl = `http://127.0.0.1:${port}`
	return [
		{ name: BARE_API, url: `${bareUrl}/healthz`, pid },
		{ name: BARE_HOME, url: `${bareUrl}/`, pid },
		{ name: BARE_LOGIN, url: `${bareUrl}/login`, pid },
		{ name: BARE_DASHBOARD, url: `${bareUrl}/dashboard`, headers: { Cookie: member.cookie }, pid },
		{ name: BARE_REFERRALS, url: `${bareUrl}/dashboard/referrals`, headers: { Cookie: member.cookie }, pid },
	]
}
