import { getDb, type Db } from '#db/client.server.ts'

/**
 * The counters of `data_versions` (db/schema.ts, dataVersions; bumped by
 * triggers, migrations 0017, 0019 and 0022: `content`, the staff-run content
 * the cached public pages show, server/page-cache.ts).
 */
export type DataVersionName = 'registry' | 'traders' | 'content'

type Entry = { version: number; value: unknown }

/**
 * At most this many values are kept per database: keys can come from
 * members' input (a list's filters), so the least recently used go first and
 * the memory stays flat whatever they ask.
 */
export const KEPT_VALUES = 200

/** Per database (the tests open several), per key: the last value and the counter it was computed at. */
const caches = new WeakMap<Db, Map<string, Entry>>()
const statements = new WeakMap<Db, { get(name: string): unknown }>()

/** The counter's current value: one read of one row by its primary key. */
export function dataVersion(name: DataVersionName, db: Db = getDb()): number {
	let read = statements.get(db)
	if (!read) statements.set(db, (read = db.$client.prepare('select version from data_versions where name = ?')))
	const row = read.get(name) as { version: number } | undefined
	return row?.version ?? 0
}

/**
 * `compute()`'s value, kept in this process until the counter `name` moves:
 * every process sees every write at once (the counter is in the database),
 * and a read between writes costs one indexed lookup. `key` tells apart the
 * values kept under one counter.
 */
export function untilChanged<T>(name: DataVersionName, key: string, compute: () => T, db: Db = getDb()): T {
	const version = dataVersion(name, db)
	let cache = caches.get(db)
	if (!cache) caches.set(db, (cache = new Map()))
	const id = `${name}:${key}`
	const kept = cache.get(id)
	if (kept && kept.version === version) {
		// Most recently used last: Map keeps insertion order.
		cache.delete(id)
		cache.set(id, kept)
		return kept.value as T
	}
	const value = compute()
	cache.delete(id)
	cache.set(id, { version, value })
	if (cache.size > KEPT_VALUES) cache.delete(cache.keys().next().value as string)
	return value
}
