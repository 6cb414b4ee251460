import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { PhoneSchema } from '#app/utils/validation.ts'
import { getSetting } from '#app/features/settings/settings.server.ts'
import { evaluateReferralSignals, phoneDigits } from './signals.server.ts'

// users.phone_digits (a generated column, decision 064) must equal
// phoneDigits() for every phone the rules accept, or the duplicate-phone
// check would miss a number written another way.

const storedDigits = (id: number) =>
	getDb().select({ digits: users.phoneDigits }).from(users).where(eq(users.id, id)).get()!.digits

describe('users.phone_digits', () => {
	test('equals phoneDigits() for every character a phone may contain, and what the rules accept', () => {
		// The phone rule allows digits, spaces, ( ) . - and a leading +: each one in every position.
		const phones = [
			'+234 (801) 234-5678',
			'+2348012345678',
			'0801.234.5678',
			' 801 234 5678 ',
			'(0)801--234..5678',
			'1234567890',
			'+1 (555) 010-9999',
			'',
		]
		const alphabet = '0123456789 ().-'
		let seed = 42
		const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
		for (let i = 0; i < 60; i++) {
			let phone = next() % 2 ? '+' : ''
			const length = 6 + (next() % 20)
			for (let j = 0; j < length; j++) phone += alphabet[next() % alphabet.length]
			phones.push(phone)
		}
		let accepted = 0
		for (const phone of phones) {
			if (phone && PhoneSchema.safeParse(phone).success) accepted++
			const member = insertMember({ phone })
			expect(storedDigits(member.id), JSON.stringify(phone)).toBe(phoneDigits(phone))
		}
		expect(accepted).toBeGreaterThan(40)
	})

	test('follows the phone when it changes, whatever writes it', () => {
		const member = insertMember({ phone: '+44 (20) 7946-0000' })
		expect(storedDigits(member.id)).toBe('442079460000')
		getDb().$client.prepare('update users set phone = ? where id = ?').run('020.7946.0001', member.id)
		expect(storedDigits(member.id)).toBe('02079460001')
	})

	test('the duplicate-phone signal counts the other members with the same digits', () => {
		insertMember({ phone: '+234 801 234 5678' })
		insertMember({ phone: '(234) 801-234.5678' })
		insertMember({ phone: '+234 801 234 5679' })
		const subject = insertMember({ phone: '2348012345678' })
		const settings = { ...getSetting('referral_integrity'), duplicatePhone: true }
		const signals = getDb().transaction((tx) => evaluateReferralSignals(tx, subject, new Date(), settings))
		expect(signals.filter((s) => s.code === 'duplicate_phone')).toEqual([{ code: 'duplicate_phone', otherMembers: 2 }])
	})
})
