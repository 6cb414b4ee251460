import { describe, expect, test } from 'vitest'
import { allowedImage, classifyLink, IMAGE_URL_MAX, renderLessonMarkdown } from './markdown.server.ts'

const render = (markdown: string) => renderLessonMarkdown(markdown)

/** No element the writer could have made active: no script, frame, svg, style, event handler or bad address. */
function expectInert(html: string) {
	expect(html).not.toMatch(/<(script|iframe|svg|style|object|embed|form|input|math|base|link|meta)\b/i)
	for (const tag of html.matchAll(/<[a-z][a-z0-9]*((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/gi)) {
		const names = [...tag[1]!.replace(/="[^"]*"/g, '').matchAll(/\s+([a-z-]+)/gi)].map((m) => m[1]!.toLowerCase())
		for (const name of names)
			expect(['href', 'src', 'alt', 'title', 'rel', 'loading', 'decoding', 'start']).toContain(name)
	}
	// Every tag is one of those parsed above: no stray `<x` with unquoted attributes.
	expect(html.replace(/<\/?[a-z][a-z0-9]*((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/gi, '')).not.toContain('<')
	expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data|file):/i)
	for (const match of html.matchAll(/(?:href|src)="([^"]*)"/g)) expect(classifyLink(match[1]!)).not.toBeNull()
}

describe('raw HTML is escaped', () => {
	test.each([
		['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
		['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
		['<svg onload=alert(1)>', '&lt;svg onload=alert(1)&gt;'],
		[
			'<iframe src="https://evil.example"></iframe>',
			'&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;',
		],
		[
			'<p style="position:fixed;inset:0">cover</p>',
			'&lt;p style=&quot;position:fixed;inset:0&quot;&gt;cover&lt;/p&gt;',
		],
		[
			'<a href="javascript:alert(1)" onclick="x()">a</a>',
			'&lt;a href=&quot;javascript:alert(1)&quot; onclick=&quot;x()&quot;&gt;a&lt;/a&gt;',
		],
		['<style>body{display:none}</style>', '&lt;style&gt;body{display:none}&lt;/style&gt;'],
	])('%s shows as text', (markdown, escaped) => {
		const html = render(markdown)
		expect(html).toContain(escaped)
		expectInert(html)
	})

	test('an HTML block across lines stays text too', () => {
		const html = render('<div\nonmouseover="alert(1)">\n\n<script>\nalert(1)\n</script>\n</div>')
		expect(html).toContain('&lt;script&gt;')
		expectInert(html)
	})

	test('Markdown attributes cannot smuggle a handler into a kept tag', () => {
		const html = render(
			'[x](https://ok.example "a\\" onmouseover=\\"alert(1)") and ![y](https://ok.example/i.png "t\\" onerror=\\"z")',
		)
		expectInert(html)
		expect(html).toContain('title="a&quot; onmouseover=&quot;alert(1)"')
	})
})

describe('links', () => {
	test.each([
		'javascript:alert(1)',
		'JAVASCRIPT:alert(1)',
		'JaVaScRiPt:alert(1)',
		' javascript:alert(1)',
		'java\tscript:alert(1)',
		'java%09script:alert(1)',
		'java%0ascript:alert(1)',
		'%6A%61%76%61%73%63%72%69%70%74:alert(1)',
		'&#106;avascript:alert(1)',
		'&#x6A;avascript:alert(1)',
		'javascript&colon;alert(1)',
		'%256Aavascript:alert(1)',
		'\u0000javascript:alert(1)',
		'vbscript:msgbox(1)',
		'VBScript:msgbox(1)',
		'data:text/html,<script>alert(1)</script>',
		'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
		'DATA:image/svg+xml,<svg onload=alert(1)>',
		'file:///etc/passwd',
		'//evil.example/path',
		'/\\evil.example',
		'\\\\evil.example',
		'ftp://files.example',
	])('[x](%s) is no link', (url) => {
		const html = render(`[click](${url})`)
		expect(html).not.toContain('<a ')
		expectInert(html)
	})

	test.each(['<javascript:alert(1)>', '<JAVASCRIPT:alert(1)>', '<vbscript:msgbox(1)>', '<data:text/html,x>'])(
		'the autolink %s stays text',
		(autolink) => {
			const html = render(autolink)
			expect(html).not.toContain('<a ')
			expectInert(html)
		},
	)

	test('a reference-style link with a bad address is no link', () => {
		const html = render('[click][a]\n\n[a]: javascript:alert(1)')
		expect(html).not.toContain('<a ')
		expectInert(html)
	})

	test('http, https and autolinks to them open another site with rel noopener noreferrer nofollow', () => {
		expect(render('[a](https://broker.example/x?y=1)')).toContain(
			'<a href="https://broker.example/x?y=1" rel="noopener noreferrer nofollow">a</a>',
		)
		expect(render('[a](http://broker.example)')).toContain('rel="noopener noreferrer nofollow"')
		expect(render('<https://broker.example>')).toContain(
			'<a href="https://broker.example" rel="noopener noreferrer nofollow">https://broker.example</a>',
		)
	})

	test('mailto and relative links are kept, without rel', () => {
		expect(render('[mail](mailto:help@example.com)')).toContain('<a href="mailto:help@example.com">mail</a>')
		expect(render('[next](/dashboard/academy/risk-1)')).toContain('<a href="/dashboard/academy/risk-1">next</a>')
		expect(render('[top](#top)')).toContain('<a href="#top">top</a>')
		expect(render('[sib](risk-2)')).toContain('<a href="risk-2">sib</a>')
	})

	test('bare addresses are not turned into links (no linkify)', () => {
		expect(render('see www.example.com and javascript:alert(1)')).not.toContain('<a ')
	})
})

describe('images', () => {
	test('an https image is kept, lazy loaded; its size is held by the lesson-prose styles', () => {
		expect(render('![Chart](https://cdn.example/chart.png)')).toContain(
			'<img src="https://cdn.example/chart.png" alt="Chart" loading="lazy" decoding="async">',
		)
	})

	test.each([
		'http://cdn.example/chart.png',
		'data:image/png;base64,iVBORw0KGgo=',
		'data:image/svg+xml,<svg onload=alert(1)>',
		'javascript:alert(1)',
		'/images/local.png',
		'//cdn.example/chart.png',
	])('an image at %s shows as its alt text', (url) => {
		const html = render(`![Chart](${url})`)
		expect(html).not.toContain('<img')
		expect(html).toContain('Chart')
		expectInert(html)
	})

	test(`an image address over ${IMAGE_URL_MAX} characters is refused`, () => {
		const long = `https://cdn.example/${'a'.repeat(IMAGE_URL_MAX)}.png`
		expect(allowedImage(long)).toBe(false)
		expect(render(`![Big](${long})`)).not.toContain('<img')
		expect(allowedImage(`https://cdn.example/${'a'.repeat(100)}.png`)).toBe(true)
	})

	test('an image alt text with markup stays text', () => {
		const html = render('![<img src=x onerror=alert(1)>](http://x.example/a.png)')
		expect(html).not.toContain('<img')
		expectInert(html)
	})
})

describe('structure', () => {
	test('headings are h2 at most (the lesson title is the page h1); lists and the key point blockquote', () => {
		expect(render('# Big\n\n## Section')).toBe('<h2>Big</h2>\n<h2>Section</h2>\n')
		expect(render('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n')
		expect(render('1. a\n2. b')).toBe('<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n')
		expect(render('> **Key point:** remember')).toBe(
			'<blockquote>\n<p><strong>Key point:</strong> remember</p>\n</blockquote>\n',
		)
	})

	test('code keeps its text escaped', () => {
		const html = render('`<script>` and\n\n```\n<img onerror=x>\n```')
		expect(html).toContain('<code>&lt;script&gt;</code>')
		expectInert(html)
	})
})
