import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Follows a Dockerfile without Docker (the build machines have no engine):
 * parses it, copies the build context the way `.dockerignore` says, runs
 * each build stage's RUN lines in a scratch folder standing for that
 * stage's filesystem, and assembles the last stage's filesystem from its
 * COPY lines only. tests/api/dockerfile.spec.ts runs the result.
 *
 * It follows a deliberately small subset and refuses everything else with
 * CannotFollow, so a Dockerfile change it does not understand fails the
 * test instead of being skipped:
 * - parser directives `syntax`, `check`, `escape=\`; line continuations;
 * - ARG NAME=default before the first FROM, used as ${NAME} in FROM;
 * - FROM image [AS name] (no --platform), FROM earlier-stage;
 * - WORKDIR, ENV k=v..., COPY [--from=stage] [--chown=user:group] src... dest
 *   (no wildcards, no other flags), RUN (shell or exec form, no flags),
 *   and in the last stage only USER, VOLUME, EXPOSE, HEALTHCHECK,
 *   STOPSIGNAL and CMD (exec form);
 * - `$` only in RUN, CMD and HEALTHCHECK (the shell's business) and FROM.
 * Build stages' RUN lines really run (sh -c, niced); they may not name an
 * absolute path (that would be this machine's, not the stage's). The last
 * stage's RUN lines are emulated, and may only be `mkdir -p` and
 * `chown [-R] user:group` of absolute paths joined by `&&`.
 */
export class CannotFollow extends Error {
	constructor(line: number, message: string) {
		super(`Dockerfile line ${line}: ${message} (tests/setup/dockerfile-runner.ts cannot follow it)`)
	}
}

export type Instruction = {
	line: number
	keyword: string
	flags: Map<string, string>
	args: string
	/** The exec (JSON array) form, when given. */
	json?: string[]
}

const DIRECTIVE = /^#\s*([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(.*?)\s*$/

export function parseDockerfile(text: string): Instruction[] {
	const lines = text.split(/\r?\n/)
	let i = 0
	for (; i < lines.length; i++) {
		const m = DIRECTIVE.exec(lines[i]!)
		if (!m) break
		const name = m[1]!.toLowerCase()
		if (name === 'escape' && m[2] !== '\\') throw new CannotFollow(i + 1, `escape directive ${m[2]}`)
		if (!['syntax', 'escape', 'check'].includes(name)) throw new CannotFollow(i + 1, `parser directive ${name}`)
	}
	const out: Instruction[] = []
	let buffer: string | null = null
	let start = 0
	for (; i < lines.length; i++) {
		const raw = lines[i]!
		const trimmed = raw.trim()
		// Comment lines, and blank lines, are dropped, also inside a continuation.
		if (trimmed === '' || trimmed.startsWith('#')) continue
		if (buffer === null) {
			buffer = ''
			start = i + 1
		}
		const continued = /\\\s*$/.exec(raw)
		if (continued) {
			buffer += raw.slice(0, continued.index)
			continue
		}
		buffer += raw
		out.push(parseInstruction(buffer, start))
		buffer = null
	}
	if (buffer !== null) throw new CannotFollow(start, 'the file ends inside a line continuation')
	return out
}

function parseInstruction(text: string, line: number): Instruction {
	const m = /^\s*(\S+)\s*([\s\S]*)$/.exec(text)
	if (!m) throw new CannotFollow(line, 'an empty instruction')
	const keyword = m[1]!.toUpperCase()
	let rest = m[2]!.trim()
	const flags = new Map<string, string>()
	for (;;) {
		const flag = /^--([a-z-]+)(?:=(\S*))?(?:\s+|$)/.exec(rest)
		if (!flag) break
		flags.set(flag[1]!, flag[2] ?? '')
		rest = rest.slice(flag[0].length)
	}
	const instruction: Instruction = { line, keyword, flags, args: rest.trim() }
	if (instruction.args.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(instruction.args)
			if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) instruction.json = parsed
		} catch {
			// not JSON: the shell form, as Docker treats it
		}
	}
	return instruction
}

export type Healthcheck = {
	line: number
	/** The command in exec form (a shell form becomes ['/bin/sh', '-c', text]). */
	command: string[]
	intervalMs: number
	timeoutMs: number
	startPeriodMs: number
	retries: number
}

type Step =
	| { kind: 'workdir'; line: number; dir: string }
	| { kind: 'copy'; line: number; from?: string; chown?: string; sources: string[]; dest: string; workdir: string }
	| { kind: 'run'; line: number; shell?: string; exec?: string[]; env: Record<string, string>; workdir: string }

export type Stage = {
	name: string
	line: number
	/** The base image, or the earlier stage this one starts from. */
	image?: string
	parent?: string
	env: Record<string, string>
	workdir: string
	user?: string
	volumes: string[]
	expose: string[]
	healthcheck?: Healthcheck
	stopSignal?: string
	cmd?: string[]
	steps: Step[]
	/** Stages this one needs (FROM and COPY --from). */
	needs: Set<string>
}

export type Plan = { args: Record<string, string>; stages: Stage[]; final: Stage }

const ALLOWED_FLAGS: Record<string, string[]> = {
	COPY: ['from', 'chown'],
	HEALTHCHECK: ['interval', 'timeout', 'start-period', 'start-interval', 'retries'],
}

function durationMs(value: string, line: number) {
	const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)]
	if (parts.map((p) => p[0]).join('') !== value || parts.length === 0) throw new CannotFollow(line, `duration ${value}`)
	const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
	return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2] as keyof typeof unit], 0)
}

function parseEnvPairs(args: string, line: number): [string, string][] {
	const out: [string, string][] = []
	let rest = args.trim()
	if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) throw new CannotFollow(line, 'ENV must use the key=value form')
	while (rest) {
		const m = /^([A-Za-z_][A-Za-z0-9_]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s"'\\]*))(?:\s+|$)/.exec(rest)
		if (!m) throw new CannotFollow(line, `ENV value near "${rest.slice(0, 30)}"`)
		const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? m[4] ?? '')
		out.push([m[1]!, value])
		rest = rest.slice(m[0].length)
	}
	return out
}

/** Turns the instructions into stages, refusing what it cannot follow. */
export function planDockerfile(instructions: Instruction[]): Plan {
	const args: Record<string, string> = {}
	const stages: Stage[] = []
	let stage: Stage | undefined
	const lastIndex = (() => {
		let last = -1
		instructions.forEach((ins, index) => {
			if (ins.keyword === 'FROM') last = index
		})
		return last
	})()
	instructions.forEach((ins, index) => {
		const allowed = ALLOWED_FLAGS[ins.keyword] ?? []
		for (const flag of ins.flags.keys()) {
			if (!allowed.includes(flag)) throw new CannotFollow(ins.line, `${ins.keyword} --${flag}`)
		}
		if (!['RUN', 'CMD', 'HEALTHCHECK', 'FROM'].includes(ins.keyword) && ins.args.includes('$')) {
			throw new CannotFollow(ins.line, `variable substitution in ${ins.keyword}`)
		}
		const inFinalStage = index > lastIndex
		const need = (what: string) => {
			if (!stage) throw new CannotFollow(ins.line, `${what} before the first FROM`)
			return stage
		}
		const finalOnly = () => {
			if (!inFinalStage) throw new CannotFollow(ins.line, `${ins.keyword} outside the last stage`)
			return need(ins.keyword)
		}
		switch (ins.keyword) {
			case 'ARG': {
				if (stage) throw new CannotFollow(ins.line, 'ARG inside a stage')
				const m = /^([A-Za-z_][A-Za-z0-9_]*)=(\S+)$/.exec(ins.args)
				if (!m) throw new CannotFollow(ins.line, 'ARG without a NAME=default value')
				args[m[1]!] = m[2]!
				return
			}
			case 'FROM': {
				const expanded = ins.args.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, a, b) => {
					const name = (a ?? b) as string
					if (!(name in args)) throw new CannotFollow(ins.line, `FROM uses $${name}, which no ARG before FROM sets`)
					return args[name]!
				})
				const tokens = expanded.split(/\s+/)
				if (!(tokens.length === 1 || (tokens.length === 3 && tokens[1]!.toUpperCase() === 'AS'))) {
					throw new CannotFollow(ins.line, `FROM ${ins.args}`)
				}
				const base = tokens[0]!
				const name = tokens[2] ?? String(stages.length)
				if (stages.some((s) => s.name === name)) throw new CannotFollow(ins.line, `a second stage named ${name}`)
				const parent = stages.find((s) => s.name === base)
				stage = {
					name,
					line: ins.line,
					image: parent ? undefined : base,
					parent: parent?.name,
					env: { ...(parent?.env ?? {}) },
					workdir: parent?.workdir ?? '/',
					user: parent?.user,
					volumes: [],
					expose: [],
					steps: [],
					needs: new Set(parent ? [parent.name] : []),
				}
				stages.push(stage)
				return
			}
			case 'WORKDIR': {
				const s = need('WORKDIR')
				s.workdir = path.posix.resolve(s.workdir, ins.args)
				s.steps.push({ kind: 'workdir', line: ins.line, dir: s.workdir })
				return
			}
			case 'ENV': {
				const s = need('ENV')
				for (const [k, v] of parseEnvPairs(ins.args, ins.line)) s.env[k] = v
				return
			}
			case 'COPY': {
				const s = need('COPY')
				const parts = ins.json ?? ins.args.split(/\s+/)
				if (parts.length < 2) throw new CannotFollow(ins.line, 'COPY needs a source and a destination')
				const sources = parts.slice(0, -1)
				const dest = parts[parts.length - 1]!
				for (const src of sources) {
					if (/[*?[\]]/.test(src)) throw new CannotFollow(ins.line, `wildcard in COPY source ${src}`)
				}
				if (sources.length > 1 && !dest.endsWith('/')) {
					throw new CannotFollow(ins.line, 'COPY of several sources needs a destination ending in /')
				}
				const from = ins.flags.get('from')
				if (from !== undefined) {
					if (!stages.some((x) => x.name === from) || from === s.name) {
						throw new CannotFollow(ins.line, `COPY --from=${from}: not an earlier stage (images are not followed)`)
					}
					s.needs.add(from)
				}
				const chown = ins.flags.get('chown')
				if (chown !== undefined && !/^[a-z_][a-z0-9_-]*(:[a-z_][a-z0-9_-]*)?$/.test(chown)) {
					throw new CannotFollow(ins.line, `COPY --chown=${chown}`)
				}
				s.steps.push({ kind: 'copy', line: ins.line, from, chown, sources, dest, workdir: s.workdir })
				return
			}
			case 'RUN': {
				const s = need('RUN')
				const step: Step = { kind: 'run', line: ins.line, env: { ...s.env }, workdir: s.workdir }
				if (ins.json) step.exec = ins.json
				else step.shell = ins.args
				if (s.user && !inFinalStage) throw new CannotFollow(ins.line, 'RUN as another user in a build stage')
				s.steps.push(step)
				return
			}
			case 'USER': {
				const s = finalOnly()
				if (!/^[a-z_][a-z0-9_-]*(:[a-z_][a-z0-9_-]*)?$/.test(ins.args))
					throw new CannotFollow(ins.line, `USER ${ins.args}`)
				s.user = ins.args
				return
			}
			case 'VOLUME': {
				const s = finalOnly()
				const dirs = ins.json ?? ins.args.split(/\s+/)
				for (const dir of dirs) {
					if (!dir.startsWith('/')) throw new CannotFollow(ins.line, `VOLUME ${dir} is not absolute`)
					s.volumes.push(path.posix.normalize(dir))
				}
				return
			}
			case 'EXPOSE': {
				const s = finalOnly()
				for (const port of ins.args.split(/\s+/)) {
					if (!/^\d+(\/tcp)?$/.test(port)) throw new CannotFollow(ins.line, `EXPOSE ${port}`)
					s.expose.push(port.replace('/tcp', ''))
				}
				return
			}
			case 'HEALTHCHECK': {
				const s = finalOnly()
				if (ins.args === 'NONE') throw new CannotFollow(ins.line, 'HEALTHCHECK NONE')
				const m = /^CMD\s+([\s\S]+)$/.exec(ins.args)
				if (!m) throw new CannotFollow(ins.line, 'HEALTHCHECK without CMD')
				const body = m[1]!.trim()
				let command: string[]
				if (body.startsWith('[')) {
					const parsed: unknown = JSON.parse(body)
					if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string') || parsed.length === 0) {
						throw new CannotFollow(ins.line, 'HEALTHCHECK CMD is not a list of strings')
					}
					command = parsed
				} else command = ['/bin/sh', '-c', body]
				const flag = (name: string, fallback: string) => ins.flags.get(name) ?? fallback
				const retries = Number(flag('retries', '3'))
				if (!Number.isInteger(retries) || retries < 1)
					throw new CannotFollow(ins.line, `--retries=${flag('retries', '')}`)
				s.healthcheck = {
					line: ins.line,
					command,
					intervalMs: durationMs(flag('interval', '30s'), ins.line),
					timeoutMs: durationMs(flag('timeout', '30s'), ins.line),
					startPeriodMs: durationMs(flag('start-period', '0s'), ins.line),
					retries,
				}
				if (ins.flags.has('start-interval')) durationMs(ins.flags.get('start-interval')!, ins.line)
				return
			}
			case 'STOPSIGNAL': {
				const s = finalOnly()
				if (!(ins.args in os.constants.signals)) throw new CannotFollow(ins.line, `STOPSIGNAL ${ins.args}`)
				s.stopSignal = ins.args
				return
			}
			case 'CMD': {
				const s = finalOnly()
				if (!ins.json || ins.json.length === 0) {
					throw new CannotFollow(ins.line, 'CMD in shell form (sh would be PID 1 and not pass the stop signal on)')
				}
				s.cmd = ins.json
				return
			}
			default:
				throw new CannotFollow(ins.line, `the instruction ${ins.keyword}`)
		}
	})
	const final = stages[stages.length - 1]
	if (!final) throw new CannotFollow(1, 'no FROM')
	if (!final.cmd) throw new CannotFollow(final.line, 'a last stage without CMD')
	return { args, stages, final }
}

// --- .dockerignore --------------------------------------------------------

export type IgnorePattern = { text: string; exclusion: boolean; regex: RegExp }

/**
 * Docker's rules (moby's patternmatcher): one pattern a line, `#` in column
 * 1 is a comment, `!` re-includes, the pattern is cleaned like Go's
 * filepath.Clean with a leading / dropped; `*` and `?` stop at `/`, `**`
 * crosses directories; a pattern that matches a parent directory excludes
 * everything below it; the last matching line decides. Character classes
 * and escapes are refused.
 */
