import { TERMS_LAST_UPDATED_ISO } from '#app/content/terms.ts'

/**
 * What search engines are told (served by /robots.txt and /sitemap.xml).
 * Member, admin, API and one-time pages are kept out of the index; URLs
 * are built on the configured APP_ORIGIN, never on the request's Host.
 */
export const PUBLIC_PAGES = [
	{ path: '/', changefreq: 'weekly', priority: '1.0' },
	{ path: '/terms', changefreq: 'yearly', priority: '0.3', lastmod: TERMS_LAST_UPDATED_ISO },
	{ path: '/signup', changefreq: 'monthly', priority: '0.6' },
] as const

const PRIVATE_PREFIXES = [
	'/dashboard',
	'/next-steps',
	'/admin',
	'/api/',
	'/reset-password',
	'/forgot-password',
	'/login',
]

export function robotsTxt(origin: string) {
	return [
		'User-agent: *',
		'Allow: /',
		...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
		'',
		`Sitemap: ${new URL('/sitemap.xml', origin).href}`,
		'',
	].join('\n')
}

function escapeXml(text: string) {
	return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function sitemapXml(origin: string) {
	const urls = PUBLIC_PAGES.map((p) =>
		[
			'  <url>',
			`    <loc>${escapeXml(new URL(p.path, origin).href)}</loc>`,
			...('lastmod' in p ? [`    <lastmod>${p.lastmod}</lastmod>`] : []),
			`    <changefreq>${p.changefreq}</changefreq>`,
			`    <priority>${p.priority}</priority>`,
			'  </url>',
		].join('\n'),
	)
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...urls,
		'</urlset>',
		'',
	].join('\n')
}
