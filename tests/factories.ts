import { randomUUID } from 'node:crypto'
import type { RegistrationInput } from '#app/utils/validation.ts'

export const GOOD_PASSWORD = 'Str0ngPassw0rd'

/** A valid registration payload with a unique email. */
export function makeRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
	const id = randomUUID().slice(0, 8)
	return {
		name: `Test Member ${id}`,
		email: `member-${id}@example.com`,
		password: GOOD_PASSWORD,
		phone: '+2348012345678',
		country: 'Nigeria',
		telegram: `@member_${id}`,
		investmentAmount: '$100-$500',
		...overrides,
	}
}
