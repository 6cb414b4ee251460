/**
 * Keeps a redirect target on this site: a path that starts with one slash,
 * with no backslash or control character and no scheme or host.
 */
export function safeRedirect(to: unknown, fallback = '/dashboard') {
	if (typeof to !== 'string') return fallback
	const target = to.trim()
	if (!target.startsWith('/') || target.startsWith('//')) return fallback
	if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback
	try {
		const base = 'http://same.site.invalid'
		const url = new URL(target, base)
		if (url.origin !== base) return fallback
		return `${url.pathname}${url.search}${url.hash}`
	} catch {
		return fallback
	}
}

/** Joins class names, dropping empty ones. */
export function cx(...names: Array<string | false | null | undefined>) {
	return names.filter(Boolean).join(' ')
}
