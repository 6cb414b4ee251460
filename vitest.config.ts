import { defineConfig } from 'vitest/config'
import { iconSprite } from './other/icon-sprite.ts'

export default defineConfig({
	// Components import the icon sprite's URL (app/components/icon.tsx).
	plugins: [iconSprite()],
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		environment: 'node',
		pool: 'forks',
		testTimeout: 20_000,
		restoreMocks: true,
	},
})
