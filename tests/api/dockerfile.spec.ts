import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import {
	CannotFollow,
	buildStages,
	copyContext,
	hostEnv,
	inStage,
	isIgnored,
	neededStages,
	parseDockerfile,
	parseDockerignore,
	planDockerfile,
	type Plan,
} from '../setup/dockerfile-runner.ts'
import { registration } from '../playwright-utils.ts'

// The Dockerfile, followed outside Docker (no engine on the build
// machines): its build stages really run (npm ci, npm run build, npm ci
// --omit=dev), the runtime stage's filesystem is assembled from its COPY
// lines only, and its CMD runs with its ENV as a non-root user, /data
// standing in a scratch folder. What the runner follows and refuses:
// tests/setup/dockerfile-runner.ts.
const PORT = E2E_PORT + 30
const ROOT = path.resolve('.')
const scratch = path.join(E2E_ROOT, 'dockerfile')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

const plan = (): Plan => planDockerfile(parseDockerfile(read('Dockerfile')))

test.describe('the Dockerfile runner refuses what it cannot follow', () => {
	const cases: [string, string, RegExp][] = [
		['an unknown instruction', 'FROM node:20.20.2-bookworm-slim\nLABEL a=b\nCMD ["node"]', /instruction LABEL/],
		['ENTRYPOINT', 'FROM node:20.20.2-bookworm-slim\nENTRYPOINT ["node"]\nCMD ["x"]', /instruction ENTRYPOINT/],
		['an unknown COPY flag', 'FROM node:20.20.2-bookworm-slim\nCOPY --link a b\nCMD ["node"]', /COPY --link/],
		[
			'a RUN flag',
			'FROM node:20.20.2-bookworm-slim\nRUN --mount=type=cache,target=/root/.npm npm ci\nCMD ["node"]',
			/RUN --mount/,
		],
		['FROM --platform', 'FROM --platform=linux/amd64 node:20.20.2-bookworm-slim\nCMD ["node"]', /FROM --platform/],
		['CMD in shell form', 'FROM node:20.20.2-bookworm-slim\nCMD node server.js', /shell form/],
		[
			'COPY --from an image',
			'FROM node:20.20.2-bookworm-slim\nCOPY --from=alpine /x /x\nCMD ["node"]',
			/not an earlier stage/,
		],
		[
			'variables outside FROM and RUN',
			'FROM node:20.20.2-bookworm-slim\nENV A=$B\nCMD ["node"]',
			/variable substitution/,
		],
		[
			'USER in a build stage',
			'FROM node:20.20.2-bookworm-slim AS a\nUSER node\nFROM a\nCMD ["node"]',
			/USER outside the last stage/,
		],
		['a wildcard COPY', 'FROM node:20.20.2-bookworm-slim\nCOPY *.json ./\nCMD ["node"]', /wildcard/],
		['the real Dockerfile with one more line', `${read('Dockerfile')}\nONBUILD RUN true\n`, /instruction ONBUILD/],
	]
	for (const [name, text, message] of cases) {
		test(name, () => {
			expect(() => planDockerfile(parseDockerfile(text))).toThrow(CannotFollow)
			expect(() => planDockerfile(parseDockerfile(text))).toThrow(message)
		})
	}

	test('runtime RUN lines other than mkdir and chown, and absolute paths in build RUN lines', async () => {
		const dir = path.join(E2E_ROOT, 'dockerfile-refusals')
		fs.rmSync(dir, { recursive: true, force: true })
		const options = {
			scratch: dir,
			context: dir,
			runEnv: {},
			runtimeIds: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
			step: async <T>(_: string, body: () => Promise<T> | T) => body(),
		}
		const runtime = planDockerfile(parseDockerfile('FROM node:20.20.2-bookworm-slim\nRUN apt-get update\nCMD ["node"]'))
		await expect(buildStages(runtime, options)).rejects.toThrow(/only mkdir -p and chown/)
		const build = planDockerfile(
			parseDockerfile('FROM node:20.20.2-bookworm-slim AS b\nRUN cp x /etc/x\nFROM b\nCMD ["node"]'),
		)
		await expect(buildStages(build, options)).rejects.toThrow(/absolute path/)
		fs.rmSync(dir, { recursive: true, force: true })
	})
})

