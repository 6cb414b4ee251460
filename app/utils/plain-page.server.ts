import appCss from '#app/app.css?url'
import { site } from '#app/content/site.ts'

/**
 * A small error page for answers given before React Router runs (a body
 * too large, a form that cannot be read, a cross-site post): the same look
 * as the app's error pages, no script, its own strict policy.
 */
const CSP =
	"default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

function escapeHtml(text: string) {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function plainPage(status: number, title: string, message: string, headers: Record<string, string> = {}) {
	const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} | ${site.name}`)}</title>
<link rel="stylesheet" href="${escapeHtml(appCss)}">
</head>
<body>
<main class="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-16 text-center">
<p class="text-sm font-semibold tracking-widest text-emerald-300">Error ${status}</p>
<h1 class="mt-3 text-3xl font-bold">${escapeHtml(title)}</h1>
<p class="mt-4 text-slate-300">${escapeHtml(message)}</p>
<div class="mt-8 flex flex-wrap justify-center gap-3">
<a href="/" class="btn-primary">Go to the home page</a>
<a href="/login" class="btn-secondary">Sign In</a>
</div>
</main>
</body>
</html>
`
	return new Response(html, {
		status,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': 'no-store',
			'Content-Security-Policy': CSP,
			...headers,
		},
	})
}
