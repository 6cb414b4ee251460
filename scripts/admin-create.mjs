// `npm run admin:create -- --email a@b.c --role admin|super_admin [--name "..."] [--password ...]`
//
// Creates a staff account in the configured database (DATABASE_URL, else
// DATA_DIR/app.db, else ./data/app.db), applying the migrations first so it
// also works on a fresh install. Without --password a random one is made and
// printed once. Safe while the app runs (SQLite WAL, busy timeout).
//
// Plain Node 20 on purpose: it needs no build. It repeats a few rules of the
// app (email normalisation and pattern, the sign-up password rules, bcrypt
// cost 10), which app/utils/validation.ts and app/utils/password.server.ts
// own; tests/unit/admin-create-cli.test.ts checks both agree.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import bcrypt from 'bcryptjs'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'

const ROLES = ['super_admin', 'admin']
const BCRYPT_COST = 10
const PASSWORD_MAX_BYTES = 72
const EMAIL_PATTERN = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
const USAGE = 'Usage: npm run admin:create -- --email <email> --role <admin|super_admin> [--name "<name>"] [--password <password>]'

function fail(message) {
	process.stderr.write(`${message}\n`)
	process.exit(1)
}

function parse() {
	try {
		return parseArgs({
			options: {
				email: { type: 'string' },
				role: { type: 'string' },
				name: { type: 'string' },
				password: { type: 'string' },
				help: { type: 'boolean', short: 'h' },
			},
			strict: true,
			allowPositionals: false,
		}).values
	} catch (error) {
		fail(`${error.message}\n${USAGE}`)
	}
}

function passwordProblem(password) {
	if (password.length < 8) return 'Password must be at least 8 characters'
	if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) return `Password is too long (at most ${PASSWORD_MAX_BYTES} bytes)`
	if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
		return 'Password must contain uppercase, lowercase, and number'
	}
	return null
}

function randomPassword() {
	for (;;) {
		const candidate = crypto.randomBytes(18).toString('base64url')
		if (!passwordProblem(candidate)) return candidate
	}
}

function databasePath() {
	if (process.env.DATABASE_URL?.trim()) return path.resolve(process.env.DATABASE_URL.trim().replace(/^file:(\/\/)?/, ''))
	return path.join(path.resolve(process.env.DATA_DIR?.trim() || './data'), 'app.db')
}

const args = parse()
if (args.help) {
	process.stdout.write(`${USAGE}\n`)
	process.exit(0)
}

const problems = []
const email = (args.email ?? '').trim().normalize('NFKC').toLowerCase()
if (!email) problems.push('--email is required')
else if (email.length > 254 || !EMAIL_PATTERN.test(email)) problems.push('--email: Invalid email address')
const role = args.role ?? ''
if (!ROLES.includes(role)) problems.push('--role must be admin or super_admin')
const name = (args.name ?? (role === 'super_admin' ? 'Super Admin' : 'Admin')).trim()
if (!name) problems.push('--name must not be empty')
else if (name.length > 100) problems.push('--name must be at most 100 characters')
else if (CONTROL_CHARS.test(name)) problems.push('--name contains characters that are not allowed')
const generated = args.password === undefined
const password = generated ? randomPassword() : args.password
const passwordIssue = passwordProblem(password)
if (passwordIssue) problems.push(`--password: ${passwordIssue}`)
if (problems.length) fail(`${problems.join('\n')}\n${USAGE}`)

const file = databasePath()
fs.mkdirSync(path.dirname(file), { recursive: true })
const sqlite = new Database(file, { timeout: 5000 })
sqlite.pragma('journal_mode = WAL')
sqlite.pragma('synchronous = FULL')
sqlite.pragma('foreign_keys = ON')
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
migrate(drizzle(sqlite), { migrationsFolder: process.env.MIGRATIONS_DIR ?? path.join(root, 'migrations') })

const passwordHash = bcrypt.hashSync(password, BCRYPT_COST)
const create = sqlite.transaction(() => {
	if (sqlite.prepare('select id from admins where email = ?').get(email)) return null
	const now = Date.now()
	const { id } = sqlite
		.prepare('insert into admins (email, name, role, password_hash, created_at) values (?, ?, ?, ?, ?) returning id')
		.get(email, name, role, passwordHash, now)
	// The audit log records who made the admin: the command line.
	sqlite
		.prepare(
			'insert into audit_log (admin_id, admin_email, action, target_type, target_id, before, after, created_at) values (null, ?, ?, ?, ?, null, ?, ?)',
		)
		.run('cli', 'admin.create', 'admin', String(id), JSON.stringify({ email, name, role }), now)
	return id
})
const id = create.immediate()
sqlite.close()
if (id === null) fail(`An admin with the email ${email} already exists.`)

process.stdout.write(`Created ${role} ${email} (id ${id}) in ${file}.\n`)
if (generated) process.stdout.write(`Password (shown once, keep it safe): ${password}\n`)
