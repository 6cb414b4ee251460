import { encode } from 'uqr'

/**
 * A QR code as one SVG path, drawn on the server (no canvas, no script):
 * `size` modules square including a 4-module quiet zone, `d` one unit square
 * per dark module. The page draws it dark on a white square, so phones read
 * it on the dark theme too.
 */
export function qrCodePath(text: string) {
	const qr = encode(text, { ecc: 'M', border: 4 })
	let d = ''
	qr.data.forEach((row, y) => {
		let x = 0
		while (x < row.length) {
			if (!row[x]) {
				x++
				continue
			}
			// One horizontal run of dark modules is one rectangle.
			const start = x
			while (x < row.length && row[x]) x++
			d += `M${start} ${y}h${x - start}v1h-${x - start}z`
		}
	})
	return { size: qr.size, d }
}
