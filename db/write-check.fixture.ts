import type { Db } from './client.server.ts'
import { users } from './schema.ts'

/**
 * App-shaped code that writes without `write()` (db/client.server.test.ts):
 * the check tells a test's own fixtures, which may, from the app's code by
 * the file the write came from, so the test needs a module that is not a test.
 */
export function insertOutsideWrite(db: Db, row: typeof users.$inferInsert) {
	return db.insert(users).values(row).run()
}
