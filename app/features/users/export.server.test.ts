import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { insertMember } from '#tests/factories.ts'
import { DEFAULT_USER_LIST_QUERY, type UserListQuery } from '#app/features/users/schemas.ts'
import { CSV_HEADER, exportFileName, exportUsersCsvText } from './export.server.ts'

const q = (overrides: Partial<UserListQuery> = {}): UserListQuery => ({ ...DEFAULT_USER_LIST_QUERY, ...overrides })

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

describe('CSV export', () => {
	test('every filtered row in the list order, formula-safe, with a header and a BOM', async () => {
		insertMember({
			name: '=HYPERLINK("http://evil","x")',
			email: 'evil@example.com',
			createdAt: minutesAgo(5),
			totalDeposit: 10.5,
			totalWithdraw: 2,
		})
		insertMember({
			name: 'Ada, Countess',
			email: 'ada@example.com',
			status: 'banned',
			plan: 'gold',
			createdAt: minutesAgo(1),
		})
		const text = await exportUsersCsvText(q())
		const lines = text.split('\r\n')
		expect(lines[0]).toBe(`\uFEFF${CSV_HEADER.join(',')}`)
		expect(lines[1]).toMatch(/^\d+,"Ada, Countess",ada@example.com,,,,Gold Room,banned,0,0,0,\d{4}-\d\d-\d\dT/)
		expect(lines[2]).toMatch(
			/^\d+,"'=HYPERLINK\(""http:\/\/evil"",""x""\)",evil@example.com,,,,Regular,active,10.5,2,12.5,/,
		)
		expect(lines).toHaveLength(4)
		expect(lines[3]).toBe('')
		const banned = await exportUsersCsvText(q({ status: 'banned' }))
		expect(banned.split('\r\n')).toHaveLength(3)
		expect(exportFileName(new Date('2026-11-21T23:00:00Z'))).toBe('users-2026-11-21.csv')
	})

	test('all pages, not only the first (in batches)', async () => {
		const db = getDb().$client
		const insert = db.prepare("insert into users (email, password_hash, name, referral_code) values (?, 'x', ?, ?)")
		db.transaction(() => {
			for (let i = 0; i < 2345; i++) insert.run(`bulk${i}@example.com`, `Bulk ${i}`, `CODE${i}`)
		})()
		const text = await exportUsersCsvText(q({ page: 7, limit: 10 }))
		expect(text.split('\r\n').filter(Boolean)).toHaveLength(2346)
	})
})
