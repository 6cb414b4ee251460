// `npm run icons`: writes app/components/icon-names.ts from other/svg-icons/.
// `npm run icons -- add trophy bell`: first copies those Lucide icons
// (the lucide-static devDependency; names as on lucide.dev) into the folder.
// To drop an icon, delete its file and run `npm run icons`.
import fs from 'node:fs'
import path from 'node:path'
import { ICON_NAMES_FILE, ICONS_DIR, iconNamesModule, readIcons } from '../other/icon-sprite.ts'

const LUCIDE_DIR = path.resolve('node_modules/lucide-static/icons')

const [command, ...names] = process.argv.slice(2)
if (command === 'add') {
	if (names.length === 0) throw new Error('Usage: npm run icons -- add NAME [NAME...]')
	for (const name of names) {
		const source = path.join(LUCIDE_DIR, `${name}.svg`)
		if (!fs.existsSync(source)) throw new Error(`No Lucide icon "${name}" (${source})`)
		fs.copyFileSync(source, path.join(ICONS_DIR, `${name}.svg`))
		console.log(`added ${name}`)
	}
} else if (command) {
	throw new Error(`Unknown command "${command}": run with no arguments, or "add NAME..."`)
}

const next = iconNamesModule(readIcons().map((icon) => icon.name))
const current = fs.existsSync(ICON_NAMES_FILE) ? fs.readFileSync(ICON_NAMES_FILE, 'utf8') : ''
if (next !== current) {
	fs.writeFileSync(ICON_NAMES_FILE, next)
	console.log(`wrote ${path.relative(process.cwd(), ICON_NAMES_FILE)}`)
} else {
	console.log(`${path.relative(process.cwd(), ICON_NAMES_FILE)} is up to date`)
}