test('.dockerignore keeps secrets, data, installed and built output and tests out of the context', () => {
	const patterns = parseDockerignore(read('.dockerignore'))
	for (const p of [
		'.env',
		'.env.production',
		'config/.env.local',
		'data/app.db',
		'data/secrets.json',
		'app.db',
		'nested/dir/copy.db-wal',
		'node_modules/vite/package.json',
		'build/server/index.js',
		'.git',
		'.tmp/e2e-4600/data/app.db',
		'test-results/x.png',
		'playwright-report/index.html',
		'tests/api/auth.spec.ts',
		'.react-router/types/x.ts',
	]) {
		expect(isIgnored(p, patterns), p).toBe(true)
	}
	for (const p of [
		'package.json',
		'package-lock.json',
		'server.js',
		'migrations/0000_init.sql',
		'app/root.tsx',
		'public/favicon.svg',
		'scripts/cli.mjs',
	]) {
		expect(isIgnored(p, patterns), p).toBe(false)
	}
	// Docker's own semantics, on patterns this file does not use.
	const rules = parseDockerignore('*.md\n!README*.md\nREADME-secret.md\n**/*.go\nsub/*/tmp')
	expect(isIgnored('x.md', rules)).toBe(true)
	expect(isIgnored('README.md', rules)).toBe(false)
	expect(isIgnored('README-secret.md', rules)).toBe(true)
	expect(isIgnored('docs/x.md', rules)).toBe(false)
	expect(isIgnored('a/b/c.go', rules)).toBe(true)
	expect(isIgnored('sub/x/tmp/file', rules)).toBe(true)
	expect(isIgnored('sub/tmp', rules)).toBe(false)
})

