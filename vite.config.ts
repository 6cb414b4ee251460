import { createHash } from 'node:crypto'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { build as esbuild } from 'esbuild'
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite'
import { chunkGroups } from './other/chunk-groups.ts'
import { iconSprite } from './other/icon-sprite.ts'

/**
 * `import url from './file.js?script'`: the URL of a standalone script,
 * `file.js` bundled on its own with its imports (ES2019, minified) into a
 * hashed asset of the client build. Vite's `?url` copies a JS file as is,
 * without its imports; the public pages' script imports the arithmetic it
 * shares with the unit tests, so it is bundled here. The file name hashes
 * the bundled code, so the server build (which emits nothing: only the
 * client environment does) names the same file as the client build. In dev the source itself is served.
 */
function standaloneScript(): Plugin {
	let config: ResolvedConfig
	return {
		name: 'standalone-script',
		enforce: 'pre',
		configResolved(resolved) {
			config = resolved
		},
		async load(id) {
			const [file, query] = id.split('?')
			if (query !== 'script' || !file) return null
			if (config.command === 'serve') {
				return `export default ${JSON.stringify(path.posix.join(config.base, path.relative(config.root, file).split(path.sep).join('/')))}`
			}
			const result = await esbuild({
				entryPoints: [file],
				bundle: true,
				format: 'esm',
				target: 'es2019',
				minify: true,
				legalComments: 'none',
				write: false,
				metafile: true,
				logLevel: 'silent',
			})
			for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(path.resolve(input))
			const code = result.outputFiles[0]!.text
			const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8)
			const fileName = path.posix.join(config.build.assetsDir, `${path.basename(file, path.extname(file))}-${hash}.js`)
			if (this.environment.config.consumer === 'client') this.emitFile({ type: 'asset', fileName, source: code })
			return `export default ${JSON.stringify(path.posix.join(config.base, fileName))}`
		},
	}
}

// One Vite build per environment (React Router's future.v8_viteEnvironmentApi):
// what differs between the client and the server build is set per environment.
export default defineConfig({
	build: {
		// Keep asset names hashed: the server caches them for a year.
		assetsInlineLimit: 0,
	},
	environments: {
		// The client build groups shared modules into fewer chunks
		// (other/chunk-groups.ts).
		client: { build: { rollupOptions: { output: { manualChunks: chunkGroups() } } } },
		// The server build starts at server/app.ts so the production server can
		// reach start-up (migrate, seed) and shutdown (close the database).
		ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
	},
	plugins: [standaloneScript(), iconSprite(), tailwindcss(), reactRouter()],
})
