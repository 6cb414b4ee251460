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
/** The name Rollup gives the chunk of an entry module (its file name without the extension, made safe). */
const entryChunkName = (file: string) =>
	// eslint-disable-next-line no-control-regex
	path.basename(file, path.extname(file)).replace(/[\u0000-\u001F"#$%&*+,:;<=>?[\]^`{|}\u007F]/g, '_')

/**
 * React Router makes every route module an entry of the client build and
 * names its chunk in the route manifest. A route without client code (the
 * /api routes, the CSV exports, the routes that only take a form post, such
 * as logout or an alert's acknowledge) leaves an empty chunk, and Rollup
 * says so for each one: some ninety "Generated an empty chunk" lines on
 * every build, which React Router has no setting to avoid. Those notices,
 * and only those, are dropped here; an empty chunk that is not a route
 * module's is still reported (docs/decisions/043-v8-future-flags.md).
 */
function quietEmptyRouteChunks(): Plugin {
	const routeChunks = new Set<string>()
	return {
		name: 'quiet-empty-route-chunks',
		apply: 'build',
		buildStart(options) {
			const inputs = Array.isArray(options.input) ? options.input : Object.values(options.input)
			for (const id of inputs) {
				const [file, query] = id.split('?')
				if (file && query === '__react-router-build-client-route') routeChunks.add(entryChunkName(file))
			}
		},
		onLog(_level, log) {
			if (log.code === 'EMPTY_BUNDLE' && log.names?.every((name) => routeChunks.has(name))) return false
		},
	}
}

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
	plugins: [standaloneScript(), iconSprite(), quietEmptyRouteChunks(), tailwindcss(), reactRouter()],
})