test('the Dockerfile says what the deployment needs', () => {
	const p = plan()
	const final = p.final
	// One pinned Debian slim Node 20 base for every stage.
	const images = neededStages(p)
		.map((s) => s.image)
		.filter(Boolean)
	expect(images.length).toBeGreaterThan(0)
	for (const image of images) expect(image).toMatch(/^node:20\.\d+\.\d+-bookworm-slim$/)
	expect(new Set(images).size).toBe(1)
	expect(final.user, 'the runtime runs as a non-root user').toBeTruthy()
	expect(['root', '0']).not.toContain(final.user!.split(':')[0])
	expect(final.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' })
	expect(final.expose).toContain(final.env.PORT)
	expect(final.volumes).toContain(final.env.DATA_DIR)
	expect(final.stopSignal).toBe('SIGTERM')
	expect(final.healthcheck).toBeTruthy()
	expect(final.cmd).toEqual(['node', '--max-old-space-size=160', 'server.js'])
	// No secrets baked into the image.
	expect(Object.keys(final.env).filter((k) => /SECRET|PASSWORD|TOKEN|KEY|SMTP_URL|ADMIN_EMAIL/.test(k))).toEqual([])
	const runs = p.stages.flatMap((s) =>
		s.steps.flatMap((step) => (step.kind === 'run' && step.shell ? [step.shell] : [])),
	)
	expect(runs.some((r) => /^npm ci\b(?!.*--omit=dev)/.test(r))).toBe(true)
	expect(runs.some((r) => /^npm ci\b.*--omit=dev/.test(r))).toBe(true)
	expect(runs).toContain('npm run build')
})

/** Who runs the CMD: the machine's `node` user, else `nobody`, switched to with setpriv when the tests run as root. */
function runtimeIdentity() {
	const uid = process.getuid?.() ?? 0
	if (uid !== 0) {
		return {
			uid,
			gid: process.getgid?.() ?? 0,
			wrap: (argv: string[]) => argv,
			note: `runs as the current user (uid ${uid}), already not root`,
		}
	}
	if (spawnSync('setpriv', ['--version']).status !== 0) {
		return {
			uid: 0,
			gid: 0,
			wrap: (argv: string[]) => argv,
			note: 'runs as root: setpriv is not installed, so the user switch is skipped',
		}
	}
	const id = (name: string, flag: '-u' | '-g') => {
		const r = spawnSync('id', [flag, name], { encoding: 'utf8' })
		return r.status === 0 ? Number(r.stdout.trim()) : undefined
	}
	const name = id('node', '-u') !== undefined ? 'node' : 'nobody'
	const ids = { uid: id(name, '-u')!, gid: id(name, '-g')! }
	return {
		...ids,
		wrap: (argv: string[]) => ['setpriv', `--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups', '--', ...argv],
		note: `runs as ${name} (uid ${ids.uid}) through setpriv, standing for the image's USER`,
	}
}

/**
 * The Docker build downloads better-sqlite3's prebuilt binary (prebuild-
 * install, from the project's releases); this machine reaches only the
 * package registry. So the binary already built here for this Node (from
 * node_modules, same version as the lock file) is offered to prebuild-
 * install as a local prebuild, and `npm ci` runs unchanged. Without it,
 * better-sqlite3 is compiled from source (slower, needs a C++ toolchain).
 */
function prebuiltStandIn(dir: string): { env: Record<string, string>; note: string } {
	const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> }
	const version = lock.packages['node_modules/better-sqlite3']?.version
	const local = path.join(ROOT, 'node_modules/better-sqlite3')
	const binary = path.join(local, 'build/Release/better_sqlite3.node')
	const localVersion = fs.existsSync(local)
		? (JSON.parse(fs.readFileSync(path.join(local, 'package.json'), 'utf8')) as { version: string }).version
		: null
	if (version && version === localVersion && fs.existsSync(binary)) {
		fs.mkdirSync(dir, { recursive: true })
		const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
		const tar = spawnSync('tar', ['-czf', path.join(dir, name), '-C', local, 'build/Release/better_sqlite3.node'])
		if (tar.status === 0)
			return {
				env: { npm_config_better_sqlite3_local_prebuilds: dir },
				note: `better-sqlite3 ${version}: this machine's binary stands in for the downloaded prebuilt one`,
			}
	}
	return {
		env: { npm_config_build_from_source: 'better-sqlite3' },
		note: 'better-sqlite3 is compiled from source (no local binary of the locked version)',
	}
}

function snapshot(root: string, skip: string[]) {
	const out = new Map<string, string>()
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			if (skip.includes(full)) continue
			if (entry.isDirectory()) walk(full)
			else {
				const st = fs.lstatSync(full)
				out.set(path.relative(root, full), `${st.size}:${st.mtimeMs}`)
			}
		}
	}
	walk(root)
	return out
}

function listFiles(dir: string, skip: (rel: string) => boolean, base = dir): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		const rel = path.relative(base, full)
		if (skip(rel)) return []
		return entry.isDirectory() ? listFiles(full, skip, base) : [rel]
	})
}

/** `rm -rf`: several times faster than fs.rmSync on the build stage's half a gigabyte of node_modules. */
function removeTree(dir: string) {
	if (spawnSync('rm', ['-rf', dir]).status !== 0) fs.rmSync(dir, { recursive: true, force: true })
}

async function portIsFree(port: number) {
	return new Promise<boolean>((resolve) => {
		const probe = net.createServer()
		probe.once('error', () => resolve(false))
		probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)))
	})
}

