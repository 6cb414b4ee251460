import { expect, test } from 'vitest'
import { getDb } from './client.server.ts'
import { isUniqueViolation, likeContains } from './sql.server.ts'

test('isUniqueViolation: a UNIQUE index refusing a write, nothing else', () => {
	const sqlite = getDb().$client
	sqlite.exec('create table t (k text unique not null)')
	sqlite.prepare('insert into t (k) values (?)').run('a')
	const caught = (fn: () => unknown) => {
		try {
			fn()
		} catch (error) {
			return error
		}
		return null
	}
	expect(isUniqueViolation(caught(() => sqlite.prepare('insert into t (k) values (?)').run('a')))).toBe(true)
	expect(isUniqueViolation(caught(() => sqlite.prepare('insert into t (k) values (?)').run(null)))).toBe(false)
	expect(isUniqueViolation(new Error('UNIQUE constraint failed'))).toBe(false)
	expect(isUniqueViolation(null)).toBe(false)
	expect(isUniqueViolation(undefined)).toBe(false)
})

test('likeContains: wildcards and the escape character are text', () => {
	expect(likeContains('ada')).toBe('%ada%')
	expect(likeContains('50%_\\x')).toBe('%50\\%\\_\\\\x%')
})