export function parseDockerignore(text: string): IgnorePattern[] {
	const out: IgnorePattern[] = []
	text.split(/\r?\n/).forEach((raw, index) => {
		if (raw.startsWith('#')) return
		let p = raw.trim()
		if (!p) return
		const exclusion = p.startsWith('!')
		if (exclusion) p = p.slice(1).trim()
		if (!p || /[[\]\\]/.test(p)) throw new Error(`.dockerignore line ${index + 1}: "${raw}" cannot be followed`)
		p = path.posix.normalize(p).replace(/\/+$/, '')
		if (p.length > 1 && p.startsWith('/')) p = p.slice(1)
		if (p === '.' || p === '' || p.startsWith('..'))
			throw new Error(`.dockerignore line ${index + 1}: "${raw}" cannot be followed`)
		let re = '^'
		for (let i = 0; i < p.length; i++) {
			const c = p[i]!
			if (c === '*' && p[i + 1] === '*') {
				i++
				if (p[i + 1] === '/') {
					i++
					re += '(.*/)?'
				} else re += '.*'
			} else if (c === '*') re += '[^/]*'
			else if (c === '?') re += '[^/]'
			else re += c.replace(/[.+^${}()|]/g, '\\$&')
		}
		out.push({ text: raw, exclusion, regex: new RegExp(`${re}$`) })
	})
	return out
}

