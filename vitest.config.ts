import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		environment: 'node',
		pool: 'forks',
		testTimeout: 20_000,
		restoreMocks: true,
	},
})
