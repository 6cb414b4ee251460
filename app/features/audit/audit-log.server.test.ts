import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import {
	AUDIT_LIMITS,
	DEFAULT_AUDIT_QUERY,
	encodeAuditCursor,
	parseAuditQuery,
	type AuditQuery,
} from '#app/features/audit/schemas.ts'
import { insertAuditActor } from '#tests/factories.ts'
import {
	auditChanges,
	auditExportCapped,
	auditPageQuery,
	exportAuditCsvText,
	listAuditLog,
	recordAudit,
} from './audit.server.ts'

const q = (overrides: Partial<AuditQuery> = {}): AuditQuery => ({ ...DEFAULT_AUDIT_QUERY, ...overrides })

/** Every page of a view, following nextCursor. */
function allPages(query: AuditQuery) {
	const ids: number[] = []
	let cursor = query.cursor
	for (let i = 0; i < 100; i++) {
		const page = listAuditLog({ ...query, cursor })
		ids.push(...page.entries.map((e) => e.id))
		if (!page.nextCursor) return ids
		cursor = parseAuditQuery(new URLSearchParams({ cursor: page.nextCursor })).ok
			? (parseAuditQuery(new URLSearchParams({ cursor: page.nextCursor })) as { query: AuditQuery }).query.cursor
			: null
	}
	throw new Error('too many pages')
}

function seed() {
	const ada = insertAuditActor({ email: 'ada@staff.example' })
	const bola = insertAuditActor({ email: 'bola@staff.example' })
	const system = { id: null, email: 'system' }
	const rows: Array<{ id: number; at: Date; by: number | null; action: string; type: string; target: string }> = []
	const write = (by: typeof ada | typeof system, action: string, type: string, target: string, at: string) => {
		const when = new Date(at)
		const { id } = recordAudit(
			getDb(),
			{ admin: by, action, targetType: type, targetId: target, before: { plan: 'regular' }, after: { plan: 'gold' } },
			when,
		)
		rows.push({ id, at: when, by: by.id, action, type, target })
	}
	write(ada, 'user.update', 'user', '1', '2030-01-01T10:00:00Z')
	write(bola, 'user.update', 'user', '2', '2030-01-02T10:00:00Z')
	write(ada, 'contest.create', 'contest', '7', '2030-01-03T23:59:59.999Z')
	write(system, 'contest.rollover', 'contest', '7', '2030-01-04T00:00:00Z')
	write(bola, 'plan-codes.issue', 'plan-code-batch', '3', '2030-01-05T10:00:00Z')
	// Five rows in the same millisecond: paging must neither skip nor repeat them.
	for (let i = 0; i < 5; i++) write(ada, 'user.update', 'user', '1', '2030-01-06T12:00:00Z')
	return { ada, bola, rows }
}

const newestFirst = (rows: ReturnType<typeof seed>['rows']) =>
	[...rows].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map((r) => r.id)

