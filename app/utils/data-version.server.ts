import { getDb, type Db } from '#db/client.server.ts'

/** The counters of `data_versions` (db/schema.ts, dataVersions; bumped by triggers, migration 0017). */
export type DataVersionName = 'registry'

type Entry = { version: number; value: unknown }

/** Per database (the tests open several), per key: the last value and the counter it was computed at. */
const caches = new WeakMap<Db, Map<string, Entry>>()

/** The counter's current value: one read of one row by its primary key. */
export function dataVersion(name: DataVersionName, db: Db = getDb()): number {
	const row = db.$client.prepare('select version from data_versions where name = ?').get(name) as
		{ version: number } | undefined
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
	if (kept && kept.version === version) return kept.value as T
	const value = compute()
	cache.set(id, { version, value })
	return value
}
