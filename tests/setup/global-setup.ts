import fs from 'node:fs'
import path from 'node:path'
import { E2E_ADMIN, E2E_DATA_DIR, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT, E2E_UNLOCK_CODE } from './e2e-config.ts'
import { startMailCatcher } from './mail-catcher.ts'
import { startServer } from './server-process.ts'
import { withE2eDatabase } from '../admin-utils.ts'
import { writeReferralSettings } from '../referral-e2e-utils.ts'

/**
 * One production server for the whole run, on a throwaway database, sending
 * its mail to a real SMTP server on loopback. Rate limits are raised so the
 * suite's many sign-ins from one address pass (the limits themselves are
 * tested against a server of their own in tests/api/rate-limits.spec.ts).
 */
export default async function globalSetup() {
	if (!fs.existsSync(path.resolve('build/server/index.js'))) {
		throw new Error('No build found: run `npm run build` first (npm test does).')
	}
	fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true })
	// Each run's screenshots (tests/e2e/screens.spec.ts) only: a page removed since the last run leaves none behind.
	fs.rmSync(path.resolve('artifacts/screens'), { recursive: true, force: true })
	const stopMail = await startMailCatcher(E2E_SMTP_PORT, E2E_MAIL_DIR)
	const server = await startServer({
		port: E2E_PORT,
		dataDir: E2E_DATA_DIR,
		env: {
			SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
			UNLOCK_CODE: E2E_UNLOCK_CODE,
			ADMIN_EMAIL: E2E_ADMIN.email,
			ADMIN_PASSWORD: E2E_ADMIN.password,
			ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
			RATE_LIMIT_MULTIPLIER: '1000',
		},
	})
	// One address and one phone for every sign-up: the referral integrity thresholds raised too (tests/referral-e2e-utils.ts).
	withE2eDatabase((db) => writeReferralSettings(db))
	return async () => {
		await server.stop()
		await stopMail()
	}
}
