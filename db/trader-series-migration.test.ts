import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { afterEach, expect, test } from 'vitest'

// Migration 0013 moves the daily drawdown series out of traders.figures
// (where lists of traders carried it) into trader_series, and drops the
// index series nothing read: a database of 0012 keeps every trader's
// series, now in its own table.

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** The migrations folder as it was up to (and with) `last`. */
function migrationsUpTo(last: string) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
	dirs.push(dir)
	fs.cpSync('migrations', dir, { recursive: true })
	const journalFile = path.join(dir, 'meta', '_journal.json')
	const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
	const cut = journal.entries.findIndex((e) => e.tag === last)
	expect(cut).toBeGreaterThanOrEqual(0)
	journal.entries = journal.entries.slice(0, cut + 1)
	fs.writeFileSync(journalFile, JSON.stringify(journal))
	return dir
}

test('0013: the drawdown series moves to trader_series; the figures keep the rest', () => {
	const sqlite = new Database(':memory:')
	sqlite.pragma('foreign_keys = ON')
	const db = drizzle(sqlite)
	migrate(db, { migrationsFolder: migrationsUpTo('0012_members_see_registry') })
	const now = Date.now()
	sqlite
		.prepare(
			`insert into brokers (slug, name, regulator, licence, loss_percent, affiliate_url, created_at)
			values ('b', 'B', 'FCA', '1', 70, 'https://b.example/?t={trackingId}', ?)`,
		)
		.run(now)
	const figures = {
		flags: [{ code: 'deep_drawdown', detail: 'A maximum drawdown of 41.0%.' }],
		drawdown: null,
		monthlyReturns: [{ month: '2026-10', return: 0.01 }],
		periods: [],
		indexSeries: [{ date: '2026-10-01', index: 1 }],
		drawdownSeries: [
			{ date: '2026-10-01', drawdown: 0 },
			{ date: '2026-10-02', drawdown: 0.05 },
		],
	}
	const insertTrader = sqlite.prepare(
		`insert into traders (slug, name, strategy, markets, broker_id, account_ref, country, currency, start_date, status_changed_at, figures, created_at, updated_at)
		values (?, 'T', 's', '["XAUUSD"]', 1, 'r', 'Kenya', 'USD', '2026-01-01', ?, ?, ?, ?)`,
	)
	insertTrader.run('with-series', now, JSON.stringify(figures), now, now)
	insertTrader.run('no-figures', now, null, now, now)

	migrate(db, { migrationsFolder: path.resolve('migrations') })
	const series = sqlite.prepare('select trader_id, drawdown from trader_series').all() as Array<{
		trader_id: number
		drawdown: string
	}>
	expect(series).toEqual([{ trader_id: 1, drawdown: JSON.stringify(figures.drawdownSeries) }])
	const stored = sqlite.prepare('select slug, figures from traders order by id').all() as Array<{
		slug: string
		figures: string | null
	}>
	const { indexSeries: _index, drawdownSeries: _drawdown, ...rest } = figures
	expect(JSON.parse(stored[0]!.figures!)).toEqual(rest)
	expect(stored[1]!.figures).toBeNull()
	// A trader removed takes its series along.
	sqlite.prepare("delete from traders where slug = 'with-series'").run()
	expect(sqlite.prepare('select count(*) as n from trader_series').get()).toEqual({ n: 0 })
	sqlite.close()
})
