import { describe, expect, test } from 'vitest'
import { queryInput } from '#app/utils/validation.ts'
import {
	AUDIT_LIMITS,
	AUDIT_MESSAGES as M,
	AuditExportQuerySchema,
	AuditQuerySchema,
	DEFAULT_AUDIT_QUERY,
} from './schemas.ts'

function api(search: string, schema = AuditQuerySchema) {
	const parsed = schema.safeParse(queryInput(new URLSearchParams(search)))
	return parsed.success
		? { query: parsed.data }
		: { errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) }
}

describe('AuditQuerySchema (the API reads it with repeated: schema)', () => {
	test('nothing given: the newest page of everything', () => {
		expect(api('')).toEqual({ query: DEFAULT_AUDIT_QUERY })
		expect(api('adminId=&action=&limit=')).toEqual({ query: DEFAULT_AUDIT_QUERY })
	})

	test('good values are typed', () => {
		expect(
			api(
				'adminId=7&action=user.update&targetType=user&targetId=12&from=2026-01-01&to=2026-01-31&cursor=1732330000000-123&limit=200',
			),
		).toEqual({
			query: {
				adminId: 7,
				action: 'user.update',
				targetType: 'user',
				targetId: '12',
				from: '2026-01-01',
				to: '2026-01-31',
				cursor: { createdAt: 1732330000000, id: 123 },
				limit: 200,
			},
		})
		expect(api('adminId=system').query?.adminId).toBe('system')
	})

	test('each bad value is one error at its field, in the fields order', () => {
		expect(api('adminId=0&action=User&targetType=x_y&from=1999-12-31&to=2026-02-30&cursor=abc&limit=201')).toEqual({
			errors: [
				{ path: 'adminId', message: M.adminId },
				{ path: 'action', message: M.action },
				{ path: 'targetType', message: M.targetType },
				{ path: 'from', message: M.from },
				{ path: 'to', message: M.to },
				{ path: 'cursor', message: M.cursor },
				{ path: 'limit', message: M.limit },
			],
		})
		expect(api(`action=${'a.'.repeat(40)}b`).errors).toEqual([{ path: 'action', message: M.action }])
		for (const limit of ['0', '01', '1.5', '1e2', '10000', ' 5']) {
			expect(api(`limit=${encodeURIComponent(limit)}`).errors, limit).toEqual([{ path: 'limit', message: M.limit }])
		}
	})

	test('a repeated parameter is named once and its values are not checked', () => {
		expect(api('action=bad&action=user.update&limit=x&limit=5').errors).toEqual([
			{ path: 'action', message: 'Give action once' },
			{ path: 'limit', message: 'Give limit once' },
		])
	})

	test('the cross-field rules see only good values, and run whatever else failed', () => {
		expect(api('targetId=12&limit=500').errors).toEqual([
			{ path: 'limit', message: M.limit },
			{ path: 'targetId', message: M.targetIdNeedsType },
		])
		// A bad target type reads as none; a bad target id is its own error only.
		expect(api('targetType=X&targetId=12').errors).toEqual([
			{ path: 'targetType', message: M.targetType },
			{ path: 'targetId', message: M.targetIdNeedsType },
		])
		expect(api('targetId=a%20b').errors).toEqual([{ path: 'targetId', message: M.targetId }])
		expect(api('from=2026-02-01&to=2026-01-31').errors).toEqual([{ path: 'to', message: M.toBeforeFrom }])
		expect(api('from=bad&to=2026-01-31').errors).toEqual([{ path: 'from', message: M.from }])
	})

	test('the export checks limit the same way', () => {
		expect(api('limit=0', AuditExportQuerySchema).errors).toEqual([{ path: 'limit', message: M.limit }])
		expect(api('', AuditExportQuerySchema).query?.limit).toBe(AUDIT_LIMITS.pageSize)
	})
})
