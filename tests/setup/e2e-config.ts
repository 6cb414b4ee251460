import path from 'node:path'

/** Where the Playwright run's production server and mail catcher live. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599)
export const E2E_ROOT = path.resolve(`.tmp/e2e-${E2E_PORT}`)
export const E2E_MAIL_DIR = path.join(E2E_ROOT, 'mail')
export const E2E_DATA_DIR = path.join(E2E_ROOT, 'data')
export const E2E_UNLOCK_CODE = 'E2E-UNLOCK-2025'
/** The run's first super admin, enrolled in two-factor by ADMIN_TOTP_SECRET. */
export const E2E_ADMIN = {
	email: 'root@e2e.example',
	password: 'E2e-Admin-Passw0rd',
	totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
}
