import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { insertAuditActor, insertMember, makeRegistration } from '#tests/factories.ts'
import { AGE_CONFIRMATION_VERSION, RISK_ACKNOWLEDGEMENT_VERSION } from '#app/features/account/consents.ts'
import { TERMS_VERSION } from '#app/features/auth/schemas.ts'
import { registerMember } from '#app/features/auth/member-auth.server.ts'
import { createManagedUser } from '#app/features/users/changes.server.ts'
import { acceptCurrentTerms, hasCurrentTerms, listConsents } from './consents.server.ts'

let ip = 0
const meta = () => ({ ip: `203.0.113.${++ip}` })

function terms(userId: number) {
	return getDb()
		.select({ termsVersion: users.termsVersion, termsAcceptedAt: users.termsAcceptedAt })
		.from(users)
		.where(eq(users.id, userId))
		.get()!
}

describe('consents at sign-up', () => {
	test('the form records the terms, the 18+ confirmation and the risk acknowledgement', async () => {
		const result = await registerMember(makeRegistration(), meta())
		if (!result.ok) throw new Error(result.message)
		const rows = listConsents(result.value.id)
		expect(rows.map((r) => [r.kind, r.version, r.source])).toEqual([
			['terms', TERMS_VERSION, 'signup'],
			['age', AGE_CONFIRMATION_VERSION, 'signup'],
			['risk', RISK_ACKNOWLEDGEMENT_VERSION, 'signup'],
		])
		expect(rows.every((r) => r.adminId === null && r.acceptedAt === rows[0]!.acceptedAt)).toBe(true)
		expect(terms(result.value.id).termsVersion).toBe(TERMS_VERSION)
		expect(terms(result.value.id).termsAcceptedAt!.toISOString()).toBe(rows[0]!.acceptedAt)
	})

	test('an API sign-up records the terms and only the flags it sent', async () => {
		const result = await registerMember(makeRegistration(), meta(), { source: 'api', kinds: ['terms', 'risk'] })
		if (!result.ok) throw new Error(result.message)
		expect(listConsents(result.value.id).map((r) => [r.kind, r.source])).toEqual([
			['terms', 'api'],
			['risk', 'api'],
		])
	})

	test('a refused sign-up writes no consent', async () => {
		const first = makeRegistration()
		await registerMember(first, meta())
		const again = await registerMember({ ...first, name: 'Other' }, meta())
		expect(again.ok).toBe(false)
		expect(getDb().$client.prepare('select count(*) as n from consents').get()).toEqual({ n: 3 })
	})
})

describe('a member created by staff', () => {
	test('carries a staff row naming the admin, and must still accept the terms', async () => {
		const admin = insertAuditActor({ name: 'Grace Staff' })
		const created = await createManagedUser(admin, {
			name: 'Ada Lovelace',
			email: 'ada-staff@example.com',
			password: 'Str0ngPassw0rd',
			plan: 'regular',
			status: 'active',
		})
		if (!created.ok) throw new Error(created.message)
		const rows = listConsents(created.value.id)
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ kind: 'terms', source: 'staff', adminId: admin.id, adminName: 'Grace Staff' })
		expect(hasCurrentTerms(terms(created.value.id))).toBe(false)
		expect(acceptCurrentTerms(created.value.id)).toBe(true)
		expect(hasCurrentTerms(terms(created.value.id))).toBe(true)
		expect(listConsents(created.value.id).map((r) => r.source)).toEqual(['staff', 'reaccept'])
	})
})

describe('accepting new terms', () => {
	test('an older acceptance is not current; accepting writes one row and keeps users.terms* in step', () => {
		const member = insertMember({ termsVersion: 'January 1, 2020', termsAcceptedAt: new Date(0) })
		expect(hasCurrentTerms(terms(member.id))).toBe(false)
		const now = new Date('2026-11-20T10:00:00Z')
		expect(acceptCurrentTerms(member.id, 'reaccept', now)).toBe(true)
		expect(terms(member.id)).toEqual({ termsVersion: TERMS_VERSION, termsAcceptedAt: now })
		// A second accept (another tab) records nothing more.
		expect(acceptCurrentTerms(member.id)).toBe(true)
		expect(listConsents(member.id)).toEqual([
			expect.objectContaining({
				kind: 'terms',
				version: TERMS_VERSION,
				source: 'reaccept',
				acceptedAt: now.toISOString(),
			}),
		])
	})

	test('an unknown member accepts nothing', () => {
		expect(acceptCurrentTerms(987654)).toBe(false)
	})
})
