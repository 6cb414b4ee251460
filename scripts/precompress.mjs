// Writes .gz and .br next to every compressible file of build/client, so the
// server sends hashed assets compressed without spending CPU per request.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve('build/client')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/

function* walk(dir) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) yield* walk(full)
		else if (COMPRESSIBLE.test(entry.name)) yield full
	}
}

let count = 0
for (const file of walk(root)) {
	const source = fs.readFileSync(file)
	if (source.length < 512) continue
	fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }))
	fs.writeFileSync(
		`${file}.br`,
		zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
	)
	count++
}
console.log(`precompressed ${count} files in build/client`)
