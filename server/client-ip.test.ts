import { describe, expect, test } from 'vitest'
import { clientIpFrom, isPrivate } from './client-ip.ts'

describe('clientIpFrom', () => {
	test('without a trusted proxy the peer is the client, whatever the header says', () => {
		expect(clientIpFrom('6.6.6.6', '203.0.113.9', 0)).toBe('203.0.113.9')
		expect(clientIpFrom(null, '::ffff:198.51.100.4', 0)).toBe('198.51.100.4')
		expect(clientIpFrom(null, undefined, 0)).toBe('unknown')
	})

	test('one trusted hop: the address the proxy appended, never what the client wrote before it', () => {
		expect(clientIpFrom('198.51.100.7', '127.0.0.1', 1)).toBe('198.51.100.7')
		expect(clientIpFrom('1.2.3.4, 198.51.100.7', '10.0.0.2', 1)).toBe('198.51.100.7')
	})

	test('N trusted hops: the N-th entry from the right', () => {
		expect(clientIpFrom('1.2.3.4, 198.51.100.7, 10.0.0.5', '10.0.0.2', 2)).toBe('198.51.100.7')
		// Fewer entries than hops: the header cannot be read that far.
		expect(clientIpFrom('198.51.100.7', '10.0.0.2', 2)).toBe('10.0.0.2')
	})

	test('a peer on a public address is not a proxy of ours: its header is ignored', () => {
		expect(clientIpFrom('1.2.3.4', '203.0.113.9', 1)).toBe('203.0.113.9')
		expect(clientIpFrom('1.2.3.4', '2001:db8::1', 1)).toBe('2001:db8::1')
	})

	test('a header entry that is not an address falls back to the peer', () => {
		expect(clientIpFrom('not-an-ip', '127.0.0.1', 1)).toBe('127.0.0.1')
		expect(clientIpFrom(' , ', '127.0.0.1', 1)).toBe('127.0.0.1')
		expect(clientIpFrom('::ffff:198.51.100.7', '127.0.0.1', 1)).toBe('198.51.100.7')
	})
})

describe('isPrivate', () => {
	test.each([
		['127.0.0.1', true],
		['10.1.2.3', true],
		['172.20.0.4', true],
		['192.168.1.1', true],
		['::1', true],
		['fd00::2', true],
		['172.32.0.1', false],
		['8.8.8.8', false],
		['2001:db8::1', false],
		['nonsense', false],
	])('%s -> %s', (address, expected) => {
		expect(isPrivate(address)).toBe(expected)
	})
})
