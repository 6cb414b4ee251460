import crypto from 'node:crypto'

/**
 * An enforced Content-Security-Policy: scripts run only with the nonce (and
 * what they load), no plugins, no <base>, no framing. A page rendered for
 * the page cache is served to many visitors, so it cannot carry one nonce:
 * its inline scripts are allowed by their SHA-256 instead, and its module
 * scripts by 'self' (a hash does not extend to the modules a script imports).
 */
export function contentSecurityPolicy(scripts: { nonce: string } | { hashes: string[] }) {
	const scriptSrc =
		'nonce' in scripts
			? `'nonce-${scripts.nonce}' 'strict-dynamic'`
			: ["'self'", ...scripts.hashes.map((h) => `'sha256-${h}'`)].join(' ')
	return [
		`default-src 'self'`,
		`script-src ${scriptSrc}`,
		`style-src 'self' 'unsafe-inline'`,
		`img-src 'self' data:`,
		`font-src 'self'`,
		`connect-src 'self'`,
		`object-src 'none'`,
		`base-uri 'none'`,
		`form-action 'self'`,
		`frame-ancestors 'none'`,
	].join('; ')
}

/** SHA-256 (base64) of every inline <script> of a rendered document. */
export function inlineScriptHashes(html: string) {
	const hashes: string[] = []
	for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
		if (/\bsrc\s*=/i.test(match[1]!)) continue
		hashes.push(crypto.createHash('sha256').update(match[2]!, 'utf8').digest('base64'))
	}
	return [...new Set(hashes)]
}
