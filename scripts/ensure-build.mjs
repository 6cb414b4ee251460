// `npm start` builds first when there is no build or the sources are newer.
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
	execSync('npm run build', { stdio: 'inherit' })
}
