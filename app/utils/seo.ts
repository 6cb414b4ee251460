import type { MetaDescriptor } from 'react-router'
import { site } from '#app/content/site.ts'

/**
 * A public page's title, description, canonical URL and Open Graph tags.
 * `origin` is the configured APP_ORIGIN (passed down by the page's loader),
 * never the request's Host header, so a forged Host cannot poison links.
 */
export function pageMeta({
	title,
	description,
	path,
	origin,
}: {
	title: string
	description: string
	path: string
	origin: string | undefined
}): MetaDescriptor[] {
	const tags: MetaDescriptor[] = [
		{ title },
		{ name: 'description', content: description },
		{ property: 'og:site_name', content: site.name },
		{ property: 'og:type', content: 'website' },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: description },
		{ property: 'og:locale', content: 'en' },
		{ name: 'twitter:card', content: 'summary' },
	]
	if (origin) {
		const url = new URL(path, origin).href
		tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url })
	}
	return tags
}