describe('listAuditLog', () => {
	test('newest first, every filter, and the UTC date range inclusive', () => {
		const { ada, bola, rows } = seed()
		expect(listAuditLog(q()).entries.map((e) => e.id)).toEqual(newestFirst(rows))
		const ids = (query: Partial<AuditQuery>) => listAuditLog(q(query)).entries.map((e) => e.id)
		expect(ids({ adminId: ada.id })).toEqual(newestFirst(rows.filter((r) => r.by === ada.id)))
		expect(ids({ adminId: bola.id })).toEqual(newestFirst(rows.filter((r) => r.by === bola.id)))
		expect(ids({ adminId: 'system' })).toEqual(newestFirst(rows.filter((r) => r.by === null)))
		expect(ids({ action: 'user.update' })).toHaveLength(7)
		expect(ids({ targetType: 'contest' })).toHaveLength(2)
		expect(ids({ targetType: 'user', targetId: '1' })).toHaveLength(6)
		expect(ids({ targetType: 'contest', targetId: '1' })).toEqual([])
		// 2030-01-03 holds its last millisecond; 01-04 starts at midnight.
		expect(ids({ from: '2030-01-03', to: '2030-01-03' })).toEqual(
			rows.filter((r) => r.action === 'contest.create').map((r) => r.id),
		)
		expect(ids({ from: '2030-01-04' })).toHaveLength(7)
		expect(ids({ to: '2030-01-02' })).toHaveLength(2)
		expect(ids({ adminId: ada.id, from: '2030-01-06', to: '2030-01-06' })).toHaveLength(5)
		expect(ids({ action: 'user.update', adminId: bola.id })).toHaveLength(1)
	})

	test('keyset pages: no row skipped or repeated across equal timestamps, nextCursor null at the end', () => {
		const { rows } = seed()
		for (const limit of [1, 2, 3, 4, 7]) {
			expect(allPages(q({ limit }))).toEqual(newestFirst(rows))
			expect(allPages(q({ limit, targetType: 'user', targetId: '1' }))).toEqual(
				newestFirst(rows.filter((r) => r.type === 'user' && r.target === '1')),
			)
		}
		const first = listAuditLog(q({ limit: 3 }))
		expect(first.nextCursor).toMatch(/^\d+-\d+$/)
		expect(listAuditLog(q({ limit: 100 })).nextCursor).toBeNull()
		// A cursor older than every row: an empty page.
		expect(listAuditLog(q({ cursor: { createdAt: 0, id: 1 } })).entries).toEqual([])
	})

	test('entries show the changed fields only', () => {
		seed()
		const [entry] = listAuditLog(q({ limit: 1 })).entries
		expect(entry!.changes).toEqual([{ field: 'plan', before: 'regular', after: 'gold' }])
		expect(auditChanges({ a: 1, b: 'x' }, { a: 1, b: 'y', c: true })).toEqual([
			{ field: 'b', before: 'x', after: 'y' },
			{ field: 'c', before: null, after: 'true' },
		])
		expect(auditChanges(null, { name: 'New' })).toEqual([{ field: 'name', before: null, after: 'New' }])
		expect(auditChanges({ name: 'Old' }, null)).toEqual([{ field: 'name', before: 'Old', after: null }])
		expect(auditChanges([1], [2])).toEqual([{ field: 'value', before: '[1]', after: '[2]' }])
		expect(auditChanges({ n: { deep: 1 } }, { n: { deep: 1 } })).toEqual([])
	})

	test('the CSV export: the filtered view, formula-safe, capped', async () => {
		const { rows } = seed()
		recordAudit(getDb(), {
			admin: { id: null, email: '=cmd|calc' },
			action: 'user.update',
			targetType: 'user',
			targetId: '9',
		})
		const csv = await exportAuditCsvText(q({ action: 'user.update' }))
		const lines = csv
			.replace(/^\uFEFF/, '')
			.trim()
			.split('\r\n')
		expect(lines[0]).toBe('ID,Time (UTC),Staff,Staff ID,Action,Target type,Target ID,Changes,Before,After')
		expect(lines).toHaveLength(1 + 8)
		expect(csv).toContain("'=cmd|calc")
		expect(csv).toContain('plan: regular → gold')
		const capped = (await exportAuditCsvText(q(), 3))
			.replace(/^\uFEFF/, '')
			.trim()
			.split('\r\n')
		expect(capped).toHaveLength(4)
		expect(auditExportCapped(q(), 3)).toBe(true)
		expect(auditExportCapped(q(), rows.length + 1)).toBe(false)
	})
})

