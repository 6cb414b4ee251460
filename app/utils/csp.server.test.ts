import crypto from 'node:crypto'
import { expect, test } from 'vitest'
import { contentSecurityPolicy, inlineScriptHashes } from './csp.server.ts'

const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('base64')

test('hashes every inline script (exact text, UTF-8), skips external ones, dedupes', () => {
	const html = [
		'<script nonce="">window.a = "é"</script>',
		'<script type="module" async="">import "/assets/x.js";\n</script>',
		'<script src="/assets/y.js"></script>',
		'<SCRIPT>window.a = "é"</SCRIPT>',
	].join('')
	expect(inlineScriptHashes(html)).toEqual([sha('window.a = "é"'), sha('import "/assets/x.js";\n')])
})

test('the nonce policy uses strict-dynamic; the shared policy hashes plus self, never a nonce', () => {
	const withNonce = contentSecurityPolicy({ nonce: 'abc' })
	expect(withNonce).toContain("script-src 'nonce-abc' 'strict-dynamic'")
	const shared = contentSecurityPolicy({ hashes: ['h1', 'h2'] })
	expect(shared).toContain("script-src 'self' 'sha256-h1' 'sha256-h2';")
	expect(shared).not.toContain('nonce')
	for (const policy of [withNonce, shared]) {
		expect(policy).toContain("object-src 'none'")
		expect(policy).toContain("base-uri 'none'")
		expect(policy).toContain("frame-ancestors 'none'")
	}
})

test('a shared page without inline scripts (the public pages, not hydrated) allows scripts by self only', () => {
	const html = '<body><p>Hi</p><script type="module" src="/assets/public-pages-abc.js"></script></body>'
	expect(inlineScriptHashes(html)).toEqual([])
	const policy = contentSecurityPolicy({ hashes: inlineScriptHashes(html) })
	// Exactly 'self': no hash, no nonce, no 'unsafe-inline'.
	expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/)
	expect(policy).not.toContain('sha256')
})
