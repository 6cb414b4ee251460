import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { brokerAccounts, brokerClicks, brokers } from '#db/schema.ts'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { BROKER_MESSAGES } from '#app/features/brokers/schemas.ts'
import type { BrokerInput } from '#app/features/brokers/schemas.ts'
import * as cryptoUtils from '#app/utils/crypto.server.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { listAuditForTarget } from '#app/features/audit/audit.server.ts'
import {
	affiliateLink,
	createBroker,
	ensureSeedBrokers,
	getActiveBroker,
	getOrCreateBrokerAccount,
	listActiveBrokers,
	listBrokersForStaff,
	newTrackingId,
	recordBrokerClick,
	setBrokerActive,
	updateBroker,
} from './brokers.server.ts'

function input(overrides: Partial<BrokerInput> = {}): BrokerInput {
	return {
		name: 'Alpha Markets',
		slug: 'alpha',
		regulator: 'FCA',
		licence: 'FRN 123456',
		lossPercent: 71.32,
		minDepositCents: 1000,
		affiliateUrl: 'https://alpha.example/?sub={trackingId}',
		rating: 4.5,
		bonus: '',
		features: 'One\nTwo',
		recommended: false,
		sortOrder: 0,
		copyTrading: false,
		commissionPerLotCents: 0,
		copyFeePercent: 0,
		spreads: [],
		howWeEarn: '',
		...overrides,
	}
}

function actor() {
	const admin = insertAdmin({ role: 'super_admin' })
	return { id: admin.id, email: admin.email }
}

describe('createBroker, updateBroker, setBrokerActive', () => {
	test('create is audited; a taken slug is a 409 at the slug field', () => {
		const admin = actor()
		const created = createBroker(admin, input())
		expect(created.ok).toBe(true)
		if (!created.ok) return
		expect(created.value).toMatchObject({ slug: 'alpha', minDeposit: 10, features: ['One', 'Two'], active: true })
		expect(listAuditForTarget('broker', created.value.id)[0]).toMatchObject({
			action: 'broker.create',
			before: null,
			after: { slug: 'alpha', minDepositCents: 1000, lossPercent: 71.32 },
		})
		const again = createBroker(admin, input({ name: 'Other' }))
		expect(again).toMatchObject({ ok: false, status: 409, fieldErrors: { slug: [BROKER_MESSAGES.slugTaken] } })
	})

	test('update keeps before and after in the audit row; renaming onto a taken slug is refused', () => {
		const admin = actor()
		createBroker(admin, input())
		createBroker(admin, input({ slug: 'beta', name: 'Beta' }))
		const updated = updateBroker(admin, 'alpha', { lossPercent: 65.5, slug: 'alpha-fx' })
		expect(updated).toMatchObject({ ok: true, value: { slug: 'alpha-fx', lossPercent: 65.5 } })
		if (!updated.ok) return
		const [audit] = listAuditForTarget('broker', updated.value.id)
		expect(audit).toMatchObject({
			action: 'broker.update',
			before: { slug: 'alpha', lossPercent: 71.32 },
			after: { slug: 'alpha-fx', lossPercent: 65.5 },
		})
		expect(updateBroker(admin, 'beta', { slug: 'alpha-fx' })).toMatchObject({ ok: false, status: 409 })
		expect(updateBroker(admin, 'nope', { name: 'x' })).toMatchObject({ ok: false, status: 404 })
	})

	test('deactivate hides the broker from members; twice is a 409; reactivate shows it again', () => {
		const admin = actor()
		createBroker(admin, input())
		expect(listActiveBrokers().map((b) => b.slug)).toEqual(['alpha'])
		const off = setBrokerActive(admin, 'alpha', false)
		expect(off).toMatchObject({ ok: true, value: { active: false } })
		expect(listActiveBrokers()).toEqual([])
		expect(getActiveBroker('alpha')).toBeNull()
		expect(listBrokersForStaff().map((b) => b.slug)).toEqual(['alpha'])
		expect(setBrokerActive(admin, 'alpha', false)).toMatchObject({ ok: false, status: 409 })
		expect(setBrokerActive(admin, 'alpha', true)).toMatchObject({ ok: true, value: { active: true } })
		if (!off.ok) return
		expect(listAuditForTarget('broker', off.value.id).map((a) => a.action)).toEqual(
			expect.arrayContaining(['broker.create', 'broker.deactivate', 'broker.activate']),
		)
	})

	test('members see active brokers by sortOrder then name, without the affiliate template', () => {
		const admin = actor()
		createBroker(admin, input({ slug: 'c', name: 'Charlie', sortOrder: 1 }))
		createBroker(admin, input({ slug: 'b', name: 'Bravo', sortOrder: 2 }))
		createBroker(admin, input({ slug: 'a', name: 'Alpha', sortOrder: 2 }))
		const list = listActiveBrokers()
		expect(list.map((b) => b.slug)).toEqual(['c', 'a', 'b'])
		expect(list[0]).not.toHaveProperty('affiliateUrl')
	})
})

