import { ReferralSettingsApiSchema } from '#app/features/referrals/schemas.ts'
// Imported for `.openapi()` on zod's prototype (app/utils/api-schema.server.ts).
import '#app/utils/api-schema.server.ts'

/**
 * What the settings' /api routes answer (the referral integrity thresholds):
 * the stored setting's type is ReferralIntegritySettings (settings.server.ts).
 */

export const ReferralSettingsSchema = ReferralSettingsApiSchema.openapi('ReferralIntegritySettings', {
	description:
		'More than clientMaxEvents sign-ups, or unlocks, from one client address within clientWindowMinutes; more than referrerMaxSignups referred sign-ups, or unlocks, for one referrer within referrerWindowMinutes; a disposable email domain; a phone another member uses: any of them holds the referral for review (docs/decisions/024-referral-integrity.md).',
})