/** Whether a context path (relative, `/`-separated) is left out of the build context. */
export function isIgnored(rel: string, patterns: IgnorePattern[]) {
	const parts = rel.split('/')
	let ignored = false
	for (const pattern of patterns) {
		let match = pattern.regex.test(rel)
		for (let i = 1; !match && i < parts.length; i++) match = pattern.regex.test(parts.slice(0, i).join('/'))
		if (match) ignored = !pattern.exclusion
	}
	return ignored
}

/** Copies the build context into `dest` as `docker build` would send it. */
export function copyContext(source: string, dest: string, patterns: IgnorePattern[]) {
	const exceptions = patterns.some((p) => p.exclusion)
	let files = 0
	const walk = (rel: string) => {
		for (const entry of fs.readdirSync(path.join(source, rel), { withFileTypes: true })) {
			const r = rel ? `${rel}/${entry.name}` : entry.name
			const ignored = isIgnored(r, patterns)
			const from = path.join(source, r)
			const to = path.join(dest, r)
			if (entry.isDirectory()) {
				if (ignored && !exceptions) continue
				if (!ignored) fs.mkdirSync(to, { recursive: true })
				walk(r)
			} else if (!ignored) {
				fs.mkdirSync(path.dirname(to), { recursive: true })
				if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to)
				else fs.copyFileSync(from, to)
				files++
			}
		}
	}
	fs.mkdirSync(dest, { recursive: true })
	walk('')
	return files
}

