import { describe, expect, test } from 'vitest'
import { makeRegistration } from '#tests/factories.ts'
import { RegisterApiSchema } from '#app/features/auth/schemas.ts'
import { registerMember } from '#app/features/auth/member-auth.server.ts'
import {
	firstName,
	getUserByEmail,
	getUserById,
	getUserByReferralCode,
	newReferralCode,
	toPublicUser,
} from './user.server.ts'

async function member() {
	const result = await registerMember(RegisterApiSchema.parse(makeRegistration()), { ip: '10.3.3.3' })
	if (!result.ok) throw new Error(result.message)
	return result.value
}

describe('toPublicUser', () => {
	test('exposes the spec fields and never the password hash or consent internals', async () => {
		const user = await member()
		const pub = toPublicUser(user)
		expect(Object.keys(pub).sort()).toEqual(
			[
				'id',
				'name',
				'email',
				'phone',
				'country',
				'telegram',
				'investmentAmount',
				'plan',
				'status',
				'referralCount',
				'referralPoints',
				'referralCode',
				'referredBy',
				'isVerified',
				'createdAt',
			].sort(),
		)
		expect(JSON.stringify(pub)).not.toContain(user.passwordHash)
		expect(JSON.stringify(pub)).not.toContain('$2')
		expect(pub.createdAt).toBe(user.createdAt.toISOString())
		expect(pub.isVerified).toBe(false)
		expect(pub.plan).toBe('regular')
	})
})

describe('lookups', () => {
	test('by email, id and referral code', async () => {
		const user = await member()
		expect(getUserByEmail(user.email)?.id).toBe(user.id)
		expect(getUserById(user.id)?.email).toBe(user.email)
		expect(getUserByReferralCode(user.referralCode)).toEqual({ id: user.id, referralCode: user.referralCode })
		expect(getUserByEmail('nobody@example.com')).toBeNull()
		expect(getUserById(987654)).toBeNull()
		expect(getUserByReferralCode('NOPE')).toBeNull()
	})

	test('SQL-looking input is just data', async () => {
		await member()
		expect(getUserByEmail("' OR '1'='1")).toBeNull()
		expect(getUserByReferralCode("' OR 1=1 --")).toBeNull()
		expect(getUserByReferralCode('%')).toBeNull()
	})

	test('newReferralCode gives a fresh readable code', async () => {
		const user = await member()
		const code = newReferralCode()
		expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
		expect(code).not.toBe(user.referralCode)
	})
})

describe('firstName', () => {
	test.each([
		['Ada Lovelace', 'Ada'],
		['  Grace   Brewster Hopper ', 'Grace'],
		['Cher', 'Cher'],
		['', 'User'],
		['   ', 'User'],
		[null, 'User'],
		[undefined, 'User'],
	])('%j -> %s', (name, expected) => {
		expect(firstName(name)).toBe(expected)
	})
})
