// `npm start` builds first when there is no build or the sources are newer.
// It runs `npm run build` with Vite reporting warnings and errors only: the
// list of every file the build wrote (some 250 lines) would bury the start's
// banner with the URL and the first credentials. `npm run build` itself
// still prints the whole report.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const stamp = path.resolve('build/server/index.js')
const sources = [
	'app',
	'db',
	'server',
	'public',
	'other',
	'vite.config.ts',
	'react-router.config.ts',
	'package-lock.json',
]

function newest(p) {
	if (!fs.existsSync(p)) return 0
	const stat = fs.statSync(p)
	if (!stat.isDirectory()) return stat.mtimeMs
	let max = stat.mtimeMs
	for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)))
	return max
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
if (!built || sources.some((s) => newest(s) > built)) {
	console.log(built ? 'Sources changed: rebuilding...' : 'No build yet: building...')
	// The build script of package.json, React Router's step at Vite's `warn` log level.
	const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
	const command = scripts.build.replace(/^react-router build(?= |$)/, 'react-router build --logLevel warn')
	const bin = path.resolve('node_modules/.bin')
	execSync(command, { stdio: 'inherit', env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` } })
}
