import { defineConfig, devices } from '@playwright/test'
import { E2E_BASE_URL } from './tests/setup/e2e-config.ts'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './tests/setup/browsers.ts'

// Debian's chromium or its headless shell (tests/setup/browsers.ts);
// Playwright never downloads one.
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
}

export default defineConfig({
	testDir: './tests',
	testMatch: ['e2e/**/*.spec.ts', 'api/**/*.spec.ts'],
	globalSetup: './tests/setup/global-setup.ts',
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	retries: process.env.CI ? 1 : 0,
	// Long flows (two browsers, uploads, a dozen page loads) on a slow 2-core machine.
	timeout: 60_000,
	expect: { timeout: 7_000 },
	reporter: [
		['list'],
		...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
			? [['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
			: []),
		...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
	],
	use: {
		baseURL: E2E_BASE_URL,
		// A trace only when a failed test runs again (CI retries once). Recording
		// one for every test (screencast frames, DOM snapshots) cost a sixth of
		// the suite's time on 2 cores, for passing tests whose trace is thrown away.
		trace: 'on-first-retry',
		screenshot: 'only-on-failure',
	},
	projects: [
		{ name: 'api', testMatch: 'api/**/*.spec.ts' },
		{ name: 'js-on', testMatch: 'e2e/**/*.spec.ts', use: { ...chromium, javaScriptEnabled: true } },
		{
			name: 'js-off',
			testMatch: 'e2e/**/*.spec.ts',
			// axe runs with JavaScript on, at both widths, for every page: the
			// same sweep again with it off doubled a third of the suite's time,
			// and on a 2-core machine three times slower than the one it was
			// written on the whole run neared CI's 90 minutes. Every form and
			// flow still runs here, and screens.spec.ts still checks every page
			// for overflow and scroll cues with JavaScript off.
			testIgnore: ['e2e/a11y.spec.ts', 'e2e/*-a11y.spec.ts'],
			use: { ...chromium, javaScriptEnabled: false },
		},
	],
})
