import crypto from 'node:crypto'

/** A random secret of 256 bits, URL-safe. */
export function randomToken(bytes = 32) {
	return crypto.randomBytes(bytes).toString('base64url')
}

export function sha256(value: string) {
	return crypto.createHash('sha256').update(value).digest('hex')
}

/** Constant-time string comparison (compares digests of equal length). */
export function safeEqual(a: string, b: string) {
	const ha = crypto.createHash('sha256').update(a).digest()
	const hb = crypto.createHash('sha256').update(b).digest()
	return crypto.timingSafeEqual(ha, hb)
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A readable random code (no 0/O/1/I), e.g. for referral or unlock codes. */
export function randomCode(length: number) {
	const bytes = crypto.randomBytes(length)
	let out = ''
	for (let i = 0; i < length; i++) out += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length]
	return out
}