test('the image builds and runs: healthz, sign-up, HEALTHCHECK, no dev dependencies, SIGTERM exits 0', async () => {
	test.setTimeout(15 * 60_000)
	const started = Date.now()
	const info = test.info()
	const note = (description: string) => info.annotations.push({ type: 'note', description })
	const p = plan()
	const final = p.final
	const pinned = neededStages(p)
		.find((s) => s.image)!
		.image!.replace(/^node:([\d.]+)-.*$/, '$1')
	if (pinned !== process.versions.node)
		note(`the image pins Node ${pinned}; this machine runs ${process.versions.node}`)
	expect(pinned.split('.')[0]).toBe(process.versions.node.split('.')[0])
	expect(await portIsFree(PORT), `port ${PORT} (E2E_PORT + 30) is taken`).toBe(true)

	removeTree(scratch)
	fs.mkdirSync(scratch, { recursive: true })
	const context = path.join(scratch, 'context')
	const files = copyContext(ROOT, context, parseDockerignore(read('.dockerignore')))
	expect(files).toBeGreaterThan(10)
	for (const gone of ['node_modules', 'build', '.env', 'data', '.git', '.tmp', 'tests']) {
		expect(fs.existsSync(path.join(context, gone)), `${gone} in the build context`).toBe(false)
	}

	const who = runtimeIdentity()
	note(who.note)
	const standIn = prebuiltStandIn(path.join(scratch, 'prebuilds'))
	note(standIn.note)
	const root = await buildStages(p, {
		scratch,
		context,
		// Same commands as the Dockerfile; npm prefers its cache (the registry
		// is still asked when the cache lacks a package).
		runEnv: { npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', ...standIn.env },
		runtimeIds: { uid: who.uid, gid: who.gid },
		step: (title, body) => test.step(title, async () => body()),
	})
	const built = Date.now()

	// The runtime filesystem holds only what its COPY lines brought.
	const app = inStage(root, final.workdir)
	const dataDir = inStage(root, final.env.DATA_DIR!)
	const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> }
	type LockEntry = { dev?: boolean; devOptional?: boolean; optional?: boolean; os?: string[]; cpu?: string[] }
	const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> }
	const devOnly = (entry: LockEntry) => entry.dev || entry.devOptional
	expect(fs.readdirSync(root).sort()).toEqual([final.workdir, ...final.volumes].map((d) => d.split('/')[1]!).sort())
	for (const dep of Object.keys(pkg.dependencies))
		expect(fs.existsSync(path.join(app, 'node_modules', dep)), dep).toBe(true)
	// Every production package of the lock (for this platform) is there...
	const fits = (list: string[] | undefined, value: string) =>
		!list || (list.some((v) => !v.startsWith('!')) ? list.includes(value) : !list.includes(`!${value}`))
	const missing = Object.entries(lock.packages)
		.filter(
			([key, entry]) => key && !devOnly(entry) && fits(entry.os, process.platform) && fits(entry.cpu, process.arch),
		)
		.map(([key]) => key)
		.filter((key) => !fs.existsSync(path.join(app, key)))
	expect(missing, 'production packages missing from the runtime image').toEqual([])
	// ...and nothing only development needs (dev, or an optional peer of the dev tree).
	const devInImage = Object.entries(lock.packages)
		.filter(([key, entry]) => key && devOnly(entry))
		.map(([key]) => key)
		.filter((key) => fs.existsSync(path.join(app, key)))
	expect(devInImage, 'devDependencies in the runtime image').toEqual([])
	for (const name of [
		'vite',
		'@playwright/test',
		'playwright',
		'typescript',
		'vitest',
		'lighthouse',
		'@react-router/dev',
		'drizzle-kit',
	]) {
		expect(fs.existsSync(path.join(app, 'node_modules', name)), name).toBe(false)
	}
	const ownFiles = listFiles(app, (rel) => rel === 'node_modules')
	expect(
		ownFiles.filter((f) =>
			/(^|\/)\.env|(^|\/)(tests?|data|test-results|playwright-report|\.tmp|\.git)(\/|$)|\.(test|spec)\.[cm]?[jt]sx?$|\.db(-wal|-shm)?$/.test(
				f,
			),
		),
	).toEqual([])
	expect(ownFiles).toContain('server.js')
	expect(fs.readdirSync(dataDir)).toEqual([])
	expect(fs.statSync(dataDir).uid).toBe(who.uid)

	// CMD with the image's ENV (PORT moved to a free port), as its USER.
	const env = {
		PATH: process.env.PATH ?? '/usr/bin:/bin',
		HOME: inStage(root, `/home/${final.user}`),
		...hostEnv(root, final.env),
		PORT: String(PORT),
	}
	const before = snapshot(root, [dataDir])
	const logFile = path.join(scratch, 'runtime.log')
	const out = fs.openSync(logFile, 'w')
	const argv = who.wrap(final.cmd!)
	let child: ChildProcess | undefined = spawn(argv[0]!, argv.slice(1), { cwd: app, env, stdio: ['ignore', out, out] })
	const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
	const base = `http://127.0.0.1:${PORT}`
	try {
		const deadline = Date.now() + 60_000
		for (;;) {
			if (child.exitCode !== null)
				throw new Error(`the CMD exited early (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8')}`)
			const ok = await fetch(`${base}/healthz`).then(
				(r) => r.status === 200,
				() => false,
			)
			if (ok) break
			if (Date.now() > deadline)
				throw new Error(`/healthz did not answer 200 within 60 s:\n${fs.readFileSync(logFile, 'utf8')}`)
			await new Promise((r) => setTimeout(r, 200))
		}
		// /healthz answers once the first serving process listens; the banner
		// comes when every one does (WEB_CONCURRENCY of them): on a busy
		// machine the second may still be starting.
		await expect
			.poll(() => fs.readFileSync(logFile, 'utf8'), { timeout: 60_000, intervals: [200] })
			.toContain(`listening on 0.0.0.0:${PORT}`)
		const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
		expect(Number(/^Uid:\s+(\d+)/m.exec(status)![1])).toBe(who.uid)

		const signup = await fetch(`${base}/api/auth/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(registration()),
		})
		expect(signup.status, await signup.clone().text()).toBe(201)

		// The HEALTHCHECK command itself, as Docker would run it in the container.
		const check = final.healthcheck!
		const hc = who.wrap(check.command)
		const healthy = spawnSync(hc[0]!, hc.slice(1), { cwd: app, env, timeout: check.timeoutMs, encoding: 'utf8' })
		expect(healthy.status, `${healthy.stdout}${healthy.stderr}`).toBe(0)

		// The app writes only into the volume, as its user.
		for (const file of ['app.db', 'secrets.json']) {
			expect(fs.existsSync(path.join(dataDir, file)), file).toBe(true)
			expect(fs.statSync(path.join(dataDir, file)).uid).toBe(who.uid)
		}

		const stopAt = Date.now()
		child.kill(final.stopSignal as NodeJS.Signals)
		expect(await exited, fs.readFileSync(logFile, 'utf8')).toBe(0)
		expect(Date.now() - stopAt).toBeLessThan(10_000)
		child = undefined
		const unhealthy = spawnSync(hc[0]!, hc.slice(1), { cwd: app, env, timeout: check.timeoutMs })
		expect(unhealthy.status).not.toBe(0)
		expect(snapshot(root, [dataDir])).toEqual(before)
	} finally {
		if (child && child.exitCode === null) child.kill('SIGKILL')
		fs.closeSync(out)
	}
	console.log(
		`Dockerfile followed in ${Math.round((Date.now() - started) / 1000)} s (stages ${Math.round((built - started) / 1000)} s); logs in ${path.relative(ROOT, scratch)}`,
	)
	// The stages' folders are large (the build stage holds every dependency).
	removeTree(path.join(scratch, 'stages'))
	removeTree(context)
})