// --- building ---------------------------------------------------------------

export type BuildOptions = {
	/** Scratch folder: stages/<name> stands for each stage's `/`, logs/ keeps the RUN output. */
	scratch: string
	/** The copied build context. */
	context: string
	/** Added to every RUN's environment (e.g. npm's offline preference). */
	runEnv: Record<string, string>
	/** Owner for `chown`/`--chown` of the last stage's user. */
	runtimeIds: { uid: number; gid: number }
	/** Called around each step, for the report. */
	step: <T>(title: string, body: () => Promise<T> | T) => Promise<T>
}

export function stageRoot(scratch: string, stage: Stage) {
	return path.join(scratch, 'stages', stage.name)
}

/** Where an image path of a stage lies on this machine. */
export function inStage(root: string, imagePath: string) {
	return path.join(root, path.posix.normalize(`/${imagePath}`))
}

/** The stage's ENV as it applies here: absolute paths point into the stage's folder. */
export function hostEnv(root: string, env: Record<string, string>) {
	return Object.fromEntries(
		Object.entries(env).map(([k, v]) => [k, v.startsWith('/') && !v.includes(':') ? inStage(root, v) : v]),
	)
}

/** The stages the last one needs, in file order. */
export function neededStages(plan: Plan) {
	const needed = new Set<string>()
	const visit = (name: string) => {
		if (needed.has(name)) return
		needed.add(name)
		for (const dep of plan.stages.find((s) => s.name === name)!.needs) visit(dep)
	}
	visit(plan.final.name)
	return plan.stages.filter((s) => needed.has(s.name))
}

