import net from 'node:net'

/**
 * The client address that rate limits and the audit log use.
 *
 * With `TRUST_PROXY=false` (the default) it is the TCP peer, whatever the
 * headers say. With `TRUST_PROXY=N` (`true` means 1) the app sits behind N
 * proxies that each append the address they saw to `X-Forwarded-For`: the
 * client is the N-th entry from the right. Two guards keep a client from
 * choosing its own address (and so stepping around the rate limits):
 * - only the last N entries are read, so addresses a client wrote itself
 *   (to the left of what the proxies appended) are never used;
 * - the header is believed only when the peer itself is on a loopback or
 *   private network (where a proxy of ours is), so a client that reaches
 *   the port directly, from a public address, is taken at its peer address.
 */
export function clientIpFrom(forwardedFor: string | null, peer: string | undefined, trustedHops: number) {
	const address = normalise(peer) ?? 'unknown'
	if (trustedHops <= 0 || !forwardedFor || !isPrivate(address)) return address
	const hops = forwardedFor
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
	// The peer is the last proxy; it appended the address before it, and so
	// on: the client is N entries from the right.
	const candidate = normalise(hops[hops.length - trustedHops])
	return candidate && net.isIP(candidate) ? candidate : address
}

function normalise(address: string | undefined) {
	if (!address) return undefined
	// IPv4 clients on a dual-stack socket appear as ::ffff:1.2.3.4.
	return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address
}

const privateRanges = new net.BlockList()
privateRanges.addSubnet('127.0.0.0', 8, 'ipv4')
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4')
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4')
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4')
privateRanges.addSubnet('169.254.0.0', 16, 'ipv4')
privateRanges.addSubnet('100.64.0.0', 10, 'ipv4')
privateRanges.addAddress('::1', 'ipv6')
privateRanges.addSubnet('fc00::', 7, 'ipv6')
privateRanges.addSubnet('fe80::', 10, 'ipv6')

/** Loopback, private, link-local or carrier-grade NAT: where a proxy of ours can be. */
export function isPrivate(address: string) {
	const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null
	return type !== null && privateRanges.check(address, type)
}
