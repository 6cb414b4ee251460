import crypto from 'node:crypto'
import { getEnv } from './env.server.ts'

/**
 * A keyed hash of a client address (referral integrity, issue 15): the
 * same address always gives the same value, so sign-ups and unlocks from
 * one client can be counted, but the address itself is never stored and
 * cannot be recovered from the value without the server's secret. The key
 * is derived from the current session secret with a label of its own, so
 * it is never the cookie-signing key itself. `unknown` (no address known)
 * gives null: it must not group every such request as one client.
 */
export function clientHash(ip: string): string | null {
	if (!ip || ip === 'unknown') return null
	return crypto.createHmac('sha256', clientHashKey()).update(ip).digest('base64url')
}

let cached: { secret: string; key: Buffer } | undefined

function clientHashKey() {
	const secret = getEnv().sessionSecrets[0]!
	if (cached?.secret !== secret) {
		cached = { secret, key: crypto.createHmac('sha256', secret).update('tradecircle:client-hash:v1').digest() }
	}
	return cached.key
}
