import { Secret, TOTP } from 'otpauth'

/**
 * TOTP for the Playwright suites and the bench (RFC 6238: SHA-1, 6 digits,
 * 30 s), as an authenticator app computes it. The server accepts a code once
 * per account: a second sign-in of the same account within one 30-second
 * step needs the next step's code (`nextStep`).
 */
export function totpCode(secret: string, at = Date.now()) {
	return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
		timestamp: at,
	})
}

export function newTotpSecret() {
	return new Secret({ size: 20 }).base32
}

/** Waits for the next 30-second step (a fresh code for an account that just used one). */
export async function nextStep() {
	await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100))
}

/** A code that is not the current one (for "a wrong code is refused"). */
export function wrongCode(secret: string) {
	const now = totpCode(secret)
	return now === '000000' ? '111111' : '000000'
}