describe('tracking ids and clicks', () => {
	test('a click creates an opaque tracking id, stable per member and broker, and a click row', () => {
		const admin = actor()
		createBroker(admin, input())
		createBroker(admin, input({ slug: 'beta', name: 'Beta' }))
		const member = insertMember()
		const other = insertMember()
		const t1 = new Date('2026-05-01T10:00:00Z')
		const t2 = new Date('2026-05-02T10:00:00Z')
		const first = recordBrokerClick(member.id, 'alpha', t1)
		const second = recordBrokerClick(member.id, 'alpha', t2)
		expect(first.ok && second.ok).toBe(true)
		if (!first.ok || !second.ok) return
		const id = first.value.trackingId
		expect(second.value.trackingId).toBe(id)
		expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/)
		// Random, not derived from the member: not their id (and the three ids below all differ).
		expect(id).not.toBe(String(member.id))
		expect(id.toLowerCase()).not.toContain(member.email.split('@')[0]!.toLowerCase())
		expect(first.value.url).toBe(`https://alpha.example/?sub=${id}`)

		const otherBroker = recordBrokerClick(member.id, 'beta', t1)
		const otherMember = recordBrokerClick(other.id, 'alpha', t1)
		if (!otherBroker.ok || !otherMember.ok) throw new Error('click failed')
		expect(new Set([id, otherBroker.value.trackingId, otherMember.value.trackingId]).size).toBe(3)

		const account = getDb().select().from(brokerAccounts).where(eq(brokerAccounts.trackingId, id)).get()!
		expect(account).toMatchObject({ userId: member.id, clickCount: 2, firstClickAt: t1, lastClickAt: t2 })
		const clicks = getDb().select().from(brokerClicks).where(eq(brokerClicks.userId, member.id)).all()
		expect(clicks).toHaveLength(3)
		const staff = listBrokersForStaff(new Date('2026-05-03T00:00:00Z'))
		expect(staff.find((b) => b.slug === 'alpha')).toMatchObject({ clicksLast30Days: 3, membersConnected: 2 })
		expect(listBrokersForStaff(new Date('2026-07-01T00:00:00Z'))[0]).toMatchObject({ clicksLast30Days: 0 })
	})

	test('an unknown or inactive broker is a 404 and records nothing', () => {
		const admin = actor()
		createBroker(admin, input())
		setBrokerActive(admin, 'alpha', false)
		const member = insertMember()
		expect(recordBrokerClick(member.id, 'alpha')).toMatchObject({ ok: false, status: 404 })
		expect(recordBrokerClick(member.id, 'nope')).toMatchObject({ ok: false, status: 404 })
		expect(getDb().select().from(brokerClicks).all()).toEqual([])
		expect(getDb().select().from(brokerAccounts).all()).toEqual([])
	})

	test('getOrCreateBrokerAccount answers the same row on the second call', () => {
		const admin = actor()
		const created = createBroker(admin, input())
		if (!created.ok) throw new Error('create failed')
		const member = insertMember()
		const [a, b] = getDb().transaction((tx) => [
			getOrCreateBrokerAccount(tx, member.id, created.value.id),
			getOrCreateBrokerAccount(tx, member.id, created.value.id),
		])
		expect(b!.id).toBe(a!.id)
		expect(b!.trackingId).toBe(a!.trackingId)
	})

	test('a new tracking id never starts with =, +, -, @ or _ (a spreadsheet would read it as a formula)', () => {
		const ids = Array.from({ length: 4000 }, () => newTrackingId())
		for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{21}$/)
		expect(new Set(ids).size).toBe(ids.length)
		const spy = vi
			.spyOn(cryptoUtils, 'randomToken')
			.mockReturnValueOnce('-ZhNGFGnZggujrla8IqGrg')
			.mockReturnValueOnce('_ZhNGFGnZggujrla8IqGrg')
			.mockReturnValueOnce('QZhNGFGnZggujrla8IqGrg')
		expect(newTrackingId()).toBe('QZhNGFGnZggujrla8IqGrg')
		expect(spy).toHaveBeenCalledTimes(3)
		spy.mockRestore()
	})

	test('affiliateLink encodes the id and replaces every placeholder', () => {
		expect(affiliateLink('https://x.example/{trackingId}?s={trackingId}', 'a b')).toBe(
			'https://x.example/a%20b?s=a%20b',
		)
	})
})

describe('ensureSeedBrokers', () => {
	test('adds the three brokers once, by slug; a staff edit is kept', () => {
		expect(ensureSeedBrokers(SEED_BROKERS)).toBe(3)
		expect(listActiveBrokers().map((b) => b.slug)).toEqual(['exness', 'xm', 'hfm'])
		const admin = actor()
		updateBroker(admin, 'xm', { lossPercent: 70 })
		setBrokerActive(admin, 'hfm', false)
		expect(ensureSeedBrokers(SEED_BROKERS)).toBe(0)
		expect(getDb().select().from(brokers).all()).toHaveLength(3)
		expect(getActiveBroker('xm')?.lossPercent).toBe(70)
		expect(getActiveBroker('hfm')).toBeNull()
	})
})
