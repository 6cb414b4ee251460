import MarkdownIt from 'markdown-it'

/**
 * A lesson's Markdown rendered to HTML (issue 41 part 3, decision 062's
 * Lessons section), once, when a version is saved: the stored HTML is what
 * members' pages insert. Nothing the writer types passes as markup:
 *
 * - raw HTML is escaped (`html: false`): `<script>`, `<iframe>`, `<svg
 *   onload>`, `style` and inline event handlers show as text;
 * - links keep only http:, https:, mailto: and relative addresses (a path,
 *   `#`, `?`); anything else (javascript:, vbscript:, data:, file:, in any
 *   case, percent- or entity-encoded, with tabs or line breaks inside, or a
 *   `//host` / `\` address) leaves the link as plain text; links to another
 *   site get `rel="noopener noreferrer nofollow"`;
 * - images keep only https: addresses of at most IMAGE_URL_MAX characters,
 *   load lazily and are held to the text's width by the `lesson-prose`
 *   styles (app/app.css); any other image shows as its alt text;
 * - a `#` heading becomes an h2 (the lesson's title is the page's h1).
 */

export const IMAGE_URL_MAX = 2048

// Control characters, spaces and invisible separators: a browser skips them inside a scheme.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g

/** What an address says once decoded: control characters and spaces removed, lower case. */
function decoded(url: string) {
	let value = url
	for (let i = 0; i < 3; i++) {
		try {
			const next = decodeURIComponent(value)
			if (next === value) break
			value = next
		} catch {
			break
		}
	}
	return value.replace(INVISIBLE, '').toLowerCase()
}

type Address = { kind: 'relative' | 'external' | 'mail' } | null

/** Which kind of address a link's destination is, or null when refused. */
export function classifyLink(url: string): Address {
	const value = decoded(url)
	if (value.startsWith('//') || value.startsWith('/\\') || value.startsWith('\\')) return null
	const scheme = /^([a-z][a-z0-9+.-]*):/.exec(value)
	if (!scheme) {
		// A colon before any /, ? or # would be read as a scheme by some browser.
		const head = value.split(/[/?#]/, 1)[0] ?? ''
		return head.includes(':') || head.includes('&') ? null : { kind: 'relative' }
	}
	if (scheme[1] === 'http' || scheme[1] === 'https') return { kind: 'external' }
	if (scheme[1] === 'mailto') return { kind: 'mail' }
	return null
}

/** Whether an image's address is kept: https: and at most IMAGE_URL_MAX characters. */
export function allowedImage(url: string) {
	return url.length <= IMAGE_URL_MAX && /^https:\/\/[^/\\]/.test(url) && classifyLink(url)?.kind === 'external'
}

function createRenderer() {
	const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false })
	md.validateLink = (url) => classifyLink(url) !== null

	const defaultLinkOpen =
		md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
	md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
		const token = tokens[idx]!
		const href = token.attrGet('href') ?? ''
		if (classifyLink(href)?.kind === 'external') token.attrSet('rel', 'noopener noreferrer nofollow')
		return defaultLinkOpen(tokens, idx, options, env, self)
	}

	const defaultImage = md.renderer.rules.image!
	md.renderer.rules.image = (tokens, idx, options, env, self) => {
		const token = tokens[idx]!
		const src = token.attrGet('src') ?? ''
		const alt = self.renderInlineAsText(token.children ?? [], options, env)
		if (!allowedImage(src)) return md.utils.escapeHtml(alt)
		token.attrSet('loading', 'lazy')
		token.attrSet('decoding', 'async')
		return defaultImage(tokens, idx, options, env, self)
	}

	md.core.ruler.push('lesson_headings', (state) => {
		for (const token of state.tokens)
			if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2'
	})
	return md
}

let renderer: MarkdownIt | undefined

/** A lesson's Markdown as safe HTML (see above). */
export function renderLessonMarkdown(markdown: string): string {
	renderer ??= createRenderer()
	return renderer.render(markdown)
}

/** The words a member reads in rendered HTML: its text, tags left out. */
export function htmlWords(html: string) {
	const text = html
		.replace(/<[^>]*>/g, ' ')
		.replace(/&[a-z#0-9]+;/gi, ' ')
		.trim()
	return text === '' ? 0 : text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}