function chownTree(target: string, ids: { uid: number; gid: number }) {
	fs.lchownSync(target, ids.uid, ids.gid)
	if (fs.lstatSync(target).isDirectory()) {
		for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), ids)
	}
}

function ownerIds(stage: Stage, owner: string, line: number, ids: { uid: number; gid: number }) {
	const user = stage.user?.split(':')[0]
	const [u, g] = owner.split(':')
	if (!user || u !== user || (g !== undefined && g !== (stage.user!.split(':')[1] ?? user))) {
		throw new CannotFollow(line, `chown to ${owner}: only the last stage's USER (${stage.user ?? 'none'}) is followed`)
	}
	return ids
}

function copyStep(
	step: Extract<Step, { kind: 'copy' }>,
	stage: Stage,
	root: string,
	plan: Plan,
	options: BuildOptions,
) {
	const fromStage = step.from ? plan.stages.find((s) => s.name === step.from)! : undefined
	const sourceRoot = fromStage ? stageRoot(options.scratch, fromStage) : options.context
	const destPath = path.posix.resolve(step.workdir, step.dest)
	const destIsDir = step.dest.endsWith('/') || step.sources.length > 1
	for (const src of step.sources) {
		const from = inStage(sourceRoot, src)
		if (!fs.existsSync(from)) {
			throw new Error(
				`Dockerfile line ${step.line}: COPY source ${src} is not ${fromStage ? `in stage ${fromStage.name}` : 'in the build context (left out by .dockerignore?)'}`,
			)
		}
		const isDir = fs.lstatSync(from).isDirectory()
		const to =
			isDir || !destIsDir ? inStage(root, destPath) : inStage(root, path.posix.join(destPath, path.posix.basename(src)))
		fs.mkdirSync(isDir ? to : path.dirname(to), { recursive: true })
		fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true, force: true })
		if (step.chown) chownTree(to, ownerIds(stage, step.chown, step.line, options.runtimeIds))
	}
}

