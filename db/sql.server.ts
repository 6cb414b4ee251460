/**
 * Small SQLite helpers the models share, so each rule reads constraint
 * errors and builds search patterns the same way.
 */

/**
 * True when better-sqlite3 refused a write because of a UNIQUE index or
 * constraint: two requests raced past a "taken?" check and the index
 * decided. Callers map it to their 409.
 */
export function isUniqueViolation(error: unknown) {
	return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/**
 * A LIKE pattern matching `term` anywhere, its own %, _ and \ taken
 * literally; use it with `escape '\'`.
 */
export function likeContains(term: string) {
	return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
