import { sitemapXml } from '#app/utils/crawlers.ts'
import { getEnv } from '#app/utils/env.server.ts'

export function loader() {
	return new Response(sitemapXml(getEnv().appOrigin), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