/** The last stage's RUN lines: only `mkdir -p` and `chown` of absolute paths, done on its folder. */
function emulateRun(step: Extract<Step, { kind: 'run' }>, stage: Stage, root: string, options: BuildOptions) {
	if (!step.shell) throw new CannotFollow(step.line, 'RUN in exec form in the last stage')
	for (const part of step.shell.split('&&').map((p) => p.trim())) {
		const [command, ...rest] = part.split(/\s+/)
		const flags = rest.filter((t) => t.startsWith('-'))
		const operands = rest.filter((t) => !t.startsWith('-'))
		if (command === 'mkdir' && flags.every((f) => f === '-p') && operands.length > 0) {
			for (const dir of operands) {
				if (!dir.startsWith('/')) throw new CannotFollow(step.line, `mkdir of a relative path ${dir}`)
				fs.mkdirSync(inStage(root, dir), { recursive: true })
			}
		} else if (command === 'chown' && flags.every((f) => f === '-R') && operands.length > 1) {
			const ids = ownerIds(stage, operands[0]!, step.line, options.runtimeIds)
			for (const target of operands.slice(1)) {
				if (!target.startsWith('/')) throw new CannotFollow(step.line, `chown of a relative path ${target}`)
				const host = inStage(root, target)
				if (flags.includes('-R')) chownTree(host, ids)
				else fs.chownSync(host, ids.uid, ids.gid)
			}
		} else {
			throw new CannotFollow(step.line, `"${part}" in the last stage (only mkdir -p and chown are followed there)`)
		}
	}
}

/** Runs a build stage's RUN line for real, niced, in the stage's folder. */
async function realRun(step: Extract<Step, { kind: 'run' }>, stage: Stage, root: string, options: BuildOptions) {
	const text = step.shell ?? step.exec!.join(' ')
	if (/(^|[\s=:'"(])\/(?!\/)/.test(text)) {
		throw new CannotFollow(
			step.line,
			`RUN names an absolute path ("${text}"); here it would be this machine's, not the stage's`,
		)
	}
	const cwd = inStage(root, step.workdir)
	fs.mkdirSync(cwd, { recursive: true })
	const logDir = path.join(options.scratch, 'logs')
	fs.mkdirSync(logDir, { recursive: true })
	const logFile = path.join(logDir, `${stage.name}-line${step.line}.log`)
	const out = fs.openSync(logFile, 'w')
	const argv = step.shell !== undefined ? ['/bin/sh', '-c', step.shell] : step.exec!
	const env = {
		PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
		HOME: os.homedir(),
		...hostEnv(root, step.env),
		...options.runEnv,
	}
	const code = await new Promise<number | null>((resolve, reject) => {
		const child = spawn('nice', ['-n', '10', ...argv], { cwd, env, stdio: ['ignore', out, out] })
		child.on('error', reject)
		child.on('exit', (c) => resolve(c))
	})
	fs.closeSync(out)
	if (code !== 0) {
		const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
		throw new Error(`Dockerfile line ${step.line} (stage ${stage.name}): RUN ${text} exited ${code}\n${tail}`)
	}
}

/** Builds every stage the last one needs; returns the last stage's folder. */
export async function buildStages(plan: Plan, options: BuildOptions) {
	for (const stage of neededStages(plan)) {
		const root = stageRoot(options.scratch, stage)
		fs.rmSync(root, { recursive: true, force: true })
		if (stage.parent) {
			const parent = plan.stages.find((s) => s.name === stage.parent)!
			fs.cpSync(stageRoot(options.scratch, parent), root, { recursive: true, verbatimSymlinks: true })
		} else fs.mkdirSync(root, { recursive: true })
		const isFinal = stage === plan.final
		for (const step of stage.steps) {
			if (step.kind === 'workdir') fs.mkdirSync(inStage(root, step.dir), { recursive: true })
			else if (step.kind === 'copy') {
				const title = `${stage.name}: COPY ${step.from ? `--from=${step.from} ` : ''}${step.sources.join(' ')} ${step.dest}`
				await options.step(title, () => copyStep(step, stage, root, plan, options))
			} else {
				const title = `${stage.name}: RUN ${step.shell ?? JSON.stringify(step.exec)}`
				await options.step(title, () =>
					isFinal ? emulateRun(step, stage, root, options) : realRun(step, stage, root, options),
				)
			}
		}
	}
	return stageRoot(options.scratch, plan.final)
}
