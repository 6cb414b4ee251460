// `npm run backup -- <destination>`: a consistent copy of the database made
// with SQLite's online backup API, safe while the app is running.
import path from 'node:path'
import Database from 'better-sqlite3'

const source = path.resolve(
	(process.env.DATABASE_URL ?? '').replace(/^file:(\/\/)?/, '') ||
		path.join(process.env.DATA_DIR ?? './data', 'app.db'),
)
const destination = path.resolve(
	process.argv[2] ?? path.join(path.dirname(source), `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.db`),
)
const db = new Database(source, { readonly: true, fileMustExist: true })
await db.backup(destination)
db.close()
const copy = new Database(destination, { readonly: true })
const check = copy.pragma('integrity_check', { simple: true })
copy.close()
if (check !== 'ok') {
	console.error(`backup written to ${destination} but integrity_check said: ${check}`)
	process.exit(1)
}
console.log(`backup written to ${destination} (integrity_check ok)`)
