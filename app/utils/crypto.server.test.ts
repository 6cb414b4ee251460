import { describe, expect, test } from 'vitest'
import { randomCode, randomToken, safeEqual, sha256 } from './crypto.server.ts'

describe('crypto helpers', () => {
	test('randomToken: 256 bits by default, base64url, distinct', () => {
		const token = randomToken()
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(Buffer.from(token, 'base64url')).toHaveLength(32)
		expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/)
		const many = new Set(Array.from({ length: 1000 }, () => randomToken()))
		expect(many.size).toBe(1000)
	})

	test('sha256 is the hex digest', () => {
		expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
		expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
	})

	test('safeEqual compares whole strings of any length', () => {
		expect(safeEqual('ABCD-2345', 'ABCD-2345')).toBe(true)
		expect(safeEqual('ABCD-2345', 'ABCD-2346')).toBe(false)
		expect(safeEqual('ABCD', 'ABCD-2345')).toBe(false)
		expect(safeEqual('', '')).toBe(true)
		expect(safeEqual('a', '')).toBe(false)
		expect(safeEqual('pa\u0000ss', 'pa')).toBe(false)
	})

	test('randomCode uses the readable alphabet only and is spread over it', () => {
		const codes = Array.from({ length: 500 }, () => randomCode(8))
		for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
		expect(new Set(codes).size).toBe(500)
		const seen = new Set(codes.join(''))
		expect(seen.size).toBe(32)
	})
})
