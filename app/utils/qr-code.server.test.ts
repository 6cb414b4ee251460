import { describe, expect, test } from 'vitest'
import { encode } from 'uqr'
import { qrCodePath } from './qr-code.server.ts'

describe('qrCodePath', () => {
	test('draws every dark module once, inside a quiet zone of 4', () => {
		const text = 'otpauth://totp/TradeCircle:a%40b.example?secret=JBSWY3DPEHPK3PXP&issuer=TradeCircle'
		const { size, d } = qrCodePath(text)
		const qr = encode(text, { ecc: 'M', border: 4 })
		expect(size).toBe(qr.size)
		// Rebuild the grid from the path's runs and compare with the encoder's.
		const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
		for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
			for (let i = 0; i < Number(w); i++) {
				expect(grid[Number(y)]![Number(x) + i]).toBe(false)
				grid[Number(y)]![Number(x) + i] = true
			}
		}
		expect(grid).toEqual(qr.data)
		for (let i = 0; i < size; i++) {
			expect([grid[0]![i], grid[3]![i], grid[i]![size - 1]]).toEqual([false, false, false])
		}
	})
})
