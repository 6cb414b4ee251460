import { describe, expect, test } from 'vitest'
import { bonusSecondsLeft, SETUP_BONUS_WINDOW_SECONDS } from './onboarding.ts'

describe('bonusSecondsLeft (the unlock screen timer, counted from sign-up)', () => {
	const signedUp = new Date('2026-11-24T10:00:00Z')
	test.each([
		['at sign-up', 0, SETUP_BONUS_WINDOW_SECONDS],
		['90.5 s later', 90_500, SETUP_BONUS_WINDOW_SECONDS - 91],
		['at the end of the window', SETUP_BONUS_WINDOW_SECONDS * 1000, 0],
		['an hour later', 3_600_000, 0],
	])('%s', (_, elapsedMs, left) => {
		expect(bonusSecondsLeft(signedUp, new Date(signedUp.getTime() + elapsedMs))).toBe(left)
	})
	test('the window is the 5 minutes the bonus text names', () => expect(SETUP_BONUS_WINDOW_SECONDS).toBe(300))
})
