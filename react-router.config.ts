import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// React Router v8's behaviours, adopted on v7 (docs/decisions/043-v8-future-flags.md).
	future: {
		v8_middleware: true,
		v8_passThroughRequests: true,
		v8_trailingSlashAwareDataRequests: true,
		v8_splitRouteModules: true,
		v8_viteEnvironmentApi: true,
	},
} satisfies Config
