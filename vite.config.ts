import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
	build: {
		// The server build starts at server/app.ts so the production server can
		// reach start-up (migrate, seed) and shutdown (close the database).
		rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
		// Keep asset names hashed: the server caches them for a year.
		assetsInlineLimit: 0,
	},
	plugins: [tailwindcss(), reactRouter()],
}))
