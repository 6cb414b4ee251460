/** `import url from './file.js?script'` (vite.config.ts, standaloneScript): the URL of `file.js` bundled on its own. */
declare module '*?script' {
	const url: string
	export default url
}

/** `import href from 'virtual:icon-sprite'` (other/icon-sprite.ts): the URL of the icon sprite. */
declare module 'virtual:icon-sprite' {
	const url: string
	export default url
}