describe('parseAuditQuery', () => {
	const parse = (params: Record<string, string>) => parseAuditQuery(new URLSearchParams(params))
	const errors = (params: Record<string, string>) => {
		const result = parse(params)
		return result.ok ? {} : result.errors
	}

	test('reads every filter and the cursor', () => {
		const result = parse({
			adminId: '4',
			action: 'plan-codes.revoke-batch',
			targetType: 'user',
			targetId: '12',
			from: '2030-01-01',
			to: '2030-01-31',
			cursor: encodeAuditCursor({ createdAt: 1_900_000_000_000, id: 5 }),
		})
		expect(result).toEqual({
			ok: true,
			query: {
				adminId: 4,
				action: 'plan-codes.revoke-batch',
				targetType: 'user',
				targetId: '12',
				from: '2030-01-01',
				to: '2030-01-31',
				cursor: { createdAt: 1_900_000_000_000, id: 5 },
				limit: AUDIT_LIMITS.pageSize,
			},
		})
		expect(parse({ adminId: 'system', action: '', from: '' })).toMatchObject({
			ok: true,
			query: { adminId: 'system', action: null },
		})
	})

	test('refuses bad values at their fields', () => {
		expect(Object.keys(errors({ adminId: 'bob' }))).toEqual(['adminId'])
		expect(Object.keys(errors({ adminId: '-1' }))).toEqual(['adminId'])
		expect(Object.keys(errors({ action: 'User.Update' }))).toEqual(['action'])
		expect(Object.keys(errors({ action: `user.${'x'.repeat(70)}` }))).toEqual(['action'])
		expect(Object.keys(errors({ action: 'user.update\u0000' }))).toEqual(['action'])
		expect(Object.keys(errors({ targetType: 'user\n' }))).toEqual(['targetType'])
		expect(Object.keys(errors({ targetType: 'user', targetId: 'a'.repeat(65) }))).toEqual(['targetId'])
		expect(errors({ targetId: '12' }).targetId).toEqual(['Choose a target type to look up a target id'])
		expect(Object.keys(errors({ from: '2030-02-30' }))).toEqual(['from'])
		expect(Object.keys(errors({ to: '30/01/2030' }))).toEqual(['to'])
		expect(errors({ from: '2030-02-02', to: '2030-02-01' }).to).toEqual(['To must be on or after From'])
		expect(Object.keys(errors({ cursor: 'abc' }))).toEqual(['cursor'])
		expect(Object.keys(errors({ cursor: '1-0' }))).toEqual(['cursor'])
		expect(Object.keys(errors({ cursor: '99999999999999999-1' }))).toEqual(['cursor'])
		const repeated = parseAuditQuery(new URLSearchParams('action=user.update&action=user.delete'))
		expect(repeated.ok ? null : repeated.errors.action).toEqual(['Give action once'])
	})
})

describe('the plans of the audit views', () => {
	const cursor = { createdAt: Date.UTC(2030, 0, 1), id: 123_456 }
	const range = { from: '2029-06-01', to: '2029-12-31' }
	const filters: Array<[string, Partial<AuditQuery>, RegExp]> = [
		['no filter', {}, /audit_log_created_at_idx/],
		['staff member', { adminId: 3 }, /audit_log_admin_created_idx/],
		['system', { adminId: 'system' }, /audit_log_admin_created_idx/],
		['action', { action: 'user.update' }, /audit_log_action_created_idx/],
		['target type', { targetType: 'user' }, /audit_log_type_created_idx|audit_log_target_idx/],
		['target type and id', { targetType: 'user', targetId: '42' }, /audit_log_target_idx/],
	]
	const cases = filters.flatMap(([name, filter, index]) => [
		[name, filter, index] as const,
		[`${name}, date range`, { ...filter, ...range }, index] as const,
		[`${name}, deep cursor`, { ...filter, cursor }, index] as const,
		[`${name}, date range and deep cursor`, { ...filter, ...range, cursor }, index] as const,
	])

	test.each(cases)('%s walks its index in order', (_name, filter, index) => {
		const { sql, params } = auditPageQuery(q(filter)).toSQL()
		const plan = getDb()
			.$client.prepare(`explain query plan ${sql}`)
			.all(...(params as unknown[])) as Array<{ detail: string }>
		const details = plan.map((p) => p.detail)
		const text = details.join(' | ')
		expect(text).toMatch(index)
		expect(text).not.toMatch(/TEMP B-TREE/)
		for (const detail of details) {
			if (/SCAN audit_log/.test(detail)) expect(detail).toMatch(/USING (COVERING )?INDEX/)
		}
	})
})
