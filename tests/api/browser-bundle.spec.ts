import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '#db/schema.ts'

// No browser chunk may carry Drizzle or db/schema.ts: pages and components
// take the closed lists from app/domain/enums.ts and never import the
// schema (a value import from it once put every table definition and
// Drizzle's core into the admin users pages' JavaScript). Read from the
// build on disk, which the Playwright run always has.

const ASSETS = path.resolve('build/client/assets')

/**
 * What a bundled schema or Drizzle leaves in a chunk: Drizzle's own names
 * (its entity symbols are `Symbol.for('drizzle:…')`), and the schema's
 * snake_case table and column names as string literals. Names without an
 * underscore ("users", "name") are everyday words in a page and prove
 * nothing.
 */
function markers() {
	const names = new Set<string>()
	for (const value of Object.values(schema)) {
		if (!is(value, SQLiteTable)) continue
		const config = getTableConfig(value)
		names.add(config.name)
		for (const column of config.columns) names.add(column.name)
	}
	// A name that is also part of a public format is not a sign of the schema:
	// `tracking_id` heads the brokers' report CSV (docs/broker-reports.md) that
	// the report page shows. A leaked schema still shows its other names.
	const publicNames = new Set(['tracking_id'])
	const snakeCase = [...names].filter((name) => name.includes('_') && !publicNames.has(name)).sort()
	return {
		drizzle: [/drizzle[:-]/i, /\bsqliteTable\b/, /\bIsDrizzleTable\b/],
		schemaNames: snakeCase.map((name) => ({ name, pattern: new RegExp(`["'\`]${name}["'\`]`) })),
	}
}

test('no browser chunk contains Drizzle or the database schema', () => {
	const files = fs.readdirSync(ASSETS).filter((file) => file.endsWith('.js'))
	expect(files.length, `no JavaScript in ${ASSETS}: run npm run build first`).toBeGreaterThan(0)
	const { drizzle, schemaNames } = markers()
	expect(schemaNames.map((m) => m.name)).toEqual(
		expect.arrayContaining(['password_hash', 'contest_participants', 'audit_log']),
	)
	const found: string[] = []
	for (const file of files) {
		const code = fs.readFileSync(path.join(ASSETS, file), 'utf8')
		for (const pattern of drizzle) if (pattern.test(code)) found.push(`${file}: ${pattern}`)
		for (const { name, pattern } of schemaNames) if (pattern.test(code)) found.push(`${file}: "${name}"`)
	}
	expect(found, 'a page imports db/schema.ts or Drizzle (take enums from app/domain/enums.ts)').toEqual([])
})
