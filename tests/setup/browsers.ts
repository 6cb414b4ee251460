import fs from 'node:fs'

/**
 * The browsers the Playwright suites run (never downloaded: Debian's, which
 * .ci/run installs). Debian's chromium-headless-shell (the same Blink
 * without the browser's window code) when there: on a 2-core machine the
 * suites' browser work takes about a third less time with it.
 * CHROMIUM_PATH overrides both.
 */
export const FULL_CHROMIUM = '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]

export const CHROMIUM_EXECUTABLE =
	process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM)

/**
 * For a spec that follows a link into a new tab through hosts the test
 * answers (context.route): the headless shell lets a new tab's first
 * navigation leave before the route applies to it (the tab ends on a
 * network error), the full browser does not. `test.use({ launchOptions:
 * FULL_CHROMIUM_LAUNCH })` at the top of such a spec.
 */
export const FULL_CHROMIUM_LAUNCH = {
	executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
	args: CHROMIUM_ARGS,
}
