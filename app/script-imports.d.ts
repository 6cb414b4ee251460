/** `import url from './file.js?script'` (vite.config.ts, standaloneScript): the URL of `file.js` bundled on its own. */
declare module '*?script' {
	const url: string
	export default url
}
