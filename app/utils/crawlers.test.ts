import { expect, test } from 'vitest'
import { robotsTxt, sitemapXml } from './crawlers.ts'
import { pageMeta } from './seo.ts'

test('robots.txt allows the public pages, keeps private ones out and names the sitemap', () => {
	const text = robotsTxt('https://tradecircle.example')
	expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/)
	for (const path of ['/dashboard', '/admin', '/api/', '/next-steps', '/reset-password']) {
		expect(text).toContain(`Disallow: ${path}\n`)
	}
	expect(text).not.toMatch(/Disallow: \/\n/)
	expect(text).toContain('Sitemap: https://tradecircle.example/sitemap.xml')
})

test('the sitemap lists the landing page and the terms on the configured origin', () => {
	const xml = sitemapXml('https://tradecircle.example')
	expect(xml).toMatch(
		/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
	)
	expect(xml).toContain('<loc>https://tradecircle.example/</loc>')
	expect(xml).toContain('<loc>https://tradecircle.example/terms</loc>')
	expect(xml).toContain('<lastmod>2025-06-29</lastmod>')
	expect(xml).not.toContain('/dashboard')
})

test('page meta: title, description, Open Graph and an absolute canonical URL', () => {
	const tags = pageMeta({ title: 'T', description: 'D', path: '/terms', origin: 'https://tradecircle.example' })
	expect(tags).toContainEqual({ title: 'T' })
	expect(tags).toContainEqual({ name: 'description', content: 'D' })
	expect(tags).toContainEqual({ property: 'og:title', content: 'T' })
	expect(tags).toContainEqual({ property: 'og:description', content: 'D' })
	expect(tags).toContainEqual({ property: 'og:url', content: 'https://tradecircle.example/terms' })
	expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://tradecircle.example/terms' })
	// Without loader data (an error page) there is no canonical URL to give.
	expect(pageMeta({ title: 'T', description: 'D', path: '/', origin: undefined }).some((t) => 'rel' in t)).toBe(false)
})
