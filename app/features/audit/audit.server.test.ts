import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { admins, auditLog, users } from '#db/schema.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { listAuditForTarget, listRecentAudit, recordAudit, sanitizeAuditValue } from './audit.server.ts'

describe('recordAudit', () => {
	test('writes admin, email, action, target, before, after and time', () => {
		const admin = insertAuditActor()
		const now = new Date('2030-05-01T10:00:00Z')
		const { id } = recordAudit(
			getDb(),
			{
				admin,
				action: 'user.update',
				targetType: 'user',
				targetId: 42,
				before: { plan: 'regular' },
				after: { plan: 'gold' },
			},
			now,
		)
		const row = getDb().select().from(auditLog).where(eq(auditLog.id, id)).get()!
		expect(row).toMatchObject({
			adminId: admin.id,
			adminEmail: admin.email,
			action: 'user.update',
			targetType: 'user',
			targetId: '42',
			before: { plan: 'regular' },
			after: { plan: 'gold' },
		})
		expect(row.createdAt.toISOString()).toBe('2030-05-01T10:00:00.000Z')
	})

	test('never stores password hashes, tokens or secrets, at any depth', () => {
		const admin = insertAuditActor()
		const member = insertMember({ passwordHash: '$2b$10$abcdefghijklmnopqrstuv' })
		recordAudit(getDb(), {
			admin,
			action: 'user.update',
			targetType: 'user',
			targetId: member.id,
			before: member,
			after: {
				...member,
				password: 'N3wSecretPass',
				nested: { tokenHash: 'x', apiToken: 'y', keep: 1 },
				list: [{ secret: 's', ok: true }],
			},
		})
		const raw = JSON.stringify(getDb().$client.prepare('select before, after from audit_log').all())
		expect(raw).not.toMatch(/passwordHash|password_hash|\$2b\$|N3wSecretPass|tokenHash|apiToken|secret/)
		const [entry] = listAuditForTarget('user', member.id)
		expect(entry!.after).toMatchObject({ email: member.email, nested: { keep: 1 }, list: [{ ok: true }] })
		// Dates become ISO strings.
		expect((entry!.before as { createdAt: string }).createdAt).toBe(member.createdAt.toISOString())
	})

	test('rolls back with the change it belongs to', () => {
		const admin = insertAuditActor()
		const member = insertMember()
		expect(() =>
			getDb().transaction((tx) => {
				tx.update(users).set({ plan: 'gold' }).where(eq(users.id, member.id)).run()
				recordAudit(tx, {
					admin,
					action: 'user.update',
					targetType: 'user',
					targetId: member.id,
					after: { plan: 'gold' },
				})
				throw new Error('something later failed')
			}),
		).toThrow('something later failed')
		expect(getDb().select().from(auditLog).all()).toHaveLength(0)
		expect(getDb().select({ plan: users.plan }).from(users).where(eq(users.id, member.id)).get()!.plan).toBe('regular')
	})

	test("keeps the admin's email when the admin is deleted", () => {
		const admin = insertAuditActor()
		recordAudit(getDb(), { admin, action: 'contest.delete', targetType: 'contest', targetId: 7, before: { name: 'X' } })
		getDb().delete(admins).where(eq(admins.id, admin.id)).run()
		const [row] = listRecentAudit()
		expect(row!.adminId).toBeNull()
		expect(row!.adminEmail).toBe(admin.email)
	})
})

describe('listAuditForTarget', () => {
	test("returns one target's rows, newest first, optionally of one action", () => {
		const admin = insertAuditActor()
		const t = (m: number) => new Date(Date.UTC(2030, 0, 1, 0, m))
		recordAudit(
			getDb(),
			{ admin, action: 'user.create', targetType: 'user', targetId: 1, after: { plan: 'regular' } },
			t(1),
		)
		recordAudit(
			getDb(),
			{ admin, action: 'user.update', targetType: 'user', targetId: 1, after: { plan: 'gold' } },
			t(2),
		)
		recordAudit(
			getDb(),
			{ admin, action: 'user.update', targetType: 'user', targetId: 2, after: { plan: 'titanium' } },
			t(3),
		)
		recordAudit(getDb(), { admin, action: 'contest.update', targetType: 'contest', targetId: 1, after: {} }, t(4))
		recordAudit(
			getDb(),
			{ admin, action: 'user.update', targetType: 'user', targetId: 1, after: { plan: 'platinum' } },
			t(5),
		)
		const history = listAuditForTarget('user', 1)
		expect(history.map((h) => h.after)).toEqual([{ plan: 'platinum' }, { plan: 'gold' }, { plan: 'regular' }])
		expect(listAuditForTarget('user', '1', { action: 'user.update' })).toHaveLength(2)
		expect(listAuditForTarget('user', 1, { limit: 1 })).toHaveLength(1)
		expect(listAuditForTarget('contest', 1)).toHaveLength(1)
		expect(listAuditForTarget('user', 99)).toEqual([])
	})

	test('the per-target lookup uses its index', () => {
		const plan = getDb()
			.$client.prepare(
				"explain query plan select * from audit_log where target_type = 'user' and target_id = '1' order by created_at desc",
			)
			.all() as Array<{ detail: string }>
		expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX audit_log_target_idx/)
	})
})

describe('sanitizeAuditValue', () => {
	test('keeps plain values and drops functions and undefined', () => {
		expect(sanitizeAuditValue(null)).toBeNull()
		expect(sanitizeAuditValue(3)).toBe(3)
		expect(sanitizeAuditValue({ a: undefined, b: () => 1, c: 'x' })).toEqual({ c: 'x' })
		expect(sanitizeAuditValue([1, undefined])).toEqual([1, null])
	})

	test('a __proto__ key is copied as data, never as a prototype', () => {
		const value = JSON.parse('{"__proto__":{"isAdmin":true},"name":"x"}')
		const clean = sanitizeAuditValue(value) as Record<string, unknown>
		expect(Object.getPrototypeOf(clean)).toBe(Object.prototype)
		expect((clean as { isAdmin?: unknown }).isAdmin).toBeUndefined()
		expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined()
	})
})
