// The bench's and the soak's staff second factor: a throwaway TOTP secret
// for the server's first super admin (ADMIN_TOTP_SECRET) and its codes, as
// an authenticator app computes them (RFC 6238: SHA-1, 6 digits, 30 s).
import { Secret, TOTP } from 'otpauth'

export const BENCH_TOTP_SECRET = new Secret({ size: 20 }).base32

/** The code of `at` (a code is accepted once per account: a second sign-in uses the next step's). */
export function totpCode(at = Date.now(), secret = BENCH_TOTP_SECRET) {
	return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
		timestamp: at,
	})
}
